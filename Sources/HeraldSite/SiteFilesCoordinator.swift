import HeraldBuilder
import HeraldCore
import HeraldModels
import HeraldPresenters

/// Decides the site-wide files: home, 404, sitemap (from the pages the others made), feed, robots.
struct SiteFilesCoordinator: Sendable {
    let home: HomePresenter
    let files: SiteFilesPresenter
    let tasks: [Task]

    func items(after others: [OutputItem]) throws(DiagnosticError) -> [OutputItem] {
        let home = home
        let files = files
        let tasks = tasks
        let routes = (others.map(\.path.value) + ["index.html"])
            .filter { $0.hasSuffix(".html") }
            .map { $0.hasSuffix("index.html") ? String($0.dropLast("index.html".count)) : $0 }
            .sorted()
            .map { (route: $0, lastModified: Day?.none) }
        return [
            try Route.page("", "home.html") { _ in home.view() },
            try Route.page("404.html", "404.html") { _ in files.notFound() },
            try Route.page("sitemap.xml", "sitemap.xml") { _ in files.sitemap(routes: routes) },
            try Route.page("feed.xml", "feed.xml") { _ in files.feed(tasks: tasks) },
            try Route.page("robots.txt", "robots.txt") { _ in files.robots() },
        ]
    }
}
