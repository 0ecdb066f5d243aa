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
        let page = !absolute && (route.isEmpty || route.hasSuffix("/")) ? "index.html" : ""
        guard let fragment else { return Self.joined(prefix, route, page) }
        return Self.joined(prefix, route, page, "#", fragment)
    }

    /// The href of the page `folder/name/`, as `href("folder/name/")` gives it without making the
    /// route first: the link of every card on every page.
    public func href(folder: String, name: String) -> String {
        Self.joined(prefix, folder, "/", name, absolute ? "/" : "/index.html")
    }

    /// `parts` in one string, their bytes copied once: appending one to another grows the string
    /// (a copy) at each step, on each of the many links a page holds.
    private static func joined(_ parts: String...) -> String {
        let count = parts.reduce(0) { $0 + $1.utf8.count }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    end = UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: bytes) + end
                }
            }
            return end
        }
    }

    /// The way up to the site root from this page (`../../`), for scripts that build links.
    public var root: String { prefix }
}
