/// What the link checker takes from one page: the URLs it links to and the anchors it offers.
public struct PageScan: Sendable {
    /// In the order they appear.
    public var links: [FoundLink] = []
    /// Every `id`, and every `name` of an `<a>`: what a fragment may point at.
    public var anchors: Set<String> = []
    /// The first `<base href>`, which relative links resolve against instead of the page's own URL.
    public var base: String?

    public init() {}
}

/// One URL written in a page, with the line and column where its text starts.
public struct FoundLink: Sendable, Equatable {
    public var url: String
    public var line: Int
    public var column: Int

    public init(url: String, line: Int, column: Int) {
        self.url = url
        self.line = line
        self.column = column
    }
}
