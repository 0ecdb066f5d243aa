import HeraldCore
import HeraldModels

/// Where a collection's records come from, as `herald.yml` says it; the loaders decide how to read it.
public struct SourceConfig: Sendable {
    /// A file, folder, glob, SQLite file or http(s) URL, relative to the site folder.
    public var source: String
    /// One of `formats`; nil means "infer it from the source".
    public var format: String?
    public var table: String?
    public var query: String?
    /// Key path to the array of records inside the document (`data.results`).
    public var root: String?
    /// How long a cached copy of a remote source is fresh before it is revalidated.
    public var maxAge: Duration
    /// The most bytes one file of the source may hold; nil for the loaders' default.
    public var maxBytes: Int?
    /// How long reading the source may take where it can stall; nil for the loaders' default.
    public var timeout: Duration?
    /// Request headers of a URL source; `${NAME}` values come from the environment at fetch time.
    public var headers: [String: String] = [:]
    /// Keeps two sources with one URL apart in the cache.
    public var cacheKey: String?
    /// Key path to the next page's URL in a paged API's answer.
    public var next: String?
    /// The most pages a paged source may have.
    public var maxPages = 100
    /// What starts a comment line of a todo.txt source; nil: none, as in the format.
    public var comments: String?
    /// Where `source` is written, for errors about it (a missing file, a failed fetch).
    public var location: SourceLocation

    public static let formats = ["json", "yaml", "csv", "tsv", "markdown", "sqlite", "todo.txt", "markdown-checklist"]
    public static let defaultMaxAge = Duration.seconds(3600)
    static let keys = [
        "source", "format", "table", "query", "root", "max_age", "max_bytes", "timeout",
        "headers", "cache_key", "next", "max_pages", "comments"
    ]

    public init(
        source: String, format: String? = nil, table: String? = nil, query: String? = nil,
        root: String? = nil, maxAge: Duration = SourceConfig.defaultMaxAge, location: SourceLocation
    ) {
        self.source = source
        self.format = format
        self.table = table
        self.query = query
        self.root = root
        self.maxAge = maxAge
        self.location = location
    }

    /// Reads the source keys of the `name` section; nil (with an error) when `source` is missing.
    static func read(_ reader: inout ConfigReader, section: DataMap, name: String, in parent: DataMap) -> SourceConfig?
    {
        var config: SourceConfig?
        if let (source, node) = reader.text("source", in: section) {
            if !source.hasVisibleText {
                reader.error("'source' must name a file, folder, glob or URL, found ''", at: node)
            } else {
                config = SourceConfig(source: source, location: node.location(in: reader.file))
            }
        } else if reader.value("source", in: section) == nil {
            reader.error(
                "'\(name)' needs a 'source': the file, folder, glob or http(s) URL to read", atKey: name,
                in: parent)
        }

        if let (format, node) = reader.text("format", in: section) {
            if formats.contains(format) {
                config?.format = format
            } else {
                let hint = Suggestion.nearest(to: format, in: formats).map { " (did you mean '\($0)'?)" } ?? ""
                reader.error(
                    "'format' must be one of \(formats.joined(separator: ", ")), found '\(format)'\(hint)",
                    at: node)
            }
        }
        config?.table = reader.text("table", in: section)?.text
        config?.query = reader.text("query", in: section)?.text
        if reader.value("table", in: section) != nil, reader.value("query", in: section) != nil {
            reader.error("give either 'table' or 'query', not both", atKey: "query", in: section)
        }
        if let root = KeyPaths.read(&reader, key: "root", in: section) { config?.root = root }
        if let maxAge = duration("max_age", &reader, in: section) { config?.maxAge = maxAge }
        if let timeout = duration("timeout", &reader, in: section, atMost: Durations.longestTimeout) {
            config?.timeout = timeout
        }
        if let maxBytes = maxBytes(&reader, in: section) { config?.maxBytes = maxBytes }
        if let headers = headers(&reader, in: section) { config?.headers = headers }
        config?.cacheKey = reader.text("cache_key", in: section)?.text
        if let (prefix, node) = reader.text("comments", in: section) {
            if prefix.hasVisibleText, !prefix.contains(" ") {
                config?.comments = prefix
            } else {
                reader.error(
                    "'comments' must be what starts a comment line, such as \"#\", found '\(prefix)'", at: node)
            }
        }
        if let next = KeyPaths.read(&reader, key: "next", in: section) { config?.next = next }
        if let node = reader.value("max_pages", in: section) {
            if case .int(let count) = node.value, (1...100_000).contains(count) {
                config?.maxPages = count
            } else {
                reader.error(
                    "'max_pages' must be a whole number from 1 to 100000, found \(node.value.quotedForMessage)",
                    at: node)
            }
        }
        return config
    }

    /// `headers:`, a map of header names to texts.
    private static func headers(_ reader: inout ConfigReader, in section: DataMap) -> [String: String]? {
        guard let map = reader.map("headers", in: section) else { return nil }
        var headers: [String: String] = [:]
        for (name, node) in map.entries {
            if case .string(let value) = node.value {
                headers[name] = value
            } else {
                reader.error("header '\(name)' must be text, found \(node.value.quotedForMessage)", at: node)
            }
        }
        return headers
    }

    private static func maxBytes(_ reader: inout ConfigReader, in section: DataMap) -> Int? {
        guard let node = reader.value("max_bytes", in: section) else { return nil }
        let bytes: Int?
        switch node.value {
        case .int(let number): bytes = number
        case .string(let text): bytes = ByteSizes.bytes(in: text.trimmed())
        default: bytes = nil
        }
        guard let bytes, bytes >= 1 else {
            reader.error(
                "'max_bytes' must be a size such as 1000000, 100MB or 1GB, found \(node.value.quotedForMessage)",
                at: node)
            return nil
        }
        return bytes
    }

    private static func duration(
        _ key: String, _ reader: inout ConfigReader, in section: DataMap,
        atMost limit: Int = Int.max
    ) -> Duration? {
        guard let node = reader.value(key, in: section) else { return nil }
        let seconds: Int?
        switch node.value {
        case .int(let number): seconds = number >= 0 ? number : nil
        case .string(let text): seconds = Durations.seconds(in: text.trimmed())
        default: seconds = nil
        }
        guard let seconds else {
            reader.error(
                "'\(key)' must be a duration such as 30s, 15m, 1h or 2d, found \(node.value.quotedForMessage)",
                at: node)
            return nil
        }
        guard seconds <= limit else {
            reader.error(
                "'\(key)' may be at most \(Durations.describe(limit)), found \(node.value.quotedForMessage)", at: node)
            return nil
        }
        return .seconds(seconds)
    }
}
