import Foundation

/// Where Herald talks to the person who ran it: results on stdout, problems on stderr.
///
/// Each call is one write of its own, unbuffered, so that whoever reads through a pipe (an
/// editor, CI, a test waiting for `herald serve`'s address) sees a line as soon as it is said.
public struct Terminal: Sendable {
    public init() {}

    /// A result: one line on stdout.
    public func say(_ line: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Problems: lines on stderr, together, as compilers print them, so that editors and CI can
    /// annotate them.
    public func complain(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        try? FileHandle.standardError.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    }
}
