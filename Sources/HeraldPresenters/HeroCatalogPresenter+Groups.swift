import HeraldCore
import HeraldModels
import HeraldMustache

/// The catalog's taxonomy pages: one index per `group_by` key, and the paged list of each value.
extension HeroCatalogPresenter {
    /// The heroes that share one value of a `group_by` field or fact (`publisher: Lanternworks`).
    public struct Group: Sendable {
        public var key: HeroGroupKey
        /// The value as the records hold it (`agi`).
        public var value: String
        /// What the pages call it: the fact's display name for the value (`Agility`), else the value.
        public var display: String
        public var route: String
        public var members: [Int]
        /// Paged like the catalog: `heroes/publisher/lanternworks/`, then `…/page/2/`, ….
        public var pagination: Pagination
    }

    /// What heads the pages of `key`: its own label, its fact's, or one made from its name.
    func label(of key: HeroGroupKey) -> String {
        if let label = key.label { return label }
        if case .fact(let index) = key.value, factLabels.indices.contains(index) { return factLabels[index] }
        return HeroFormatting.label(key.name)
    }

    /// A hash of what `groupPage(_:number:)` is made from.
    public func groupFingerprint(_ group: Group, number: Int) -> UInt64 {
        var hasher = ContentHash()
        hasher.combine("group")
        hasher.combine(sharedKey)
        hasher.combine(group.key.name)
        hasher.combine(group.value)
        hasher.combine(group.display)
        hasher.combine(group.route)
        hasher.combine(group.members.count)
        hasher.combine(number)
        hasher.combine(group.pagination.pageCount)
        for index in group.members[group.pagination.range(ofPage: number)] { hasher.combine(heroes[index].revision) }
        return hasher.value
    }

    /// A hash of what `groupIndex(_:)` is made from: the key's values, their routes and counts.
    public func groupIndexFingerprint(_ key: HeroGroupKey) -> UInt64 {
        var hasher = ContentHash()
        hasher.combine("group index")
        hasher.combine(sharedKey)
        hasher.combine(key.name)
        for group in groups where group.key == key {
            hasher.combine(group.display)
            hasher.combine(group.route)
            hasher.combine(group.members.count)
        }
        return hasher.value
    }

    /// Page `number` (1-based) of one group value's heroes, with its pager.
    public func groupPage(_ group: Group, number: Int = 1) -> TemplateValue {
        let route = group.pagination.route(ofPage: number)
        let links = Linker(from: route)
        let label = label(of: group.key)
        let title = "\(label): \(group.display)" + (number == 1 ? "" : ", page \(number)")
        var view = context.chrome(
            route: route, title: title,
            description: "\(context.heroesTitle) whose \(HeroFormatting.inSentence(label)) is \(group.display).",
            links: links, section: "heroes")
        view["title"] = .string(title)
        let pages = group.pagination.pageCount
        view["summary"] = .string(
            context.heroCount(group.members.count, elsewhere: "in this group")
                + (pages == 1 ? "." : ". Page \(number) of \(pages)."))
        view["group_title"] = .string("All by \(HeroFormatting.inSentence(label))")
        view["heroes"] = .list(group.members[group.pagination.range(ofPage: number)].map { card($0, links: links) })
        view["pagination"] = group.pagination.view(page: number, links: links)
        var standard = context.standardLinks(links)
        standard["group_index"] = .string(links.href(groupIndexRoute(group.key)))
        view["links"] = .map(standard)
        return .map(view)
    }

    /// The page listing every value of one `group_by` key, each with its number of heroes.
    public func groupIndex(_ key: HeroGroupKey) -> TemplateValue {
        let route = groupIndexRoute(key)
        let links = Linker(from: route)
        let title = groupIndexTitle(key)
        var view = context.chrome(route: route, title: title, description: title + ".", links: links, section: "heroes")
        view["title"] = .string(title)
        view["values"] = .list(
            groups.filter { $0.key == key }.map { group in
                [
                    "name": .string(group.display), "href": .string(links.href(group.route)),
                    "count": .int(group.members.count)
                ]
            })
        return .map(view)
    }

    /// "Heroes by publisher", "Heroes by primary attribute".
    func groupIndexTitle(_ key: HeroGroupKey) -> String {
        "\(context.heroesTitle) by \(HeroFormatting.inSentence(label(of: key)))"
    }

    func groupLinks(links: Linker) -> TemplateValue {
        let keys = groupBy.filter { groupIndexByValue[$0] != nil }
        return [
            "any": .bool(!keys.isEmpty),
            "items": .list(
                keys.map { key in
                    ["label": .string(label(of: key)), "href": .string(links.href(groupIndexRoute(key)))]
                })
        ]
    }

    /// The link to the group page of `value` of `key`; nil when the catalog is not grouped by it.
    func groupLink(_ key: HeroGroupKey, _ value: String, links: Linker) -> String? {
        groupIndexByValue[key]?[value].map { links.href(groups[$0].route) }
    }

    /// `{name, href}` for a field's value when the catalog is grouped by that field; nil otherwise.
    func fieldGroupLink(_ field: HeroField, _ value: String?, links: Linker) -> TemplateValue {
        guard let value, let key = groupBy.first(where: { $0.value == .field(field) }),
            let href = groupLink(key, value, links: links)
        else { return nil }
        return ["name": .string(value), "href": .string(href)]
    }

    /// Every key's groups, in the order of `keys`, each key's values in the order a person reads
    /// their display names.
    static func groups(of heroes: [Hero], by keys: [HeroGroupKey], facts: [RecordFact], perPage: Int, folder: String)
        -> [Group]
    {
        keys.flatMap { key in
            let names: [String: String]
            if case .fact(let index) = key.value, facts.indices.contains(index) {
                names = facts[index].values
            } else {
                names = [:]
            }
            let found = HeroGrouping.members(of: heroes, by: key.value)
                .map {
                    (
                        value: $0.value, display: names[$0.value] ?? $0.value,
                        order: Collation.key(names[$0.value] ?? $0.value),
                        members: $0.members
                    )
                }
                .sorted { $0.order != $1.order ? Collation.less($0.order, $1.order) : $0.value < $1.value }
            return zip(found, FolderNames.make(for: found.map(\.display))).map { group, name in
                let route = "\(folder)/\(key.folder)/\(name)/"
                return Group(
                    key: key, value: group.value, display: group.display, route: route, members: group.members,
                    pagination: Pagination(itemCount: group.members.count, perPage: perPage, firstRoute: route))
            }
        }
    }
}
