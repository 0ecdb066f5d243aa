import HeraldCore
import HeraldModels

/// The `heroes:` section: where the heroes come from, how records become heroes, and how the
/// catalog is split into pages.
public struct HeroesConfig: Sendable {
    public var source: SourceConfig
    public var rules: HeroRules
    /// One set of taxonomy pages per field or fact (`/heroes/publisher/NAME/`).
    public var groupBy: [HeroGroupKey]
    /// What the cards show besides name and stats; nil: publisher and alignment.
    public var card: [HeroValueKey]?
    /// The catalog's order.
    public var sort: HeroSort
    /// Labels and bar scales of stats, by stat name.
    public var stats: [String: HeroStatSetting] = [:]
    /// What the catalog is called on its pages and in the menu.
    public var title = "Heroes"
    /// The catalog's folder in the site: one path segment.
    public var path = "heroes"
    /// Other files' records merged into each hero's record, by key.
    public var joins: [JoinConfig] = []
    /// Heroes per catalog page.
    public var perPage: Int
    /// Whether the catalog has a search box and writes the index it searches.
    public var search: Bool

    public static let defaultGroupBy: [HeroGroupKey] = [.publisher, .alignment]
    public static let defaultPerPage = 48
    /// More cards than this on one page is no catalog page anyone can use, and bounding it keeps
    /// page arithmetic far from overflowing.
    public static let maxPerPage = 10_000
    /// The fields whose values name groups: texts and lists of texts.
    public static let groupableFields: [HeroField] = [.publisher, .alignment, .tags, .affiliations]

    public init(
        source: SourceConfig, rules: HeroRules = HeroRules(), groupBy: [HeroGroupKey] = HeroesConfig.defaultGroupBy,
        card: [HeroValueKey]? = nil, sort: HeroSort = .name, perPage: Int = HeroesConfig.defaultPerPage,
        search: Bool = true
    ) {
        self.source = source
        self.rules = rules
        self.groupBy = groupBy
        self.card = card
        self.sort = sort
        self.perPage = perPage
        self.search = search
    }

