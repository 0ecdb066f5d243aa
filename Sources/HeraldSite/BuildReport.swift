import HeraldBuilder
import HeraldLoaders
import HeraldRemote

/// What a build did, for the summary line and `--report FILE.json`.
public struct BuildReport: Sendable, Codable {
    /// How long one phase of the build took.
    public struct Phase: Sendable, Codable {
        public var name: String
        public var seconds: Double
    }

    public var succeeded: Bool
    /// The build did not start because its output folder may not be used (bad usage, exit 2).
    public var refusedOutput = false
    public var pages = 0
    public var bytes = 0
    public var written = 0
    public var unchanged = 0
    /// Of the unchanged pages, those kept from the last build without rendering: made from the
    /// same inputs (their fingerprints say so) under the same binary, herald.yml and templates.
    public var reused = 0
    public var removed = 0
    /// Compiler-style lines: `path:line:column: warning: message`.
    public var warnings: [String] = []
    public var errors: [String] = []
    public var phases: [Phase] = []
    /// How each URL source was obtained: fresh, revalidated, downloaded, stale or offline.
    public var sources: [RemoteFetcher.Report] = []
    /// What each source's records became: made into models, dropped by `where:`, `status_map` or `h:1`, or refused.
    public var records: [SourceTally] = []
    public var seconds = 0.0

    public init(succeeded: Bool) {
        self.succeeded = succeeded
    }

    /// Takes the counts of a committed (or found up-to-date) output folder: the build succeeded.
    mutating func record(_ summary: OutputWriter.Summary) {
        succeeded = true
        pages = summary.written + summary.unchanged
        bytes = summary.bytes
        written = summary.written
        unchanged = summary.unchanged
        reused = summary.reused
        removed = summary.removed
    }
}
