import Foundation
import HeraldCore
import HeraldModels
import HeraldMustache

/// The site-wide files: the 404 page, the sitemap, the Atom feed and robots.txt.
public struct SiteFilesPresenter: Sendable {
    public let context: SiteContext

    public init(context: SiteContext) {
        self.context = context
    }

    /// The 404 page links from the base path: it is served at whatever address was not found.
    public func notFound() -> TemplateValue {
        let links = Linker(basePath: context.basePath)
        var view = context.chrome(
            route: "404.html", title: "Page not found", description: "This page does not exist.",
            links: links, section: "404")
        view["title"] = "Page not found"
        view["message"] = "There is nothing at this address. It may have moved, or the link may be mistyped."
        return .map(view)
    }

    /// Every HTML page's route, with the day it last changed where one is known.
    public func sitemap(routes: [(route: String, lastModified: Day?)]) -> TemplateValue {
        [
            "urls": .list(
                routes.map { item in
                    [
                        "loc": .string(context.absoluteURL(item.route)),
                        "lastmod": item.lastModified.map { .string($0.description) } ?? nil
                    ]
                })
        ]
    }

    /// A hash of what `sitemap(routes:)` is made from, without making it: the site's address
    /// and each route with its day. A build that adds, removes or dates no page keeps the sitemap.
    public func sitemapFingerprint(routes: [(route: String, lastModified: Day?)]) -> UInt64 {
        var hasher = ContentHash()
        hasher.combine("sitemap")
        hasher.combine(context.absoluteURL(""))
        hasher.combine(routes.count)
        for item in routes {
            hasher.combine(item.route)
            hasher.combine(item.lastModified?.description)
        }
        return hasher.value
    }

    /// A sitemap index: what replaces `sitemap.xml` when the site has more URLs than one sitemap
    /// may hold, naming the sitemaps that hold them.
    public func sitemapIndex(parts: [String]) -> TemplateValue {
        ["sitemaps": .list(parts.map { ["loc": .string(context.absoluteURL($0))] })]
    }

    /// The Atom feed: the most recently completed tasks, newest first. Its author is the site:
    /// RFC 4287 requires one for a feed whose entries name none.
    public func feed(tasks: [TaskItem], limit: Int = 20) -> TemplateValue {
        let done = tasks.filter { $0.completed && $0.completedAt != nil }
            .sorted { ($0.completedAt?.description ?? "", $0.id) > ($1.completedAt?.description ?? "", $1.id) }
            .prefix(limit)
        let updated = done.first?.completedAt.map(Self.timestamp) ?? Self.timestamp(context.now)
        return [
            "title": .string("\(context.title): recently completed"),
            "author": .string(context.title),
            "id": .string(context.absoluteURL("")),
            "self": .string(context.absoluteURL("feed.xml")),
            "home": .string(context.absoluteURL("")),
            "updated": .string(updated),
            "entries": .list(
                done.map { task in
                    let anchor = TaskBoardPresenter.anchor(task.id)
                    return [
                        "title": .string("Done: \(task.title)"),
                        "id": .string(context.absoluteURL("tasks/") + "#task-\(anchor)"),
                        "link": .string(context.absoluteURL("tasks/") + "#task-\(anchor)"),
                        "updated": .string(task.completedAt.map(Self.timestamp) ?? updated),
                        "summary": .string(task.notes ?? task.title)
                    ]
                })
        ]
    }

    public func robots() -> TemplateValue {
        ["sitemap": .string(context.absoluteURL("sitemap.xml"))]
    }

    static func timestamp(_ day: Day) -> String { "\(day.description)T00:00:00Z" }

    static func timestamp(_ date: Date) -> String {
        timestamp(Day(date, in: TimeZone(identifier: "UTC") ?? .current))
    }
}
