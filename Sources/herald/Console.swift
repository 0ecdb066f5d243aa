import Foundation

/// Where the commands talk to the user: results on stdout, diagnostics on stderr.
enum Console {
    /// Writes each line to stderr, as compilers do, so editors and CI can annotate them.
    static func printErrors(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        try? FileHandle.standardError.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// `10,004`: counts in summaries, grouped by thousands whatever the locale.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = number < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
