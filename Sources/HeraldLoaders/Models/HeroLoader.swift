import HeraldCore
import HeraldModels

/// Reads heroes from a source through `HeroRules`, and checks that their slugs are unique.
public typealias HeroLoader = SourceLoader<Hero>

extension SourceLoader where Model == Hero {
    public init(records: RecordLoader, spec: SourceSpec, rules: HeroRules) {
        self.init(
            records: records, spec: spec,
            decode: { record, log throws(DiagnosticError) in
                if !rules.filter.isEmpty, try !rules.filter.admits(record) { return nil }
                return try Hero.decode(record, rules: rules, log: log)
            },
            check: { models, problems, records, log throws(DiagnosticError) in
                let heroes = try slugged((models, problems), kind: "hero", remedy: Self.slugRemedy)
                log.add(Self.unfound(rules, in: heroes))
                if heroes.isEmpty,
                    let warning = rules.filter.leftOutEveryRecord(records, kind: "hero", source: spec.path)
                {
                    log.add([warning])
                }
                return heroes
            },
            checksSlugs: true)
    }

    /// How two heroes whose names make one slug (`Nidoran♀` and `Nidoran♂`) get pages of their own.
    static let slugRemedy =
        "give each hero a slug of its own: a 'slug' in its record, or 'slug:' under 'heroes: fields:' "
        + "mapped to a key that differs from record to record ('fields: {slug: id}')"

    /// The warnings for the mapped paths no hero's record has; without the records, from what
    /// each hero found of them, near misses looked for among the fields no model field took.
    private static func unfound(_ rules: HeroRules, in heroes: [Hero]) -> [Diagnostic] {
        if rules.recordsKept { return MappedPath.unfound(rules.mapped, records: heroes.map(\.record), kind: "hero") }
        let found = heroes.reduce(0) { $0 | $1.foundPaths }
        let keys = heroes.first { !$0.unmappedKeys.isEmpty }?.unmappedKeys ?? []
        return heroes.isEmpty ? [] : MappedPath.unfound(rules.mapped, found: found, keys: keys, kind: "hero")
    }
}
