import HeraldMustache

/// The home page: task progress, counts by column, overdue tasks, a few heroes, links to all.
public struct HomePresenter: Sendable {
    public let context: SiteContext
    public let board: TaskBoardPresenter
    public let catalog: HeroCatalogPresenter

    public init(context: SiteContext, board: TaskBoardPresenter, catalog: HeroCatalogPresenter) {
        self.context = context
        self.board = board
        self.catalog = catalog
    }

    /// Only what the site has: a site without `tasks:` shows and links no task board, and one
    /// without `heroes:` no catalog.
    public func view() -> TemplateValue {
        let links = Linker(from: "")
        var view = context.chrome(
            route: "", title: context.title, description: description,
            links: links, section: "home")
        // Overdue tasks and progress are today's: the footer says which day that was.
        if context.hasTasks { view["footer"] = context.datedFooter }
        var intro: [String] = []
        if context.hasTasks {
            intro.append("\(Plural.count(board.tasks.count, one: "task", many: "tasks")) on the board")
        }
        if context.hasHeroes {
            intro.append(
                context.callsRecordsHeroes
                    ? "\(Plural.count(catalog.heroes.count, one: "hero", many: "heroes")) in the catalog"
                    : "\(catalog.heroes.count) in \(context.heroesTitle)")
        }
        view["intro"] = .string(intro.isEmpty ? "Nothing here yet." : intro.joined(separator: ", ") + ".")
        view["has_tasks"] = .bool(context.hasTasks)
        view["has_heroes"] = .bool(context.hasHeroes)
        view["progress"] = board.progress
        view["columns"] = board.columnCounts(links: links)
        view["overdue"] = board.overdueView(links: links)
        view["featured"] = catalog.featured(6, links: links)
        var directory: [TemplateValue] = []
        if context.hasTasks {
            directory.append(entry("Task board", "tasks/", "every task by column", links))
            directory.append(entry("Task report", "tasks/report/", "the board as a report", links))
            directory.append(
                entry("Task report (Markdown)", "tasks/report.md", "to paste into an issue or a chat", links))
            if !board.tags.isEmpty {
                directory.append(
                    entry("Tags", "tasks/", board.tags.map { "#\($0.name)" }.joined(separator: " "), links))
            }
        }
        if context.hasHeroes {
            directory.append(
                entry(
                    context.heroesTitle, catalog.pagination.firstRoute,
                    context.heroCount(catalog.heroes.count, elsewhere: "in all"), links))
            for key in catalog.groupBy where catalog.groups.contains(where: { $0.key == key }) {
                directory.append(entry(catalog.groupIndexTitle(key), catalog.groupIndexRoute(key), nil, links))
            }
        }
        for page in context.pages { directory.append(entry(page.title, page.route, nil, links)) }
        if context.hasTasks { directory.append(entry("Atom feed", "feed.xml", "recently completed tasks", links)) }
        directory.append(entry("Sitemap", "sitemap.xml", nil, links))
        view["directory"] = .list(directory)
        return .map(view)
    }

    private var description: String {
        let catalog = context.callsRecordsHeroes ? "hero catalog" : context.heroesTitle
        return switch (context.hasTasks, context.hasHeroes) {
        case (true, true): "Task board and \(catalog) of \(context.title)."
        case (true, false): "Task board of \(context.title)."
        case (false, true): "\(catalog.prefix(1).uppercased() + catalog.dropFirst()) of \(context.title)."
        case (false, false): "\(context.title)."
        }
    }

    private func entry(_ label: String, _ route: String, _ note: String?, _ links: Linker) -> TemplateValue {
        ["label": .string(label), "href": .string(links.href(route)), "note": note.map { .string($0) } ?? nil]
    }
}
