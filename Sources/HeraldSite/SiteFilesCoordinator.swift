import HeraldBuilder
import HeraldCore
import HeraldModels
import HeraldPresenters

/// Decides the site-wide files: home, 404, sitemap (from the pages the others made), feed, robots.
struct SiteFilesCoordinator: Sendable {
    /// The sitemap protocol's limit: a site with more URLs gets `sitemap.xml` as an index of
    /// `sitemap-1.xml`, `sitemap-2.xml`, … holding this many each.
    static let urlsPerSitemap = 50_000

    let home: HomePresenter
    let files: SiteFilesPresenter
    let tasks: [TaskItem]
    /// Route → the day its page says it was written (a Markdown page's `date:`): the sitemap's
    /// `lastmod`. Other pages have no such day and the sitemap gives them none.
    let lastModified: [String: Day]
    var urlsPerSitemap = Self.urlsPerSitemap

    func items(after others: [OutputItem]) throws(DiagnosticError) -> [OutputItem] {
        let lastModified = lastModified
        let home = home
        let files = files
        let tasks = tasks
        // By UTF-8 bytes: counting the characters of each of 10,000 paths costs more than the rest.
        let index = "index.html".utf8.count
        let routes = (others.map(\.path.value) + ["index.html"])
            .filter { $0.hasSuffix(".html") }
            .map { $0.hasSuffix("index.html") ? String(decoding: $0.utf8.dropLast(index), as: UTF8.self) : $0 }
            .sorted()
            .map { (route: $0, lastModified: lastModified[$0]) }
        return [
            try Route.page("", "home.html") { _ in home.view() },
            try Route.page("404.html", "404.html") { _ in files.notFound() },
            try Route.page("feed.xml", "feed.xml", size: tasks.count) { _ in files.feed(tasks: tasks) },
            try Route.page("robots.txt", "robots.txt") { _ in files.robots() }
        ] + (try sitemaps(routes))
    }

    private func sitemaps(_ routes: [(route: String, lastModified: Day?)]) throws(DiagnosticError) -> [OutputItem] {
        let files = files
        guard routes.count > urlsPerSitemap else {
            return [
                try Route.page(
                    "sitemap.xml", "sitemap.xml", size: routes.count,
                    fingerprint: { files.sitemapFingerprint(routes: routes) }
                ) { _ in files.sitemap(routes: routes) }
            ]
        }
        let chunks = stride(from: 0, to: routes.count, by: urlsPerSitemap).map {
            Array(routes[$0..<min(routes.count, $0 + urlsPerSitemap)])
        }
        let names = chunks.indices.map { "sitemap-\($0 + 1).xml" }
        var items = [try Route.page("sitemap.xml", "sitemap-index.xml") { _ in files.sitemapIndex(parts: names) }]
        for (name, chunk) in zip(names, chunks) {
            items.append(
                try Route.page(
                    name, "sitemap.xml", size: chunk.count, fingerprint: { files.sitemapFingerprint(routes: chunk) }
                ) { _ in files.sitemap(routes: chunk) })
        }
        return items
    }
}