    static let keys =
        SourceConfig.keys + [
            "fields", "facts", "card", "group_by", "sort", "per_page", "search", "image_base", "stats", "title", "path",
            "join", "where"
        ]
    static let groupKeys = ["field", "path", "label"]

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
                rules.mapped += zip(rules.statFields, items).map {
                    MappedPath(path: $0, setting: label, location: $1.location(in: reader.file))
                }
            } else if let path = KeyPaths.check(&reader, node: node, label: label) {
                rules.fields[field] = path
                rules.mapped.append(MappedPath(path: path, setting: label, location: node.location(in: reader.file)))
            }
        }
        rules.facts = FactsConfig.read(&reader, in: section, sectionName: "heroes", mapped: &rules.mapped)
        rules.filter = RecordFilterConfig.read(&reader, in: section, sectionName: "heroes", mapped: &rules.mapped)
        rules.imageBase = imageBase(&reader, in: section, source: source)
        let groupBy = groupBy(&reader, in: section, facts: rules.facts)
        let card = HeroFactsConfig.card(&reader, in: section, facts: rules.facts)
        let sort = HeroFactsConfig.sort(&reader, in: section, facts: rules.facts)
        let perPage = perPage(&reader, in: section)
        let search = reader.bool("search", in: section) ?? true
        let stats = HeroFactsConfig.stats(&reader, in: section)
        let title = reader.text("title", in: section)?.text
        let path = folder(&reader, in: section)
        let joins = JoinConfig.read(&reader, in: section, sectionName: "heroes")
        return source.map {
            var config = HeroesConfig(
                source: $0, rules: rules, groupBy: groupBy, card: card, sort: sort, perPage: perPage,
                search: search)
            config.stats = stats
            if let title { config.title = title }
            if let path { config.path = path }
            config.joins = joins
            return config
        }
    }

    /// `group_by: [primary_attr, {field: roles, path: role, label: Roles}]`: facts and the
    /// groupable fields, each a folder of its own under the catalog.
    private static func groupBy(_ reader: inout ConfigReader, in section: DataMap, facts: [RecordFact])
        -> [HeroGroupKey]
    {
        guard let node = reader.value("group_by", in: section) else { return defaultGroupBy }
        let items: [DataNode]
        switch node.value {
        case .list(let list): items = list
        default: items = [node]
        }
        var keys: [HeroGroupKey] = []
        for item in items {
            guard let key = groupKey(&reader, item, facts: facts) else { continue }
            if let other = keys.first(where: { $0.folder == key.folder }) {
                reader.error(
                    "'\(key.name)' and '\(other.name)' would both group heroes under '\(key.folder)/' "
                        + "(give one a 'path:')", at: item)
            } else {
                keys.append(key)
            }
        }
        return keys
    }

    private static func groupKey(_ reader: inout ConfigReader, _ item: DataNode, facts: [RecordFact]) -> HeroGroupKey? {
        switch item.value {
        case .string(let name):
            return HeroFactsConfig.valueKey(
                &reader, name: name, node: item, use: .group, facts: facts,
                fields: groupableFields
            ).map { HeroGroupKey(value: $0, name: name) }
        case .map(let long):
            reader.rejectUnknownKeys(in: long, known: groupKeys, section: "heroes.group_by")
            guard let (name, nameNode) = reader.text("field", in: long) else {
                reader.error("a long 'group_by' item needs 'field:', the fact or field to group by", at: item)
                return nil
            }
            guard
                let value = HeroFactsConfig.valueKey(
                    &reader, name: name, node: nameNode, use: .group,
                    facts: facts, fields: groupableFields)
            else { return nil }
            var key = HeroGroupKey(value: value, name: name, label: reader.text("label", in: long)?.text)
            if let (folder, folderNode) = reader.text("path", in: long) {
                if let problem = Slug.problem(with: folder) {
                    reader.error("'heroes.group_by' path '\(folder)' cannot name a folder: \(problem)", at: folderNode)
                } else {
                    key.folder = folder
                }
            }
            return key
        default:
            reader.error(
                "each item of 'group_by' must be a fact or field name, or a map with 'field:', "
                    + "found \(item.value.quotedForMessage)", at: item)
            return nil
        }
    }

    /// `image_base:`, an http(s) URL or a path from the server's root; absent, a URL source's own
    /// address, so that `/apps/a.png` from an API is an image on the API's host.
    private static func imageBase(_ reader: inout ConfigReader, in section: DataMap, source: SourceConfig?)
        -> ImageBase?
    {
        guard let (text, node) = reader.text("image_base", in: section) else {
            return source.flatMap { source in
                let lower = source.source.lowercased()
                return lower.hasPrefix("http://") || lower.hasPrefix("https://") ? .source(source.source) : nil
            }
        }
        guard let base = SiteConfig.normalizedBaseURL(text) else {
            reader.error("'image_base' must be an http(s) URL or a path starting with '/', found '\(text)'", at: node)
            return nil
        }
        return .join(base)
    }

    /// `path:`, one path segment that is no other section's folder.
    private static func folder(_ reader: inout ConfigReader, in section: DataMap) -> String? {
        guard let (path, node) = reader.text("path", in: section) else { return nil }
        let reserved = ["tasks", "assets", "feed.xml", "sitemap.xml", "robots.txt", "404.html"]
        if let problem = Slug.problem(with: path) {
            reader.error(
                "'heroes.path' must be one folder name such as 'heroes', found '\(path)': \(problem)", at: node)
        } else if reserved.contains(path) || path == "." || path == ".." {
            reader.error("'heroes.path' cannot be '\(path)': the site uses that name for something else", at: node)
        } else {
            return path
        }
        return nil
    }

    private static func perPage(_ reader: inout ConfigReader, in section: DataMap) -> Int {
        guard let node = reader.value("per_page", in: section) else { return defaultPerPage }
        guard case .int(let count) = node.value, (1...maxPerPage).contains(count) else {
            reader.error(
                "'per_page' must be a whole number from 1 to \(maxPerPage), found \(node.value.quotedForMessage)",
                at: node)
            return defaultPerPage
        }
        return count
    }
}
