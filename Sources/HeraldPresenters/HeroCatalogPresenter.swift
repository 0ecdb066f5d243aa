import HeraldCore
import HeraldModels
import HeraldMustache

/// Maps heroes to the view data of the catalog: list pages, detail pages, group pages, the search
/// index and the home page's featured cards. Heroes are shown sorted by name. A class, so that
/// each of a catalog's 100,000 page jobs holds one reference to it rather than a copy of its arrays.
public final class HeroCatalogPresenter: Sendable {
    public let context: SiteContext
    /// Sorted by name, then slug, so every list and previous/next link is stable.
    public let heroes: [Hero]
    public let groupBy: [HeroGroupKey]
    public let pagination: Pagination
    /// The catalog's folder in the site (`heroes`).
    public let folder: String
    public let groups: [Group]
    /// Whether the list pages offer the search box, and the build writes its index.
    public let search: Bool
    /// The site's facts, what the cards show of them (nil without `card:`, whose cards show
    /// publisher and alignment), made once per hero, and the order.
    public let facts: [RecordFact]
    let cardFacts: HeroCardFacts?
    public let sort: HeroSort
    /// Group key → value → index in `groups`, so detail pages find their groups directly.
    let groupIndexByValue: [HeroGroupKey: [String: Int]]
    /// Per hero (by index), a hash of the routes of the groups it is in, in the groups' order:
    /// what its page's links to them depend on, found by walking each group's members once.
    private let groupRoutes: [UInt64]
    /// Per fact, its label, and the groups its values link to (value → index in `groups`), found
    /// once rather than by the group key for each value on each page.
    let factLabels: [String]
    let factGroups: [[String: Int]?]
    let factsView: FactsView
    private let ranking: HeroRanking
    /// Per stat, the value that fills its bar: the largest among all heroes, or the site's `max:`.
    private let statScales: [String: Double]
    /// Worked out once per field name, not once per page that shows them.
    private let labels: [String: String]
    /// The chrome of every detail page: they all sit at the same depth (`heroes/SLUG/`).
    private let detailChrome: TemplateMap
    /// The detail page's `sections`: those some hero fills.
    private let sections: TemplateValue
    /// What the search box says it looks through: the name and what the index holds besides
    /// that some hero has ("Name, publisher, alignment…", a Pokédex's "Name, type…").
    private let searchPlaceholder: String
    /// What every catalog page's fingerprint shares: the site's chrome for one sample address (the
    /// chrome of any other address follows from it and that address), the number of heroes, the
    /// stat scale and labels.
    let sharedKey: UInt64

    /// Given the only reference to `heroes`, sorts them in place; otherwise sorts a copy.
    public init(
        heroes: consuming [Hero], groupBy: [HeroGroupKey], perPage: Int, search: Bool = true,
        facts: [RecordFact] = [], card: [HeroValueKey]? = nil, sort: HeroSort = .name,
        stats: [String: HeroStatSetting] = [:], context: SiteContext
    ) {
        self.context = context
        self.search = search
        self.facts = facts
        self.sort = sort
        HeroOrdering.sort(&heroes, by: sort)
        self.heroes = heroes
        self.groupBy = groupBy
        folder = context.heroesFolder
        pagination = Pagination(itemCount: heroes.count, perPage: perPage, firstRoute: context.heroesFolder + "/")
        ranking = HeroRanking(self.heroes, sortedByName: sort == .name)
        let factsView = FactsView(
            facts: facts,
            formatter: FactFormatter(language: context.language, dayText: context.dayText, timeZone: context.timeZone),
            markdown: context.markdown)
        self.factsView = factsView
        factLabels = factsView.labels
        let count = heroes.count
        cardFacts = card.map { HeroCardFacts(keys: $0, factsView: factsView, count: count) }
        // Fields are read through indices throughout: `for hero in heroes` would copy each hero,
        // retaining every one of its strings and arrays, which at 100,000 heroes costs more than the work.
        let sorted = self.heroes
        statScales = Self.statScales(sorted, settings: stats)
        labels = Self.labels(of: sorted, stats: stats)
        let sections = HeroSections(sorted)
        self.sections = sections.view
        // A placeholder is one short line: the first few of what the index holds.
        let searched =
            ["Name"] + (sorted.indices.contains { sorted[$0].publisher != nil } ? ["publisher"] : [])
            + (sorted.indices.contains { sorted[$0].alignment != nil } ? ["alignment"] : [])
            + (cardFacts?.searchedLabels.map(HeroFormatting.inSentence) ?? [])
        searchPlaceholder = searched.prefix(4).joined(separator: ", ") + "…"
        detailChrome = context.sharedChrome(links: Linker(from: context.heroesFolder + "/-/"), section: "heroes")
        groups = Self.groups(of: self.heroes, by: groupBy, facts: facts, perPage: perPage, folder: context.heroesFolder)
        var index: [HeroGroupKey: [String: Int]] = [:]
        for (position, group) in groups.enumerated() { index[group.key, default: [:]][group.value] = position }
        groupIndexByValue = index
        var routes = [ContentHash](repeating: ContentHash(), count: count)
        for group in groups {
            var route = ContentHash()
            route.combine(group.route)
            for member in group.members where routes.indices.contains(member) { routes[member].combine(route.value) }
        }
        groupRoutes = routes.map(\.value)
        factGroups = facts.indices.map { position in groupBy.first { $0.value == .fact(position) }.flatMap { index[$0] }
        }
        var settings = ContentHash()
        Self.digest(search: search, facts: facts, card: card, groupBy: groupBy, sort: sort, into: &settings)
        sections.digest(into: &settings)
        settings.combine(searchPlaceholder)
        sharedKey = Self.sharedFingerprint(
            context: context, count: sorted.count, statScales: statScales, labels: labels, settings: settings.value)
    }

