import Foundation
import HeraldModels
import HeraldMustache

/// Maps tasks to the view data of the board, its report, the per-tag and per-project pages and
/// the home page's progress: columns in config order, cards, counts, due dates in words.
public struct TaskBoardPresenter: Sendable {
    /// A tag or project and how many tasks carry it.
    public struct Facet: Sendable {
        public var name: String
        public var route: String
        public var count: Int
    }

    /// How many tasks the board's last column (done) shows, newest first; the rest are on the
    /// pages of `tasks/done/`, so a board with years of finished work stays light.
    public static let doneShown = 50
    /// Tasks per page of `tasks/done/`.
    public static let donePerPage = 100

    /// What herald.yml says of the board's shape.
    public struct Layout: Sendable {
        /// Column → the most tasks it should hold at once.
        public var limits: [String: Int]
        /// The field the board's rows (swimlanes) are made by; nil for one row.
        public var swimlanes: LaneField?
        /// Whether the board links its calendar feed.
        public var calendar: Bool

        public init(limits: [String: Int] = [:], swimlanes: LaneField? = nil, calendar: Bool = false) {
            self.limits = limits
            self.swimlanes = swimlanes
            self.calendar = calendar
        }
    }

    /// The task fields a board can be split into swimlanes by.
    public enum LaneField: String, Sendable {
        case assignee, project, priority
    }

    public let context: SiteContext
    public let columns: [String]
    public let layout: Layout
    public let tasks: [TaskItem]
    public let tags: [Facet]
    public let projects: [Facet]
    /// todo.txt's `@contexts`, each with its page like a project's.
    public let contexts: [Facet]
    // Name → route, so each card finds its tags' pages directly, not by scanning every tag.
    let tagRoutes: [String: String]
    let showsNotes: Bool
    let projectRoutes: [String: String]
    let contextRoutes: [String: String]
    let notesHTML: [String]
    /// The site's `facts:` of tasks, and the ones the cards show (`card:`).
    let factsView: FactsView
    let cardFacts: [Int]?
    /// Per column, its tasks' indexes in board order: the board, its lanes, the report, the home
    /// page's counts and the done pages all read them.
    let columnMembers: [[Int]]
    /// Tasks whose threshold day is after today, soonest first.
    private let upcoming: [Int]

    public init(
        tasks: [TaskItem], columns: [String], layout: Layout = Layout(), facts: [RecordFact] = [], card: [Int]? = nil,
        context: SiteContext
    ) {
        self.context = context
        factsView = FactsView(
            facts: facts,
            formatter: FactFormatter(language: context.language, dayText: context.dayText, timeZone: context.timeZone),
            markdown: context.markdown)
        cardFacts = card
        self.columns = columns
        self.layout = layout
        self.tasks = tasks
        notesHTML = tasks.map { task in
            task.notes.map { context.markdown.render($0).html } ?? ""
        }
        tags = Self.facets(tasks.flatMap(\.tags), under: "tasks/tags/")
        showsNotes = Set(tasks.compactMap(\.note)).count > 1
        projects = Self.facets(tasks.compactMap(\.project), under: "tasks/projects/")
        tagRoutes = Dictionary(tags.map { ($0.name, $0.route) }, uniquingKeysWith: { first, _ in first })
        projectRoutes = Dictionary(projects.map { ($0.name, $0.route) }, uniquingKeysWith: { first, _ in first })
        contexts = Self.facets(tasks.flatMap(\.contexts), under: "tasks/contexts/")
        contextRoutes = Dictionary(contexts.map { ($0.name, $0.route) }, uniquingKeysWith: { first, _ in first })
        let placement = Self.placement(of: tasks, columns: columns, now: context.now, timeZone: context.timeZone)
        upcoming = placement.upcoming.sorted {
            (tasks[$0].threshold ?? context.today, $0) < (tasks[$1].threshold ?? context.today, $1)
        }
        columnMembers = placement.columns.enumerated().map { column, indices in
            Self.ordered(indices, in: tasks, newestDoneFirst: column == columns.count - 1)
        }
    }

