import Synchronization

/// Collects warnings from work that runs on many threads at once (records decoded on every
/// core), for the build to report in file order.
public final class DiagnosticLog: Sendable {
    private let items = Mutex<[Diagnostic]>([])

    public init() {}

    public func add(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        items.withLock { $0.append(contentsOf: diagnostics) }
    }

    /// Everything added so far, by file, line and column.
    public var all: [Diagnostic] {
        items.withLock { $0 }.sorted {
            ($0.location.file, $0.location.line, $0.location.column, $0.message)
                < ($1.location.file, $1.location.line, $1.location.column, $1.message)
        }
    }
}
