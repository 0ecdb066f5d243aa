import HeraldCore

/// One fetched page of a URL source, as the readers get it.
public struct RemoteDocument: Sendable {
    /// The page's URL: what error positions name (`https://api.example.org/heroes.json:3:17`).
    public var url: String
    public var bytes: [UInt8]
    public var contentType: String?

    public init(url: String, bytes: [UInt8], contentType: String?) {
        self.url = url
        self.bytes = bytes
        self.contentType = contentType
    }
}

/// Where the loaders get the pages of URL sources: HeraldRemote's fetcher and cache in a build,
/// injected so that the readers need no HTTP client.
public protocol RemoteSource: Sendable {
    /// The pages of `spec`, first to last.
    func documents(for spec: SourceSpec) throws(DiagnosticError) -> [RemoteDocument]
    /// How many records the pages gave, so that an answer emptied since is noticed.
    func noteRecords(_ count: Int, of spec: SourceSpec)
}