    /// Where each task sits: per column (in `columns`' order) the indexes of its tasks in source
    /// order, and the tasks waiting for their threshold day, which wait in the Upcoming list and
    /// no column holds. The column heads, the lanes and the build's warning about a column over
    /// its limit all count from this, so they cannot disagree.
    public static func placement(of tasks: [TaskItem], columns: [String], now: Date, timeZone: TimeZone)
        -> (columns: [[Int]], upcoming: [Int])
    {
        // herald.yml refuses a column listed twice; were one, its first place would get the tasks.
        let byColumn = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var members = [[Int]](repeating: [], count: columns.count)
        var waiting: [Int] = []
        for index in tasks.indices {
            if tasks[index].isUpcoming(at: now, in: timeZone) {
                waiting.append(index)
            } else if let column = byColumn[tasks[index].status] {
                members[column].append(index)
            }
        }
        return (members, waiting)
    }

    // MARK: Pages

    public func board(route: String) -> TemplateValue {
        let links = Linker(from: route)
        var view = chrome(
            route: route, title: "Tasks", description: "The task board of \(context.title).", links: links)
        view["title"] = .string("Task board")
        view["summary"] = .string(summaryLine)
        view["empty"] = .bool(tasks.isEmpty)
        view["empty_text"] = "Nothing to do: there are no tasks yet."
        view["column_count"] = .int(columns.count)
        view["columns"] = .list(columnViews(links: links, collapsed: true))
        view["has_lanes"] = .bool(layout.swimlanes != nil)
        view["lanes"] = .list(layout.swimlanes.map { laneViews(by: $0, links: links) } ?? [])
        view["calendar"] = layout.calendar ? ["href": .string(links.href(Self.calendarRoute))] : .null
        view["filters"] = filterView
        view["chart"] = WeeklyChart().view(
            completions: tasks.compactMap { $0.completed ? $0.completedAt : nil },
            text: context.dayText)
        view["burnup"] = BurnUpChart().view(tasks, text: context.dayText)
        view["cycle"] = CycleTimes().view(tasks)
        view["tags"] = .list(tags.map { facetView($0, links: links) })
        view["any_tags"] = .bool(!tags.isEmpty)
        view["projects"] = .list(projects.map { facetView($0, links: links) })
        view["any_projects"] = .bool(!projects.isEmpty)
        view["contexts"] = .list(contexts.map { facetView($0, links: links) })
        view["any_contexts"] = .bool(!contexts.isEmpty)
        view["upcoming"] = [
            "any": .bool(!upcoming.isEmpty), "count": .int(upcoming.count),
            "cards": .list(upcoming.map { card(tasks[$0], index: $0, links: links) })
        ]
        return .map(view)
    }

    /// The view data of `report.md`: plain enough for Markdown, shared by the HTML report.
    public func report(route: String) -> TemplateValue {
        let links = Linker(from: route)
        return [
            "title": .string("\(context.title): task report"),
            "summary": .string(summaryLine),
            "columns": .list(columnViews(links: links, collapsed: false)),
            "overdue": overdueView(links: links),
            "generated": .string(context.dayText.long(context.today))
        ]
    }

    /// The HTML page around the report's Markdown, rendered to `reportHTML` beforehand.
    public func reportPage(route: String, reportHTML: String) -> TemplateValue {
        let links = Linker(from: route)
        var view = chrome(route: route, title: "Task report", description: summaryLine, links: links)
        view["report_html"] = .html(reportHTML)
        return .map(view)
    }

