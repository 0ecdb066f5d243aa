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

    /// A warning for each of `paths` that no record has at all, where the config names it: a
    /// misspelt key, or data that lacks it, is never dropped without a word. None for no records:
    /// empty data is not a mistake.
    public static func unfound(_ paths: [MappedPath], records: [DataMap], kind: String) -> [Diagnostic] {
        guard !records.isEmpty else { return [] }
        return paths.filter { mapped in
            !records.contains { record in
                if case .found = DataNode(.map(record)).resolve(mapped.path) { true } else { false }
            }
        }.map { mapped in
            let hint = Suggestion.nearest(to: mapped.path, in: records[0].keys).map { " (did you mean '\($0)'?)" } ?? ""
            return .warning(
                at: mapped.location, "'\(mapped.setting)' reads '\(mapped.path)', which no \(kind) record has\(hint)")
        }
    }
}
