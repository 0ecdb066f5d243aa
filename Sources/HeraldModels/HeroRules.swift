/// The fields a hero has, named as `fields:` in `herald.yml` names them.
public enum HeroField: String, CaseIterable, Sendable {
    case id, slug, name
    case fullName = "full_name"
    case biography, publisher, alignment, stats, appearance, aliases, affiliations, image, tags

    /// Keys tried in order when the config maps nothing.
    public var defaultKeyPaths: [String] {
        switch self {
        case .fullName: ["full_name", "fullName"]
        default: [rawValue]
        }
    }
}

/// How records become heroes: where each field is in a record.
public struct HeroRules: Sendable {
    /// Model field → dotted key path; a mapped field reads only its path.
    public var fields: [HeroField: String]
    /// Key paths of single numbers that are each one stat, named by the path's last part
    /// (`[health, armor, shields]` in a CSV roster); when given, they replace the `stats` map.
    public var statFields: [String]

    public init(fields: [HeroField: String] = [:], statFields: [String] = []) {
        self.fields = fields
        self.statFields = statFields
    }

    /// The key paths read for `field`, in order.
    public func keyPaths(for field: HeroField) -> [String] {
        fields[field].map { [$0] } ?? field.defaultKeyPaths
    }
}