    /// One tag's or project's page: every task that carries it, in board order.
    public func facetPage(_ facet: Facet, kind: FacetKind) -> TemplateValue {
        let links = Linker(from: facet.route)
        let matching = Self.ordered(
            tasks.indices.filter { index in
                switch kind {
                case .tag: tasks[index].tags.contains(facet.name)
                case .project: tasks[index].project == facet.name
                case .context: tasks[index].contexts.contains(facet.name)
                }
            }, in: tasks)
        let label =
            switch kind {
            case .tag: "#\(facet.name)"
            case .project: "+\(facet.name)"
            case .context: "@\(facet.name)"
            }
        var view = chrome(route: facet.route, title: label, description: "Tasks with \(label).", links: links)
        let heading =
            switch kind {
            case .tag: "Tasks tagged #\(facet.name)"
            case .project: "Project +\(facet.name)"
            case .context: "Context @\(facet.name)"
            }
        view["title"] = .string(heading)
        view["summary"] = .string(
            Plural.count(matching.count, one: "task", many: "tasks")
                + ", \(matching.filter { tasks[$0].completed }.count) done.")
        view["cards"] = .list(matching.map { card(tasks[$0], index: $0, links: links) })
        view["pagination"] = ["many": false]
        view["calendar"] =
            layout.calendar && kind == .project ? ["href": .string(links.href(facet.route + "calendar.ics"))] : .null
        return .map(view)
    }

    /// The pages of the last column's tasks when the board shows only the newest of them; nil
    /// when it shows them all.
    public var donePagination: Pagination? {
        let count = columnMembers.last?.count ?? 0
        return count > Self.doneShown
            ? Pagination(itemCount: count, perPage: Self.donePerPage, firstRoute: "tasks/done/") : nil
    }

    /// Page `number` (1-based) of every task in the last column, newest first.
    public func donePage(_ pagination: Pagination, number: Int) -> TemplateValue {
        let route = pagination.route(ofPage: number)
        let links = Linker(from: route)
        let column = columns.last ?? ""
        let members = columnMembers.last ?? []
        let title = "\(Self.title(ofColumn: column))" + (number == 1 ? "" : ", page \(number)")
        var view = chrome(
            route: route, title: title, description: "Every task in \(Self.title(ofColumn: column)).", links: links)
        view["title"] = .string(title)
        let pages = pagination.pageCount
        view["summary"] = .string(
            Plural.count(members.count, one: "task", many: "tasks") + ", the most recent first"
                + (pages == 1 ? "." : ". Page \(number) of \(pages)."))
        view["cards"] = .list(
            members[pagination.range(ofPage: number)].map { card(tasks[$0], index: $0, links: links) })
        view["pagination"] = pagination.view(page: number, links: links)
        view["calendar"] = .null
        return .map(view)
    }

    /// Whether a facet page lists a tag or a project.
    public enum FacetKind: Sendable { case tag, project, context }

    // MARK: Home page parts

    /// Done / total, a percentage and a label for the progress bar.
    public var progress: TemplateValue {
        let done = tasks.filter(\.completed).count
        let percent = tasks.isEmpty ? 0 : done * 100 / tasks.count
        return [
            "done": .int(done), "total": .int(tasks.count), "percent": .int(percent),
            "label": .string(tasks.isEmpty ? "no tasks yet" : "tasks done (\(percent)%)")
        ]
    }

    /// Each column's name, count and link, for the home page's counters.
    public func columnCounts(links: Linker) -> TemplateValue {
        .list(
            zip(columns, columnMembers).map { column, members in
                [
                    "title": .string(Self.title(ofColumn: column)), "count": .int(members.count),
                    "href": .string(links.href("tasks/", fragment: "column-\(Self.anchor(column))"))
                ]
            })
    }

    /// Open tasks whose due day has passed, most overdue first.
    public func overdueView(links: Linker) -> TemplateValue {
        let overdue = tasks.indices
            .filter { tasks[$0].isOverdue(at: context.now, in: context.timeZone) }
            .sorted { (tasks[$0].due ?? .distantFuture, $0) < (tasks[$1].due ?? .distantFuture, $1) }
        return [
            "any": .bool(!overdue.isEmpty), "count": .int(overdue.count),
            "tasks": .list(overdue.map { card(tasks[$0], index: $0, links: links) })
        ]
    }

