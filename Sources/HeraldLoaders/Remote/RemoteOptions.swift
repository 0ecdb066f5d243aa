/// How a URL source is fetched: `herald.yml`'s remote keys of one source.
public struct RemoteOptions: Sendable, Hashable {
    /// Request headers; `${NAME}` in a value is the environment variable NAME, read at fetch time.
    public var headers: [String: String] = [:]
    /// How long a cached copy is fresh: within it no request is made (`max_age:`).
    public var maxAge: Duration = .seconds(3600)
    /// Told apart from the URL in the cache key, for two sources with one URL (`cache_key:`).
    public var cacheKey: String?
    /// A dotted key path to the next page's URL in a page's body (`next:`); `Link: rel="next"`
    /// headers are followed either way.
    public var next: String?
    /// The most pages one source may have (`max_pages:`).
    public var maxPages = 100

    public init() {}

    /// `http://` or `https://`, in any case.
    public static func isURL(_ path: String) -> Bool {
        let lower = path.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
