import Foundation

/// What `herald serve` tells the person who started it: a protocol, so that a test can read the
/// lines of a rebuild instead of the process's terminal.
protocol ServeOutput: Sendable {
    /// A result: one line on stdout.
    func say(_ line: String)
    /// Problems: lines on stderr, together.
    func complain(_ lines: [String])
}

/// Where `herald serve` talks to the person who started it: results on stdout, problems on
/// stderr, each line written at once (unbuffered, for whoever reads stdout through a pipe).
struct Terminal: ServeOutput {
    func say(_ line: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
    }

    func complain(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        try? FileHandle.standardError.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    }
}
