/// The unified diff (`diff -u`) of a file before and after one edit, for `--dry-run`. An edit
/// changes one stretch of lines, so the hunk is what lies between the common first and last lines.
enum UnifiedDiff {
    static let context = 3

    /// Empty when the texts are equal.
    static func make(old: [UInt8], new: [UInt8], path: String) -> String {
        guard old != new else { return "" }
        let before = lines(old)
        let after = lines(new)
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix,
              before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        let start = max(0, prefix - context)
        let oldEnd = min(before.count, before.count - suffix + context)
        let newEnd = min(after.count, after.count - suffix + context)
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        out += "@@ -\(range(start, oldEnd)) +\(range(start, newEnd)) @@\n"
        for line in before[start..<prefix] { out += " " + show(line) }
        for line in before[prefix..<(before.count - suffix)] { out += "-" + show(line) }
        for line in after[prefix..<(after.count - suffix)] { out += "+" + show(line) }
        for line in before[(before.count - suffix)..<oldEnd] { out += " " + show(line) }
        return out
    }

    /// Lines with their endings, so a changed ending is a changed line.
    private static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(bytes[start...offset])
            start = offset + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    private static func show(_ line: ArraySlice<UInt8>) -> String {
        // Bytes, not Characters: "\r\n" is one Character and would not end with "\n".
        guard line.last == UInt8(ascii: "\n") else {
            return String(decoding: line, as: UTF8.self) + "\n\\ No newline at end of file\n"
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// `start,count` in 1-based lines; an empty range names the line before it, as diff does.
    private static func range(_ start: Int, _ end: Int) -> String {
        let count = end - start
        return count == 0 ? "\(start),0" : "\(start + 1),\(count)"
    }
}