    /// The label of every stat and trait the heroes have, from its name unless `stats` gives one.
    private static func labels(of heroes: [Hero], stats: [String: HeroStatSetting]) -> [String: String] {
        var labels: [String: String] = [:]
        // Heroes of one source mostly name the same stats and traits in the same order: a hero
        // that names those of the last one looked up costs comparisons, not a hash of each name.
        var lastStats: [Hero.Stat] = []
        var lastTraits: [Hero.Trait] = []
        for index in heroes.indices {
            if !sameNames(heroes[index].stats, lastStats, { $0.name }) {
                for name in heroes[index].stats.lazy.map(\.name) where labels[name] == nil {
                    labels[name] = HeroFormatting.label(name)
                }
                lastStats = heroes[index].stats
            }
            if !sameNames(heroes[index].appearance, lastTraits, { $0.name }) {
                for name in heroes[index].appearance.lazy.map(\.name) where labels[name] == nil {
                    labels[name] = HeroFormatting.label(name)
                }
                lastTraits = heroes[index].appearance
            }
        }
        for (name, setting) in stats { if let label = setting.label { labels[name] = label } }
        return labels
    }

    /// Whether `a` and `b` have the same names in the same order.
    private static func sameNames<Item>(_ a: [Item], _ b: [Item], _ name: (Item) -> String) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { name($0) == name($1) }
    }

    /// What every page of the catalog shares: a page whose own view data is unchanged and whose
    /// shared part hashes the same needs no rendering again.
    private static func sharedFingerprint(
        context: SiteContext, count: Int, statScales: [String: Double], labels: [String: String], settings: UInt64
    ) -> UInt64 {
        var shared = ContentHash()
        shared.combine(settings)
        let sample = context.heroesFolder + "/-/"
        TemplateValue.map(
            context.chrome(route: sample, title: "", description: "", links: Linker(from: sample), section: "heroes")
        ).digest(into: &shared)
        shared.combine(count)
        for name in statScales.keys.sorted() {
            shared.combine(name)
            shared.combine(statScales[name] ?? 0)
        }
        for name in labels.keys.sorted() {
            shared.combine(name)
            shared.combine(labels[name] ?? "")
        }
        return shared.value
    }

    /// Mixes the catalog's settings into `hash`, the same in every process: a fact's display
    /// names by sorted key, the keys (which hold no dictionary) by how they print.
    private static func digest(
        search: Bool, facts: [RecordFact], card: [HeroValueKey]?, groupBy: [HeroGroupKey], sort: HeroSort,
        into hash: inout ContentHash
    ) {
        hash.combine(search ? 1 : 0)
        hash.combine(facts.count)
        for fact in facts {
            for text in [fact.name, fact.path] { hash.combine(text) }
            hash.combine(fact.label)
            hash.combine(fact.markdown ? 1 : 0)
            hash.combine(fact.values.count)
            for key in fact.values.keys.sorted() {
                hash.combine(key)
                hash.combine(fact.values[key])
            }
        }
        hash.combine(card.map(\.count) ?? -1)
        for key in card ?? [] { combine(key, into: &hash) }
        hash.combine(groupBy.count)
        for key in groupBy {
            combine(key.value, into: &hash)
            for text in [key.name, key.folder] { hash.combine(text) }
            hash.combine(key.label)
        }
        combine(sort.key, into: &hash)
        hash.combine(sort.descending ? 1 : 0)
    }

    /// Field by field: a key interpolated into a text (`"\(key)"`) is spelled by reflection, which
    /// looks up protocol conformances through the whole binary's tables on each build.
    private static func combine(_ key: HeroValueKey, into hash: inout ContentHash) {
        switch key {
        case .field(let field):
            hash.combine("field")
            hash.combine(field.rawValue)
        case .fact(let index):
            hash.combine("fact")
            hash.combine(index)
        }
    }

    /// The largest value of each stat among `heroes`, unless `settings` gives its `max:`.
    private static func statScales(_ heroes: [Hero], settings: [String: HeroStatSetting]) -> [String: Double] {
        var scales: [String: Double] = [:]
        // The largest of each stat in the order the last hero named them, while heroes name the
        // same stats in that order (`labels(of:stats:)`); put in `scales` when the order changes.
        var run: [Hero.Stat] = []
        for index in heroes.indices {
            let stats = heroes[index].stats
            if sameNames(stats, run, { $0.name }) {
                for position in stats.indices where stats[position].value > run[position].value {
                    run[position].value = stats[position].value
                }
                continue
            }
            for stat in run where stat.value > scales[stat.name, default: 0] { scales[stat.name] = stat.value }
            run = stats
        }
        for stat in run where stat.value > scales[stat.name, default: 0] { scales[stat.name] = stat.value }
        for (name, setting) in settings { if let max = setting.max { scales[name] = max } }
        return scales
    }

    /// A hero's page, by its slug: callers pass the slug alone, since handing over a whole hero
    /// copies it (every string and array retained) on each of the 100,000 pages that link one.
    public func route(slug: String) -> String { "\(folder)/\(slug)/" }

    /// The page listing every value of one `group_by` key.
    public func groupIndexRoute(_ key: HeroGroupKey) -> String { "\(folder)/\(key.folder)/" }

    /// The script the search box reads.
    public var searchIndexRoute: String { "\(folder)/search-index.js" }

    // MARK: Pages

    /// List page `number` (1-based) of the catalog, with its pager, or the empty state.
    public func listPage(number: Int) -> TemplateValue {
        let route = pagination.route(ofPage: number)
        let links = Linker(from: route)
        let title = number == 1 ? context.heroesTitle : "\(context.heroesTitle), page \(number)"
        var view = context.chrome(
            route: route, title: title,
            description: context.callsRecordsHeroes
                ? "The hero catalog of \(context.title)." : "\(context.heroesTitle) of \(context.title).",
            links: links, section: "heroes")
        view["title"] = .string(title)
        view["summary"] = .string(
            heroes.isEmpty
                ? "The catalog is empty."
                : "\(context.heroCount(heroes.count, elsewhere: "in all")), sorted by \(sortDescription)"
                    + (pagination.pageCount == 1 ? "." : ". Page \(number) of \(pagination.pageCount)."))
        view["any"] = .bool(!heroes.isEmpty)
        view["search"] = .bool(search && !heroes.isEmpty)
        view["search_placeholder"] = .string(searchPlaceholder)
        view["empty_text"] = .string(context.noHeroesYet + " Add records to the heroes source and build again.")
        view["heroes"] = .list(pagination.range(ofPage: number).map { card($0, links: links) })
        view["pagination"] = pagination.view(page: number, links: links)
        view["groups"] = groupLinks(links: links)
        return .map(view)
    }

    /// The detail page of the hero at `index` in name order.
    public func detail(index: Int) -> TemplateValue {
        let hero = heroes[index]
        let route = self.route(slug: hero.slug)
        let links = Linker(from: route)
        let biography = hero.biography.map { context.markdown.render($0) }
        var view = context.chrome(
            detailChrome, route: route, title: hero.name,
            description: biography?.summary
                ?? (context.callsRecordsHeroes
                    ? "\(hero.name), from the hero catalog." : "\(hero.name), from \(context.heroesTitle)."))
        var facts = cardFields(index, links: links, capacity: 28)
        // `.null`, not `nil`: assigning nil through a subscript removes the key, and a --strict
        // build rejects a template that names a key its view data lacks.
        facts["full_name"] = hero.fullName.map { .string($0) } ?? .null
        facts["rank"] = .string(ranking.rank(at: index).map(String.init) ?? "—")
        facts["count"] = .int(heroes.count)
        facts["biography_html"] = biography.map { .html($0.html) } ?? .null
        facts["biography_empty"] = "No biography yet."
        facts["has_stats"] = .bool(!hero.stats.isEmpty)
        facts["stats"] = .list(
            hero.stats.map { stat in
                let scale = statScales[stat.name] ?? 0
                let share = scale > 0 ? min(1, max(0, stat.value / scale)) : 0
                return [
                    "name": .string(labels[stat.name] ?? stat.name),
                    "value": .string(HeroFormatting.number(stat.value)),
                    "max": .string(HeroFormatting.number(scale)), "percent": .int(Int((share * 100).rounded()))
                ]
            })
        facts["has_appearance"] = .bool(!hero.appearance.isEmpty)
        facts["appearance"] = .list(
            hero.appearance.map { ["name": .string(labels[$0.name] ?? $0.name), "value": .string($0.text)] })
        facts["aliases_text"] = .string(hero.aliases.isEmpty ? "—" : hero.aliases.joined(separator: ", "))
        facts["affiliations_text"] = .string(
            hero.affiliations.isEmpty ? "—" : hero.affiliations.joined(separator: ", "))
        facts["has_tags"] = .bool(!hero.tags.isEmpty)
        facts["tags"] = .list(hero.tags.map { .string($0) })
        // A data set with no publisher or alignment (Dota heroes) shows neither, not "—" and "unknown".
        facts["has_publisher"] = .bool(hero.publisher != nil)
        facts["has_alignment"] = .bool(hero.alignment != nil)
        facts["publisher_link"] = fieldGroupLink(.publisher, hero.publisher, links: links)
        facts["alignment_link"] = fieldGroupLink(.alignment, hero.alignment, links: links)
        addFacts(index, to: &facts, links: links)
        view["hero"] = .map(facts)
        view["sections"] = sections
        view["neighbours_label"] = .string(context.neighboursLabel)
        view["previous"] = index > 0 ? neighbour(index - 1, links: links) : nil
        view["next"] = index + 1 < heroes.count ? neighbour(index + 1, links: links) : nil
        return .map(view)
    }

    /// A hash of everything `detail(index:)` is made from, without making it: the hero's
    /// revision (a digest of all its fields), its rank, its neighbours' names and slugs, its
    /// groups' routes, and what every detail page shares. Equal fingerprints mean equal view
    /// data, so the dev server and the next build keep the rendered page.
    public func detailFingerprint(index: Int) -> UInt64 {
        var hasher = ContentHash()
        hasher.combine("detail")
        hasher.combine(sharedKey)
        hasher.combine(heroes[index].revision)
        hasher.combine(ranking.rank(at: index) ?? -1)
        // Neighbours by what their links show, so editing a hero's text leaves their pages alone.
        for neighbour in stride(from: index - 1, through: index + 1, by: 2) where heroes.indices.contains(neighbour) {
            hasher.combine(neighbour - index)
            hasher.combine(heroes[neighbour].name)
            hasher.combine(heroes[neighbour].slug)
        }
        // The routes of the groups its values link to: a group's folder moves when another value
        // comes to fold to the same name.
        if groupRoutes.indices.contains(index) { hasher.combine(groupRoutes[index]) }
        return hasher.value
    }

    /// A hash of what `listPage(number:)` is made from: its heroes' cards and the catalog's shape.
    public func listFingerprint(number: Int) -> UInt64 {
        var hasher = ContentHash()
        hasher.combine("list")
        hasher.combine(sharedKey)
        hasher.combine(number)
        hasher.combine(pagination.pageCount)
        for index in pagination.range(ofPage: number) { hasher.combine(cardKey(index)) }
        return hasher.value
    }

    /// A hash of what `searchIndex()` is made from: every hero's searchable fields, which are
    /// short (a hero's revision would do too, but would make every edit of a biography rebuild
    /// the index of every hero).
    public func searchIndexFingerprint() -> UInt64 {
        var hasher = ContentHash()
        hasher.combine("search")
        hasher.combine(heroes.count)
        for index in heroes.indices {
            hasher.combine(heroes[index].slug)
            hasher.combine(heroes[index].name)
            hasher.combine(heroes[index].fullName)
            hasher.combine(heroes[index].publisher)
            hasher.combine(heroes[index].alignment)
            for list in [heroes[index].aliases, heroes[index].tags, cardFactTexts(index)] {
                hasher.combine(list.count)
                for text in list { hasher.combine(text) }
            }
        }
        return hasher.value
    }

    /// What a hero's card shows (see `cardFields`), all of which its revision stands for: an
    /// edit of a biography re-renders the one list page and group pages that show the hero's
    /// card, a few pages, where hashing every card's fields would cost more on every rebuild.
    private func cardKey(_ index: Int) -> UInt64 {
        heroes[index].revision
    }

    /// The search index, kept small because 20,000 heroes make one file: per hero its name, its
    /// slug (the page's link is `link_before` + slug + `link_after`, from the site root), which of
    /// the shared `summaries` (publisher · alignment) it has, and the rest of what a query is
    /// matched against (real name, aliases, tags, the card's facts), each text once and never the
    /// name again.
    public func searchIndex() -> TemplateValue {
        // The link of a placeholder slug, cut where the slug goes: the route's shape stays the
        // presenter's, the script only joins the pieces.
        let placeholder = "\u{1}"
        let sample = Linker(from: "").href(route(slug: placeholder)).components(separatedBy: placeholder)
        var summaries: [String] = []
        var summaryNumbers: [String: Int] = [:]
        let entries: [TemplateValue] = heroes.indices.map { index in
            let hero = heroes[index]
            let summary = [hero.publisher, hero.alignment].compactMap { $0 }.joined(separator: " · ")
            let number =
                summaryNumbers[summary]
                ?? {
                    summaries.append(summary)
                    summaryNumbers[summary] = summaries.count - 1
                    return summaries.count - 1
                }()
            // A card fact is often a tag too (a Pokémon's type): each text once.
            var seen: Set<String> = [hero.name]
            let extra = ([hero.fullName].compactMap { $0 } + hero.aliases + hero.tags + cardFactTexts(index))
                .filter { seen.insert($0).inserted }.joined(separator: " ")
            return [
                "name": .string(hero.name), "slug": .string(hero.slug), "summary": .int(number),
                "extra": .string(extra), "last": .bool(index == heroes.count - 1)
            ]
        }
        return [
            "link_before": .string(sample.first ?? ""), "link_after": .string(sample.count > 1 ? sample[1] : ""),
            "summaries": .list(
                summaries.enumerated().map { number, text in
                    ["text": .string(text), "last": .bool(number == summaries.count - 1)]
                }),
            "heroes": .list(entries)
        ]
    }

    /// The first few heroes, for the home page: the catalog's first when it has a `sort:` of its
    /// own, else the first by rank.
    public func featured(_ limit: Int, links: Linker) -> TemplateValue {
        // The ranking is sorted best first; heroes without stats are not in it and come last.
        var top = sort == .name ? ranking.entries.prefix(limit).map(\.index) : Array(heroes.indices.prefix(limit))
        if top.count < limit, sort == .name {
            top += heroes.indices.lazy.filter { self.ranking.rank(at: $0) == nil }.prefix(limit - top.count)
        }
        return [
            "any": .bool(!top.isEmpty), "heroes": .list(top.map { card($0, links: links) }),
            "empty_text": .string(context.noHeroesYet)
        ]
    }

    // MARK: Pieces

    func card(_ index: Int, links: Linker) -> TemplateValue {
        .map(cardFields(index, links: links))
    }

    /// A card's fields, in a map with room for `capacity` in all (a detail page adds its own).
    private func cardFields(_ index: Int, links: Linker, capacity: Int = 0) -> TemplateMap {
        var fields = HeroCards.fields(heroes, index, cardFacts: cardFacts?.view(heroes, index), capacity: capacity)
        fields["href"] = .string(links.href(folder: folder, name: heroes[index].slug))
        if let image = heroes[index].image, !HeroFormatting.isAbsolute(image) {
            fields["image"] = .string(links.href(image))
        }
        return fields
    }

    private func neighbour(_ index: Int, links: Linker) -> TemplateValue {
        ["name": .string(heroes[index].name), "href": .string(links.href(folder: folder, name: heroes[index].slug))]
    }
}