    // MARK: Pieces

    /// Task pages count due dates from today, so their footer says which day that was.
    private func chrome(route: String, title: String, description: String, links: Linker) -> TemplateMap {
        var view = context.chrome(route: route, title: title, description: description, links: links, section: "tasks")
        view["footer"] = context.datedFooter
        return view
    }

    private var summaryLine: String {
        let done = tasks.filter(\.completed).count
        let overdue = tasks.filter { $0.isOverdue(at: context.now, in: context.timeZone) }.count
        return "\(Plural.count(tasks.count, one: "task", many: "tasks")), \(done) done, \(overdue) overdue."
    }

    /// Every column with its cards; `collapsed` shows only the newest `doneShown` of the last
    /// column, with a link to the rest.
    private func columnViews(links: Linker, collapsed: Bool) -> [TemplateValue] {
        zip(columns, columnMembers).map { column, ordered in
            let isLast = column == columns.last
            var members = ordered
            let total = members.count
            var more: TemplateValue = nil
            if collapsed, isLast, total > Self.doneShown {
                members = Array(members.prefix(Self.doneShown))
                more = [
                    "text": .string("All \(total) tasks in \(Self.title(ofColumn: column))"),
                    "href": .string(links.href("tasks/done/"))
                ]
            }
            let limit = layout.limits[column]
            return [
                "id": .string(Self.anchor(column)),
                "name": .string(column),
                "title": .string(Self.title(ofColumn: column)),
                "count": .int(total),
                "count_text": .string(limit.map { "\(total) / \($0)" } ?? "\(total)"),
                "limit": limit.map { .int($0) } ?? nil,
                "over": .bool(limit.map { total > $0 } ?? false),
                "limit_text": .string(limit.map { total > $0 ? "over its limit of \($0)" : "limit \($0)" } ?? ""),
                "any": .bool(!members.isEmpty),
                "more": more,
                "empty_text": "Nothing here.",
                "cards": .list(members.map { card(tasks[$0], index: $0, links: links) })
            ]
        }
    }

    /// Board order: priority first (A before none), then the nearest due date, then source order;
    /// the last column (done) shows the most recently completed first.
    static func ordered(_ indices: [Int], in tasks: [TaskItem], newestDoneFirst: Bool = false) -> [Int] {
        indices.sorted { a, b in
            let x = tasks[a], y = tasks[b]
            if newestDoneFirst, x.completedAt != y.completedAt {
                return (x.completedAt ?? .distantPast) > (y.completedAt ?? .distantPast)
            }
            if x.priority != y.priority { return (x.priority ?? "~") < (y.priority ?? "~") }
            if x.due != y.due { return (x.due ?? .distantFuture) < (y.due ?? .distantFuture) }
            return a < b
        }
    }

    private func facetView(_ facet: Facet, links: Linker) -> TemplateValue {
        ["name": .string(facet.name), "href": .string(links.href(facet.route)), "count": .int(facet.count)]
    }

    private static func facets(_ names: [String], under base: String) -> [Facet] {
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        let names = counts.keys.sorted()
        return zip(names, FolderNames.make(for: names)).map { name, folder in
            Facet(name: name, route: "\(base)\(folder)/", count: counts[name] ?? 0)
        }
    }

    /// Where the board's calendar feed is written.
    public static let calendarRoute = "tasks/calendar.ics"

    /// "To do" for `todo`, otherwise the column name with a capital letter.
    public static func title(ofColumn column: String) -> String {
        column == "todo" ? "To do" : column.prefix(1).uppercased() + column.dropFirst()
    }

    /// An id attribute safe to put in HTML and a URL fragment.
    static func anchor(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
    }
}

private extension Day {
    static let distantPast = Day(year: 1, month: 1, day: 1) ?? Day(Date(timeIntervalSince1970: 0), in: .current)
    static let distantFuture = Day(year: 9999, month: 12, day: 31) ?? Day(Date(timeIntervalSince1970: 0), in: .current)
}
