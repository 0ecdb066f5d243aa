import HeraldCore

/// A key path the site's config names (`heroes.fields.name: localized_name`), with where it is
/// written, so that a path no record has is reported at the config line that mapped it.
public struct MappedPath: Sendable, Hashable {
    public var path: String
    /// The setting, as a reader of `herald.yml` finds it: `heroes.facts.birthplace`.
    public var setting: String
    public var location: SourceLocation

    public init(path: String, setting: String, location: SourceLocation) {
        self.path = path
        self.setting = setting
        self.location = location
    }

    /// How many paths `found(_:in:)` can tell of: a bit each.
    public static let foundLimit = UInt64.bitWidth

    /// What `found(_:in:)` says of a record that has all of `paths` (the first `foundLimit`).
    public static func allFound(_ paths: [MappedPath]) -> UInt64 {
        paths.count >= foundLimit ? .max : (1 << UInt64(paths.count)) - 1
    }

    /// Which of `paths` (the first `foundLimit`) the record `fields` has, a bit each by their
    /// order: for a model that does not keep its record.
    public static func found(_ paths: [MappedPath], in fields: DataNode) -> UInt64 {
        var found: UInt64 = 0
        for (index, mapped) in paths.prefix(foundLimit).enumerated() {
            if case .found = fields.resolve(mapped.path) { found |= 1 << UInt64(index) }
        }
        return found
    }

    /// A warning for each of `paths` that no record has at all, where the config names it: a
    /// misspelt key, or data that lacks it, is never dropped without a word. None for no records:
    /// empty data is not a mistake.
    public static func unfound(_ paths: [MappedPath], records: [DataMap], kind: String) -> [Diagnostic] {
        guard let first = records.first else { return [] }
        let missing = paths.filter { mapped in
            !records.contains { record in
                if case .found = DataNode(.map(record)).resolve(mapped.path) { true } else { false }
            }
        }
        return warnings(missing, keys: first.keys, kind: kind)
    }

    /// `unfound(_:records:kind:)` for records that were not kept, from what `found(_:in:)` said
    /// of each (`found`, all of them together); `keys` are those a near miss is looked for among.
    public static func unfound(_ paths: [MappedPath], found: UInt64, keys: [String], kind: String) -> [Diagnostic] {
        let missing = paths.prefix(foundLimit).enumerated().filter { found & (1 << UInt64($0.offset)) == 0 }
        return warnings(missing.map(\.element), keys: keys, kind: kind)
    }

    private static func warnings(_ missing: [MappedPath], keys: [String], kind: String) -> [Diagnostic] {
        missing.map { mapped in
            let hint = Suggestion.nearest(to: mapped.path, in: keys).map { " (did you mean '\($0)'?)" } ?? ""
            return .warning(
                at: mapped.location, "'\(mapped.setting)' reads '\(mapped.path)', which no \(kind) record has\(hint)")
        }
    }
}
