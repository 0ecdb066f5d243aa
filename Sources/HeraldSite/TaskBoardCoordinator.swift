import HeraldBuilder
import HeraldCore
import HeraldMarkdown
import HeraldPresenters

/// Decides the task pages: the board, the report as Markdown and as HTML, one page per tag and
/// per project, the pages of the done column when the board shows only its newest tasks, and
/// the calendar feeds (the board's and each project's) when the site asks for them.
struct TaskBoardCoordinator: Sendable {
    let presenter: TaskBoardPresenter
    let markdown: MarkdownRenderer

    func items() throws(DiagnosticError) -> [OutputItem] {
        let presenter = presenter
        let markdown = markdown
        var items = [
            try Route.page("tasks/", "board.html", size: presenter.tasks.count) { _ in presenter.board(route: "tasks/")
            },
            try Route.page("tasks/report.md", "report.md", size: presenter.tasks.count) { _ in
                presenter.report(route: "tasks/report.md")
            },
            // The HTML report is the Markdown report rendered by libcmark, so the two never disagree.
            try Route.page("tasks/report/", "report.html", size: presenter.tasks.count) {
                renderer throws(DiagnosticError) in
                let text = try renderer.render("report.md", presenter.report(route: "tasks/report/"))
                return presenter.reportPage(route: "tasks/report/", reportHTML: markdown.render(text).html)
            }
        ]
        for tag in presenter.tags {
            items.append(try Route.page(tag.route, "task-list.html") { _ in presenter.facetPage(tag, kind: .tag) })
        }
        for project in presenter.projects {
            items.append(
                try Route.page(project.route, "task-list.html") { _ in presenter.facetPage(project, kind: .project) })
        }
        for context in presenter.contexts {
            items.append(
                try Route.page(context.route, "task-list.html") { _ in presenter.facetPage(context, kind: .context) })
        }
        if presenter.layout.calendar {
            let calendar = TaskCalendarPresenter(context: presenter.context)
            let title = presenter.context.title
            let tasks = presenter.tasks
            items.append(
                try Route.page(TaskBoardPresenter.calendarRoute, "calendar.ics", size: tasks.count) { _ in
                    calendar.feed(tasks, name: "\(title): tasks")
                })
            for project in presenter.projects {
                let members = tasks.filter { $0.project == project.name }
                items.append(
                    try Route.page(project.route + "calendar.ics", "calendar.ics") { _ in
                        calendar.feed(members, name: "\(title): +\(project.name)")
                    })
            }
        }
        if let done = presenter.donePagination {
            for number in 1...done.pageCount {
                items.append(
                    try Route.page(done.route(ofPage: number), "task-list.html") { _ in
                        presenter.donePage(done, number: number)
                    })
            }
        }
        return items
    }
}
