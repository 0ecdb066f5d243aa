/// Turns site routes (`""` for home, `tasks/`, `heroes/page/2/`, `tasks/report.md`) into the hrefs
/// a page writes. Links are relative to the page, and folder routes end in `index.html`, so the
/// site works from any sub-path, on any static host, and opened straight from disk.
public struct Linker: Sendable {
    private let prefix: String
    private let absolute: Bool

    /// Links for the page at `route`.
    public init(from route: String) {
        // One level up per slash: `heroes/x/` is two deep.
        let depth = route.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
        prefix = String(repeating: "../", count: depth)
        absolute = false
    }

    /// Links for a page served at unknown depth (the 404 page): rooted at the site's base path.
    public init(basePath: String) {
        prefix = basePath.hasSuffix("/") ? basePath : basePath + "/"
        absolute = true
    }

    /// The href of `route`, with an optional `#fragment`.
    public func href(_ route: String, fragment: String? = nil) -> String {
        var link = prefix + route
        if !absolute, route.isEmpty || route.hasSuffix("/") { link += "index.html" }
        if let fragment { link += "#" + fragment }
        return link
    }

    /// The way up to the site root from this page (`../../`), for scripts that build links.
    public var root: String { prefix }
}
