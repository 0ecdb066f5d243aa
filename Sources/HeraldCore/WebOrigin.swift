import Foundation

/// The origin of an http(s) URL: its scheme, host and port. Herald asks nothing but http(s)
/// URLs, and a source's secret headers go only to requests whose origin is the source's own.
public struct WebOrigin: Hashable, Sendable {
    public let scheme: String
    public let host: String
    public let port: Int

    /// nil for a URL that is not http(s) with a host (`http+unix://…`, `file:///…`, `ftp://…`).
    public init?(_ url: String) {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https",
            let host = parsed.host?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        port = parsed.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `a 'file:' URL`: a refused URL as a message names it, by its scheme only (the rest may be
    /// a socket's path or carry a secret).
    public static func schemeText(of url: String) -> String {
        let scheme = url.prefix { $0 != ":" && $0 != "/" }
        return scheme.isEmpty || scheme.count == url.count ? "a URL with no scheme" : "a '\(scheme):' URL"
    }
}
