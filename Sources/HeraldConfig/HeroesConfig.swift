import HeraldCore
import HeraldModels

/// The `heroes:` section: where the heroes come from, how records become heroes, and how the
/// catalog is split into pages.
public struct HeroesConfig: Sendable {
    public var source: SourceConfig
    public var rules: HeroRules
    /// One set of taxonomy pages per field (`/heroes/publisher/NAME/`).
    public var groupBy: [HeroField]
    /// Heroes per catalog page.
    public var perPage: Int
    /// Whether the catalog has a search box and writes the index it searches.
    public var search: Bool

    public static let defaultGroupBy: [HeroField] = [.publisher, .alignment]
    public static let defaultPerPage = 48
    /// More cards than this on one page is no catalog page anyone can use, and bounding it keeps
    /// page arithmetic far from overflowing.
    public static let maxPerPage = 10_000
    /// The fields whose values name groups: texts and lists of texts.
    public static let groupableFields: [HeroField] = [.publisher, .alignment, .tags, .affiliations]

    public init(source: SourceConfig, rules: HeroRules = HeroRules(), groupBy: [HeroField] = HeroesConfig.defaultGroupBy,
                perPage: Int = HeroesConfig.defaultPerPage, search: Bool = true) {
        self.source = source
        self.rules = rules
        self.groupBy = groupBy
        self.perPage = perPage
        self.search = search
    }

    static let keys = SourceConfig.keys + ["fields", "group_by", "per_page", "search"]

    static func read(_ reader: inout ConfigReader, in root: DataMap) -> HeroesConfig? {
        guard let section = reader.map("heroes", in: root) else { return nil }
        reader.rejectUnknownKeys(in: section, known: keys, section: "heroes")
        let source = SourceConfig.read(&reader, section: section, name: "heroes", in: root)
        var rules = HeroRules()
        for (field, node) in KeyPaths.fields(&reader, in: section, sectionName: "heroes") as [(HeroField, DataNode)] {
            let label = "heroes.fields.\(field.rawValue)"
            // `stats: [health, armor]` names one stat per path, for sources with a column per stat.
            if field == .stats, case .list(let items) = node.value {
                rules.statFields = items.compactMap { KeyPaths.check(&reader, node: $0, label: label) }
            } else {
                rules.fields[field] = KeyPaths.check(&reader, node: node, label: label)
            }
        }
        let groupBy = groupBy(&reader, in: section)
        let perPage = perPage(&reader, in: section)
        let search = reader.bool("search", in: section) ?? true
        return source.map { HeroesConfig(source: $0, rules: rules, groupBy: groupBy, perPage: perPage, search: search) }
    }

    private static func groupBy(_ reader: inout ConfigReader, in section: DataMap) -> [HeroField] {
        guard let items = reader.textList("group_by", in: section) else { return defaultGroupBy }
        let names = groupableFields.map(\.rawValue)
        return items.compactMap { name, node in
            if let field = HeroField(rawValue: name), groupableFields.contains(field) { return field }
            let hint = Suggestion.nearest(to: name, in: names).map { "did you mean '\($0)'?" }
                ?? "heroes can be grouped by \(names.joined(separator: ", "))"
            reader.error("cannot group heroes by '\(name)' (\(hint))", at: node)
            return nil
        }
    }

    private static func perPage(_ reader: inout ConfigReader, in section: DataMap) -> Int {
        guard let node = reader.value("per_page", in: section) else { return defaultPerPage }
        guard case .int(let count) = node.value, (1...maxPerPage).contains(count) else {
            reader.error("'per_page' must be a whole number from 1 to \(maxPerPage), found \(node.value.quotedForMessage)",
                         at: node)
            return defaultPerPage
        }
        return count
    }
}
