import HeraldCore
import HeraldModels

/// Reads heroes from a source through `HeroRules`, and checks that their slugs are unique.
public typealias HeroLoader = SourceLoader<Hero>

extension SourceLoader where Model == Hero {
    public init(records: RecordLoader, spec: SourceSpec, rules: HeroRules) {
        self.init(
            records: records, spec: spec,
            decode: { record, log throws(DiagnosticError) in try Hero.decode(record, rules: rules, log: log) },
            check: { models, problems, log throws(DiagnosticError) in
                let heroes = try slugged((models, problems), kind: "hero")
                log.add(MappedPath.unfound(rules.mapped, records: heroes.map(\.record), kind: "hero"))
                return heroes
            },
            checksSlugs: true)
    }
}
