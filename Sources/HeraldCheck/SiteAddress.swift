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
/// URL, which parses and allocates far more than these parts need, once per link of a site.
struct AbsoluteURL: Equatable {
    var scheme: String
    var host: String
    /// nil for the scheme's default port.
    var port: Int?
    /// Still percent-encoded; `/` when the URL has none.
    var path: String

    init?(_ text: String) {
        // On bytes: a site's sitemap, canonical links and outside links are tens of thousands.
        let bytes = Array(text.utf8)
        func hasPrefix(_ prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard bytes.count >= count else { return false }
            for offset in 0..<count where bytes[offset] | 0x20 != prefix.utf8Start[offset] | 0x20 { return false }
            return true
        }
        var index: Int
        if hasPrefix("https://") {
            scheme = "https"
            index = 8
        } else if hasPrefix("http://") {
            scheme = "http"
            index = 7
        } else {
            return nil
        }
        var authorityEnd = index
        while authorityEnd < bytes.count, bytes[authorityEnd] != UInt8(ascii: "/"),
            bytes[authorityEnd] != UInt8(ascii: "?"),
            bytes[authorityEnd] != UInt8(ascii: "#")
        {
            if bytes[authorityEnd] == UInt8(ascii: "@") { index = authorityEnd + 1 }
            authorityEnd += 1
        }
        var hostEnd = authorityEnd
        port = nil
        // A port follows the last `:`, unless that is inside an IPv6 address's brackets.
        if let colon = bytes[index..<authorityEnd].lastIndex(of: UInt8(ascii: ":")),
            !bytes[colon..<authorityEnd].contains(UInt8(ascii: "]"))
        {
            hostEnd = colon
            let digits = bytes[(colon + 1)..<authorityEnd]
            if !digits.isEmpty {
                guard digits.count <= 5, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
                else { return nil }
                let number = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                guard number <= 65535 else { return nil }
                port = number == (scheme == "https" ? 443 : 80) ? nil : number
            }
        }
        guard hostEnd > index else { return nil }
        host = String(decoding: bytes[index..<hostEnd], as: UTF8.self).lowercased()
        var pathEnd = authorityEnd
        while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") {
            pathEnd += 1
        }
        path = pathEnd == authorityEnd ? "/" : String(decoding: bytes[authorityEnd..<pathEnd], as: UTF8.self)
    }
}
