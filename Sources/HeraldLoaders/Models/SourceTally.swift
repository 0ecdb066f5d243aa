import Synchronization

/// How many records a source gave and what became of them, for `--verbose` and `--report`: a
/// record that is neither a model nor a positioned problem must be one the user dropped.
public struct SourceTally: Sendable, Codable, Equatable {
    /// The source as herald.yml names it.
    public var source: String
    /// Records read (after the format's own skipping, such as comment lines where asked for).
    public var records: Int
    /// Models made from them.
    public var made: Int
    /// Records the user left out: by `where:`, a status mapped to `~`, `h:1`.
    public var dropped: Int
    /// Lines skipped as comments (todo.txt with `comments:`), which are no records.
    public var comments: Int = 0
}

/// Counts a source's records as they are decoded, on every core.
final class SourceCounter: Sendable {
    private let counts = Mutex((records: 0, made: 0, dropped: 0, comments: 0))

    func reset() {
        counts.withLock { $0 = (0, 0, 0, 0) }
    }

    func count(comments: Int) {
        counts.withLock { $0.comments += comments }
    }

    func count(made: Bool, dropped: Bool) {
        counts.withLock { counts in
            counts.records += 1
            if made { counts.made += 1 }
            if dropped { counts.dropped += 1 }
        }
    }

    /// A file's records whose models were kept from an earlier build: those that made no model
    /// were dropped (a record with an error fails the build, and its file is never kept).
    func count(records: Int, made: Int) {
        counts.withLock { counts in
            counts.records += records
            counts.made += made
            counts.dropped += records - made
        }
    }

    /// Records counted since the last `reset()`.
    var records: Int { counts.withLock { $0.records } }

    func tally(of source: String) -> SourceTally {
        let counts = counts.withLock { $0 }
        return SourceTally(
            source: source, records: counts.records, made: counts.made, dropped: counts.dropped,
            comments: counts.comments)
    }
}
