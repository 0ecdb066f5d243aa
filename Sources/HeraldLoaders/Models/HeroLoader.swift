import Foundation
import HeraldCore
import HeraldModels

/// Reads heroes from a source through `HeroRules`, and checks that their slugs are unique.
public struct HeroLoader: SourceModelLoader {
    public var records: RecordLoader
    public var spec: SourceSpec
    public var rules: HeroRules
    /// What decoding found wrong but could read past (an unsafe link left out).
    public let log = DiagnosticLog()

    public init(records: RecordLoader, spec: SourceSpec, rules: HeroRules) {
        self.records = records
        self.spec = spec
        self.rules = rules
    }

    public var warnings: [Diagnostic] { log.all }

    public func load() throws(DiagnosticError) -> [Hero] {
        let rules = rules
        let log = log
        return try slugged(try records.decode(spec) { record throws(DiagnosticError) in
            try Hero.decode(record, rules: rules, log: log)
        }, kind: "hero")
    }
}
