import HeraldCore

/// What `herald serve` tells the person who started it: a protocol, so that a test can read the
/// lines of a rebuild instead of the process's terminal.
protocol ServeOutput: Sendable {
    /// A result: one line on stdout.
    func say(_ line: String)
    /// Problems: lines on stderr, together.
    func complain(_ lines: [String])
}

extension Terminal: ServeOutput {}
