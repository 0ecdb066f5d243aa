import HeraldModels
import HeraldMustache
import HeraldPresenters
import Testing

// "Now" is 2026-11-20 12:00 UTC in these tests, so today is Friday Nov 20.

private let columns = ["todo", "doing", "review", "done"]

private func tasks() throws -> [TaskItem] {
    [
        TaskItem(
            id: "1", title: "Water the plants", status: "todo", priority: "B", due: try day("2026-11-25"),
            tags: ["home"], project: "Garden", location: here),
        TaskItem(id: "2", title: "Call the bank", status: "todo", priority: "A", location: here),
        TaskItem(id: "3", title: "Book flights", status: "todo", due: try day("2026-11-22"), location: here),
        TaskItem(id: "4", title: "Pay rent", status: "todo", due: try day("2026-11-21"), location: here),
        TaskItem(id: "5", title: "Read a book", status: "todo", location: here),
        TaskItem(
            id: "6", title: "File taxes", status: "todo", priority: "A", due: try day("2026-11-19"), location: here),
        TaskItem(
            id: "7", title: "Fix the fence", status: "todo", due: try day("2026-11-01"), tags: ["home"],
            project: "Garden", location: here),
        TaskItem(
            id: "8", title: "Write report", notes: "Draft the *summary* first.", status: "doing", tags: ["work"],
            assignee: "ana", location: here),
        TaskItem(
            id: "9", title: "Ship v1", status: "done", completed: true, due: try day("2026-11-05"),
            completedAt: try day("2026-11-10"), location: here),
        TaskItem(
            id: "10", title: "Plan sprint", status: "done", completed: true, completedAt: try day("2026-11-18"),
            tags: ["work"], location: here),
        TaskItem(
            id: "11", title: "Clean desk", status: "done", completed: true, completedAt: try day("2026-11-14"),
            location: here)
    ]
}

private func board() throws -> TaskBoardPresenter {
    TaskBoardPresenter(tasks: try tasks(), columns: columns, context: try context())
}

private func cards(in column: TemplateValue) -> [TemplateValue] {
    column["cards"]?.list ?? []
}

private func card(_ id: String, in view: TemplateValue) throws -> TemplateValue {
    let all = (view["columns"]?.list ?? []).flatMap(cards(in:))
    return try #require(all.first { $0["id"]?.string == id })
}

@Test func columnsFollowTheConfigOrderWithTheirCounts() throws {
    let view = try board().board(route: "tasks/")
    let shown = try #require(view["columns"]?.list)
    #expect(shown.map { $0["name"]?.string } == ["todo", "doing", "review", "done"])
    #expect(shown.map { $0["title"]?.string } == ["To do", "Doing", "Review", "Done"])
    #expect(shown.map { $0["count"]?.int } == [7, 1, 0, 3])
    #expect(shown.map { cards(in: $0).count } == [7, 1, 0, 3])
    #expect(shown[2]["any"]?.bool == false)
    #expect(shown[2]["empty_text"]?.string == "Nothing here.")
    #expect(view["column_count"]?.int == 4)
    #expect(view["empty"]?.bool == false)
    #expect(view["summary"]?.string == "11 tasks, 3 done, 2 overdue.")
}

@Test func openTasksByPriorityThenDueDateThenSourceOrder() throws {
    let todo = try #require(try board().board(route: "tasks/")["columns"]?.list?.first)
    // A before B before none; within a priority the nearest due date first, no date last.
    #expect(cards(in: todo).map { $0["id"]?.string } == ["6", "2", "1", "7", "4", "3", "5"])
}

@Test func theDoneColumnShowsTheMostRecentlyCompletedFirst() throws {
    let done = try #require(try board().board(route: "tasks/")["columns"]?.list?.last)
    #expect(cards(in: done).map { $0["id"]?.string } == ["10", "11", "9"])
}

@Test func cardFields() throws {
    let view = try board().board(route: "tasks/")
    let plants = try card("1", in: view)
    #expect(plants["title"]?.string == "Water the plants")
    #expect(plants["href"]?.string == "../tasks/index.html#task-1")
    #expect(plants["priority"]?.string == "B")
    #expect(plants["priority_class"]?.string == "b")
    #expect(plants["completed"]?.bool == false)
    #expect(plants["due"]?["text"]?.string == "Nov 25")
    #expect(plants["due"]?["iso"]?.string == "2026-11-25")
    #expect(plants["due"]?["relative"]?.string == "in 5 days")
    #expect(plants["due"]?["class"]?.string == "muted")
    #expect(plants["tags"]?.list?.map { $0["name"]?.string } == ["home"])
    #expect(plants["tags"]?.list?.first?["href"]?.string == "../tasks/tags/home/index.html")
    #expect(plants["has_tags"]?.bool == true)
    #expect(plants["project"]?["name"]?.string == "Garden")
    #expect(plants["project"]?["href"]?.string == "../tasks/projects/garden/index.html")
    #expect(plants["notes_html"]?.isNull == true)

    let report = try card("8", in: view)
    // Notes are Markdown, rendered once to HTML and inserted unescaped.
    #expect(report["notes_html"]?.html?.contains("<em>summary</em>") == true)
    #expect(report["priority"]?.isNull == true)
    #expect(report["priority_class"]?.string == "none")
    #expect(report["assignee"]?.string == "ana")
    #expect(report["due"]?.isNull == true)
    #expect(report["project"]?.isNull == true)

    let taxes = try card("6", in: view)
    #expect(taxes["due"]?["relative"]?.string == "overdue by 1 day")
    #expect(taxes["due"]?["class"]?.string == "overdue")

    // A completed task is struck through and says the day it was done, not its past due date.
    let shipped = try card("9", in: view)
    #expect(shipped["completed"]?.bool == true)
    #expect(shipped["due"]?.isNull == true)
    #expect(shipped["done"]?["text"]?.string == "Done Nov 10")
    #expect(shipped["done"]?["iso"]?.string == "2026-11-10")
    #expect(shipped["has_tags"]?.bool == false)
    #expect(try card("1", in: view)["done"]?.isNull == true)
}

