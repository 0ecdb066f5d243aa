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

/// How one stat is shown (`stats:` in `herald.yml`): its label, and the value that fills its bar
/// (nil: the largest value of that stat among all heroes).
public struct HeroStatSetting: Sendable, Hashable {
    public var label: String?
    public var max: Double?

    public init(label: String? = nil, max: Double? = nil) {
        self.label = label
        self.max = max
    }
}

/// How records become heroes: where each field is in a record.
public struct HeroRules: Sendable {
    /// Model field → dotted key path; a mapped field reads only its path.
    public var fields: [HeroField: String] {
        didSet { pathTable = Self.pathTable(fields) }
    }
    /// The paths read for each field, parsed once rather than for every record.
    private var pathTable: [HeroField: FieldPaths]
    /// Key paths of single numbers that are each one stat, named by the path's last part
    /// (`[health, armor, shields]` in a CSV roster); when given, they replace the `stats` map.
    public var statFields: [String]
    /// Read into `Hero.facts`, in this order.
    public var facts: [RecordFact] {
        didSet { factPaths = facts.map { FieldPaths([$0.path]) } }
    }
    /// The path of each fact, parsed once rather than for every record.
    private(set) var factPaths: [FieldPaths]
    /// Every path the config names, for the warning about a path no record has.
    public var mapped: [MappedPath] = []
    /// Whether each hero keeps its whole source record (`Hero.record`). A build keeps them only
    /// when some template names `record`: a record takes more memory than the rest of its hero.
    public var keepsRecords = true
    /// Whether decoding keeps the records: when asked to, and when the config maps more paths
    /// than `Hero.foundPaths` has bits for, since the warning about a path no record has then
    /// needs the records themselves.
    public var recordsKept: Bool { keepsRecords || mapped.count > MappedPath.foundLimit }
    /// What relative image paths point into; nil: the site itself.
    public var imageBase: ImageBase?
    /// What a record must hold to become a hero (`where:`); the loader leaves out the others.
    public var filter = RecordFilter()

    public init(fields: [HeroField: String] = [:], statFields: [String] = [], facts: [RecordFact] = []) {
        self.fields = fields
        pathTable = Self.pathTable(fields)
        self.statFields = statFields
        self.facts = facts
        factPaths = facts.map { FieldPaths([$0.path]) }
    }

    /// The index in `facts` of the fact called `name`.
    public func factIndex(_ name: String) -> Int? {
        facts.firstIndex { $0.name == name }
    }

    /// The key paths read for `field`, in order.
    public func keyPaths(for field: HeroField) -> [String] {
        fields[field].map { [$0] } ?? field.defaultKeyPaths
    }

    /// `keyPaths(for:)`, parsed.
    func paths(for field: HeroField) -> FieldPaths {
        pathTable[field] ?? FieldPaths(keyPaths(for: field))
    }

    private static func pathTable(_ fields: [HeroField: String]) -> [HeroField: FieldPaths] {
        Dictionary(
            uniqueKeysWithValues: HeroField.allCases.map { field in
                (field, FieldPaths(fields[field].map { [$0] } ?? field.defaultKeyPaths))
            })
    }
}
