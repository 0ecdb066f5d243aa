import HeraldMustache

/// Splits a list into pages and describes the pager: `heroes/`, `heroes/page/2/`, ….
public struct Pagination: Sendable {
    public let itemCount: Int
    public let perPage: Int
    public let firstRoute: String
    public let pageCount: Int

    public init(itemCount: Int, perPage: Int, firstRoute: String) {
        self.itemCount = itemCount
        self.perPage = max(1, perPage)
        self.firstRoute = firstRoute
        // Divided rather than rounded up by adding perPage - 1, which overflows for a huge perPage.
        pageCount = max(1, itemCount / self.perPage + (itemCount % self.perPage == 0 ? 0 : 1))
    }

    /// The route of page `number` (1-based): the first page is the list's own route.
    public func route(ofPage number: Int) -> String {
        number <= 1 ? firstRoute : "\(firstRoute)page/\(number)/"
    }

    /// The item indexes shown on page `number`.
    public func range(ofPage number: Int) -> Range<Int> {
        let (offset, overflow) = (number - 1).multipliedReportingOverflow(by: perPage)
        let start = overflow ? itemCount : min(itemCount, offset)
        return start..<start + min(perPage, itemCount - start)
    }

    /// The pager of page `number`, as view data: the first and last pages and a few around the
    /// current one, so a catalog of thousands of pages does not list them all on every page.
    public func view(page number: Int, links: Linker) -> TemplateValue {
        let window = Set([1, pageCount] + Array(max(1, number - 2)...min(pageCount, number + 2)))
        var pages: [TemplateValue] = []
        var previousShown = 0
        for index in window.sorted() {
            if index > previousShown + 1 { pages.append(["gap": true, "current": false, "number": "…", "href": ""]) }
            pages.append([
                "gap": false, "number": .int(index), "href": .string(links.href(route(ofPage: index))),
                "current": .bool(index == number)
            ])
            previousShown = index
        }
        let previous: TemplateValue = number > 1 ? ["href": .string(links.href(route(ofPage: number - 1)))] : nil
        let next: TemplateValue = number < pageCount ? ["href": .string(links.href(route(ofPage: number + 1)))] : nil
        return [
            "many": .bool(pageCount > 1), "pages": .list(pages), "previous": previous, "next": next,
            "number": .int(number), "count": .int(pageCount)
        ]
    }
}
