import Foundation

/// Reads a built output folder the way a browser and a crawler would: which links each page has,
/// which ids it defines, and whether a link lands on a file (and an id) that exists.
struct SiteLinks {
    let site: TreeSnapshot
    /// The path part of the site's base URL (`/` or `/board/`): where root-relative links start.
    let basePath: String

    init(_ site: TreeSnapshot, basePath: String = "/") {
        self.site = site
        self.basePath = basePath
    }

    var htmlFiles: [String] { site.files.filter { $0.hasSuffix(".html") } }

    /// Every `href="…"` and `src="…"` of an HTML file, entities decoded.
    func links(in page: String) -> [String] {
        guard let text = site.text(page) else { return [] }
        return text.matches(of: #/\s(?:href|src)="([^"]*)"/#).map { Self.decodeEntities(String($0.1)) }
    }

    /// The hrefs of an HTML file's `<a>` links marked `rel="relation"` (`next`, `prev`).
    func rel(_ relation: String, in page: String) -> [String] {
        (site.text(page) ?? "").matches(of: #/<a\s[^>]*>/#).filter { $0.output.contains("rel=\"\(relation)\"") }
            .compactMap { $0.output.firstMatch(of: #/\shref="([^"]*)"/#).map { Self.decodeEntities(String($0.1)) } }
    }

    /// The `id="…"` values of an HTML file: what `#fragment` links can point at.
    func ids(in page: String) -> Set<String> {
        Set((site.text(page) ?? "").matches(of: #/\sid="([^"]*)"/#).map { Self.decodeEntities(String($0.1)) })
    }

    /// Each internal link of every HTML page that does not land on an existing file, or on an
    /// existing id of it, as `page → link`. Links to other sites and data URLs are not checked.
    func broken() -> [String] {
        htmlFiles.flatMap { page in
            links(in: page).filter { !Self.isExternal($0) && !lands($0, from: page) }.map { "\(page) → \($0)" }
        }
    }

    static func isExternal(_ link: String) -> Bool {
        ["http:", "https:", "mailto:", "data:"].contains { link.lowercased().hasPrefix($0) }
    }

    /// Whether `link`, written in `page`, names a file of the site and, with a fragment, an id in it.
    func lands(_ link: String, from page: String) -> Bool {
        guard let (file, fragment) = resolve(link, from: page), site.entries[file]?.bytes != nil else { return false }
        guard let fragment, !fragment.isEmpty else { return true }
        return ids(in: file).contains(fragment)
    }

    /// The output file a link names and its fragment; nil when it leaves the site. A query is
    /// ignored, as a static server does; a folder means its `index.html`.
    func resolve(_ link: String, from page: String) -> (file: String, fragment: String?)? {
        var rest = Substring(link)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...]).removingPercentEncoding
            rest = rest[..<hash]
        }
        if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
        guard let path = String(rest).removingPercentEncoding else { return nil }
        if path.isEmpty { return (page, fragment) }

        var parts: [Substring]
        var relative = Substring(path)
        if path.hasPrefix("/") {
            guard path.hasPrefix(basePath) else { return nil }
            parts = []
            relative = relative.dropFirst(basePath.count)
        } else {
            parts = page.split(separator: "/").dropLast()
        }
        for part in relative.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        let file = parts.joined(separator: "/")
        let isFolder = file.isEmpty || path.hasSuffix("/") || (site.entries[file].map { $0.bytes == nil } ?? false)
        return (isFolder ? (file.isEmpty ? "index.html" : file + "/index.html") : file, fragment)
    }

    private static func decodeEntities(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
