import Foundation

/// Where the commands talk to the user: results on stdout, diagnostics on stderr.
enum Console {
    /// Writes each line to stderr, as compilers do, so editors and CI can annotate them.
    static func printErrors(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        try? FileHandle.standardError.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    }
}
