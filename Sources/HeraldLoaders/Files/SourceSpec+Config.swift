import HeraldConfig
import HeraldCore

extension SourceSpec {
    /// What one file of a URL source may hold unless `max_bytes:` says otherwise.
    public static let defaultRemoteLimit = 100 * 1024 * 1024

    /// The source a `tasks:`, `heroes:` or `data:` entry of herald.yml names.
    public init(_ source: SourceConfig) throws(DiagnosticError) {
        var format: DataFormat?
        if let name = source.format {
            guard let known = DataFormat(rawValue: name) else {
                throw DiagnosticError(.error(at: source.location, "unknown format '\(name)'"))
            }
            format = known
        }
        let isURL = RemoteOptions.isURL(source.source)
        var spec = SourceSpec(
            path: source.source, format: format, root: source.root, table: source.table,
            query: source.query,
            maxBytes: source.maxBytes ?? (isURL ? Self.defaultRemoteLimit : FileBytes.defaultLimit),
            timeout: source.timeout ?? SourceSpec.defaultTimeout)
        spec.remote.headers = source.headers
        spec.remote.maxAge = source.maxAge
        spec.remote.cacheKey = source.cacheKey
        spec.remote.next = source.next
        spec.remote.maxPages = source.maxPages
        spec.comments = source.comments
        self = spec
    }
}
