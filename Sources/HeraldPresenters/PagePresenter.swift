import HeraldModels
import HeraldMustache

/// Maps a Markdown page (About, …) to view data: its rendered body, date and table of contents.
public struct PagePresenter: Sendable {
    public let context: SiteContext

    public init(context: SiteContext) {
        self.context = context
    }

    public static func route(of page: Page) -> String { "\(page.slug)/" }

    public func view(_ page: Page) -> TemplateValue {
        let route = Self.route(of: page)
        let links = Linker(from: route)
        let document = context.markdown.render(page.body)
        var view = context.chrome(
            route: route, title: page.title,
            description: document.summary.isEmpty ? page.title : document.summary,
            links: links, section: route)
        view["title"] = .string(page.title)
        // `.null`, not `nil`, which would remove the key that page.html names under --strict.
        view["date"] =
            page.date.map { ["iso": .string($0.description), "text": .string(context.dayText.long($0))] } ?? .null
        // A table of contents only helps on pages with several sections.
        let sections = document.headings.filter { $0.level == 2 }
        view["has_toc"] = .bool(sections.count >= 2)
        view["toc"] = .list(sections.map { ["id": .string($0.id), "text": .string($0.text)] })
        view["body_html"] = .html(document.html)
        return .map(view)
    }
}