@Test func tagAndProjectFacets() throws {
    let presenter = try board()
    #expect(presenter.tags.map(\.name) == ["home", "work"])
    #expect(presenter.tags.map(\.count) == [2, 2])
    #expect(presenter.tags.map(\.route) == ["tasks/tags/home/", "tasks/tags/work/"])
    #expect(presenter.projects.map(\.name) == ["Garden"])
    #expect(presenter.projects.map(\.route) == ["tasks/projects/garden/"])

    let home = presenter.facetPage(presenter.tags[0], kind: .tag)
    #expect(home["title"]?.string == "Tasks tagged #home")
    #expect(home["cards"]?.list?.map { $0["id"]?.string } == ["1", "7"])
    #expect(home["summary"]?.string == "2 tasks, 0 done.")
    #expect(home["cards"]?.list?.first?["href"]?.string == "../../../tasks/index.html#task-1")

    let work = presenter.facetPage(presenter.tags[1], kind: .tag)
    #expect(work["summary"]?.string == "2 tasks, 1 done.")

    let garden = presenter.facetPage(presenter.projects[0], kind: .project)
    #expect(garden["title"]?.string == "Project +Garden")
    #expect(garden["cards"]?.list?.count == 2)
}

@Test func tagsThatFoldToOneSlugKeepPagesOfTheirOwn() throws {
    let tasks = [
        TaskItem(id: "1", title: "a", status: "todo", tags: ["C#"], location: here),
        TaskItem(id: "2", title: "b", status: "todo", tags: ["c"], location: here)
    ]
    let presenter = TaskBoardPresenter(tasks: tasks, columns: ["todo"], context: try context())
    #expect(presenter.tags.map(\.route) == ["tasks/tags/c/", "tasks/tags/c-2/"])
    let view = presenter.board(route: "tasks/")
    #expect(try card("2", in: view)["tags"]?.list?.first?["href"]?.string == "../tasks/tags/c-2/index.html")
}

@Test func progressAndColumnCounts() throws {
    let presenter = try board()
    let progress = presenter.progress
    #expect(progress["done"]?.int == 3)
    #expect(progress["total"]?.int == 11)
    #expect(progress["percent"]?.int == 27)  // 3 of 11, rounded down
    #expect(progress["label"]?.string == "tasks done (27%)")

    let counts = try #require(presenter.columnCounts(links: Linker(from: "")).list)
    #expect(counts.map { $0["count"]?.int } == [7, 1, 0, 3])
    #expect(counts.first?["href"]?.string == "tasks/index.html#column-todo")
}

@Test func theOverdueListPutsTheMostOverdueFirst() throws {
    let overdue = try board().overdueView(links: Linker(from: ""))
    #expect(overdue["any"]?.bool == true)
    #expect(overdue["count"]?.int == 2)
    // Fix the fence was due Nov 1, File taxes Nov 19; Ship v1 is past due but done.
    #expect(overdue["tasks"]?.list?.map { $0["id"]?.string } == ["7", "6"])
    #expect(overdue["tasks"]?.list?.first?["due"]?["relative"]?.string == "overdue by 19 days")
}

@Test func theBoardChartCountsCompletedTasksPerWeek() throws {
    let chart = try #require(try board().board(route: "tasks/")["chart"])
    // Completed Nov 10 and Nov 14 (week of Nov 9) and Nov 18 (this week, from Nov 16).
    #expect(chart["bars"]?.list?.suffix(2).map { $0["count"]?.int } == [2, 1])
}

@Test func theReportCarriesTheGenerationDay() throws {
    let report = try board().report(route: "tasks/report.md")
    #expect(report["generated"]?.string == "Nov 20, 2026")
    #expect(report["title"]?.string == "Test Board: task report")
    #expect(report["overdue"]?["count"]?.int == 2)
}

@Test func anEmptyBoard() throws {
    let presenter = TaskBoardPresenter(tasks: [], columns: ["todo", "done"], context: try context())
    let view = presenter.board(route: "tasks/")
    #expect(view["empty"]?.bool == true)
    #expect(view["empty_text"]?.string == "Nothing to do: there are no tasks yet.")
    #expect(view["columns"]?.list?.map { $0["count"]?.int } == [0, 0])
    #expect(presenter.progress["percent"]?.int == 0)
    #expect(presenter.progress["label"]?.string == "no tasks yet")
    #expect(presenter.overdueView(links: Linker(from: ""))["any"]?.bool == false)
}

@Test func tagPagesGetUniqueNonEmptyFolders() throws {
    // `C#` and `c` fold to one slug; tags in another script fold to nothing at all.
    let tagged = TaskItem(
        id: "1", title: "Tagged", status: "todo", tags: ["C#", "c", "日本", "中文", "Señora"], location: here)
    let board = TaskBoardPresenter(tasks: [tagged], columns: columns, context: try context())
    #expect(
        board.tags.map(\.route) == [
            "tasks/tags/c/", "tasks/tags/senora/", "tasks/tags/c-2/",
            "tasks/tags/item-1/", "tasks/tags/item-2/"
        ])
}
