import Foundation

/// Where `herald serve` talks to the person who started it: results on stdout, problems on
/// stderr, each line written at once (unbuffered, for whoever reads stdout through a pipe).
enum Terminal {
    static func say(_ line: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
    }

    static func complain(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        try? FileHandle.standardError.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    }
}
