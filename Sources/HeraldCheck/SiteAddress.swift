/// Where the built site is served, from its `base_url`: the origin (when the base URL is a full
/// URL) and the path every page lives under.
public struct SiteAddress: Sendable, Equatable {
    /// Lowercased; nil when `base_url` is a bare path.
    public var host: String?
    public var port: Int?
    /// Starts and ends with `/`: `/board/`, or `/`.
    public var basePath: String

    /// `base_url` as the config normalized it (`https://example.org/board/` or `/board/`).
    public init(baseURL: String) {
        if let parts = AbsoluteURL(baseURL) {
            host = parts.host
            port = parts.port
            basePath = parts.path.hasSuffix("/") ? parts.path : parts.path + "/"
        } else {
            host = nil
            port = nil
            basePath = baseURL.hasPrefix("/") ? (baseURL.hasSuffix("/") ? baseURL : baseURL + "/") : "/"
        }
    }

    /// The page's path relative to the output folder when `path` (a URL path from the server's
    /// root) lies under the base path; `/board` itself counts, as servers redirect it to `/board/`.
    func relative(_ path: String) -> String? {
        if path.hasPrefix(basePath) { return String(path.dropFirst(basePath.count)) }
        if path + "/" == basePath { return "" }
        return nil
    }

    func isSameOrigin(_ url: AbsoluteURL) -> Bool {
        guard let host else { return false }
        return url.host == host && url.port == port
    }
}

/// The parts of an http(s) URL the checker needs. Hand-split rather than through Foundation's
/// URL, which costs microseconds a link where a site has hundreds of thousands.
struct AbsoluteURL: Equatable {
    var scheme: String
    var host: String
    /// nil for the scheme's default port.
    var port: Int?
    /// Still percent-encoded; `/` when the URL has none.
    var path: String

    init?(_ text: String) {
        let lowered = text.prefix(8).lowercased()
        let rest: Substring
        if lowered.hasPrefix("https://") {
            scheme = "https"
            rest = text.dropFirst(8)
        } else if lowered.hasPrefix("http://") {
            scheme = "http"
            rest = text.dropFirst(7)
        } else {
            return nil
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var hostPart = authority
        port = nil
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            hostPart = authority[..<colon]
            let digits = authority[authority.index(after: colon)...]
            if !digits.isEmpty {
                guard let number = Int(digits), (0...65535).contains(number) else { return nil }
                port = number == (scheme == "https" ? 443 : 80) ? nil : number
            }
        }
        guard !hostPart.isEmpty else { return nil }
        host = hostPart.lowercased()
        let tail = rest[authorityEnd...]
        let pathEnd = tail.firstIndex { $0 == "?" || $0 == "#" } ?? tail.endIndex
        path = tail[..<pathEnd].isEmpty ? "/" : String(tail[..<pathEnd])
    }
}
