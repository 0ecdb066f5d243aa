import HeraldCore

/// What a config's `tasks:` or `heroes:` section says about where its records come from.
public struct SourceSpec: Sendable, Hashable {
    /// A file, a folder, a glob (`Content/**/*.md`) or a SQLite file, relative to the site folder;
    /// or an http(s) URL.
    public var path: String
    /// The format; nil infers it from the path (see `RecordLoader`).
    public var format: DataFormat?
    /// A dotted key path to the records inside a JSON or YAML document, e.g. `data.results`.
    public var root: String?
    /// The SQLite table to read every row of.
    public var table: String?
    /// The SQLite query whose rows are the records; used instead of `table`.
    public var query: String?
    /// The most bytes one file of the source may hold (`max_bytes:`).
    public var maxBytes: Int
    /// How long reading the source may take where reading can stall: a SQLite query, a request (`timeout:`).
    public var timeout: Duration
    /// How a URL source is fetched and cached.
    public var remote: RemoteOptions = RemoteOptions()
    /// What starts a comment line in a todo.txt file (`comments: "#"`); nil: every line is a task,
    /// as the format has no comments.
    public var comments: String?

    /// What of the spec, besides the file and its format, changes the records read from a file:
    /// a file's models kept for one spec (`DecodedFiles`) serve another only where this is equal,
    /// so two joins of one JSON file at other roots, or of two tables of one SQLite file, each get
    /// their own records. Empty for a spec that sets none of it. Each value goes with its length,
    /// so no value can pass for two.
    var readerKey: String {
        let options: [(String, String?)] = [
            ("root", root), ("table", table), ("query", query), ("comments", comments),
            ("max", maxBytes == FileBytes.defaultLimit ? nil : String(maxBytes))
        ]
        return options.compactMap { name, value in value.map { "\(name)=\($0.utf8.count):\($0)|" } }.joined()
    }

    /// Whether the source is fetched over HTTP rather than read from disk.
    public var isRemote: Bool { RemoteOptions.isURL(path) }

    public static let defaultTimeout = Duration.seconds(30)

    public init(
        path: String, format: DataFormat? = nil, root: String? = nil,
        table: String? = nil, query: String? = nil, maxBytes: Int = FileBytes.defaultLimit,
        timeout: Duration = SourceSpec.defaultTimeout
    ) {
        self.path = path
        self.format = format
        self.root = root
        self.table = table
        self.query = query
        self.maxBytes = maxBytes
        self.timeout = timeout
    }
}
