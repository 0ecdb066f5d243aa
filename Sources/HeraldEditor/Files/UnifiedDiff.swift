/// The unified diff (`diff -u`) of a file before and after one edit, for `--dry-run`. An edit
/// touches one record, so only the lines between the common first and last lines are compared
/// line by line (a longest common subsequence, small there), and hunks keep three lines of context.
enum UnifiedDiff {
    static let context = 3
    /// Past this many lines × lines in the changed stretch, the stretch is shown as one change.
    static let maxComparisons = 4_000_000

    private enum Step: Equatable {
        case same(Int, Int)
        case removed(Int)
        case added(Int)
    }

    /// Empty when the texts are equal.
    static func make(old: [UInt8], new: [UInt8], path: String) -> String {
        guard old != new else { return "" }
        let before = lines(old)
        let after = lines(new)
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix,
            before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
        { suffix += 1 }
        var steps = (0..<prefix).map { Step.same($0, $0) }
        steps += middle(before, prefix..<(before.count - suffix), after, prefix..<(after.count - suffix))
        steps += (0..<suffix).map { Step.same(before.count - suffix + $0, after.count - suffix + $0) }

        var out = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(steps) {
            let slice = steps[hunk]
            let oldLines = slice.compactMap {
                if case .same(let o, _) = $0 { o } else if case .removed(let o) = $0 { o } else { nil }
            }
            let newLines = slice.compactMap {
                if case .same(_, let n) = $0 { n } else if case .added(let n) = $0 { n } else { nil }
            }
            out += "@@ -\(range(oldLines)) +\(range(newLines)) @@\n"
            for step in slice {
                switch step {
                case .same(let index, _): out += " " + show(before[index])
                case .removed(let index): out += "-" + show(before[index])
                case .added(let index): out += "+" + show(after[index])
                }
            }
        }
        return out
    }

    /// The steps from `before[old]` to `after[new]` through their longest common subsequence.
    private static func middle(
        _ before: [ArraySlice<UInt8>], _ old: Range<Int>,
        _ after: [ArraySlice<UInt8>], _ new: Range<Int>
    ) -> [Step] {
        guard old.count * new.count <= maxComparisons, !old.isEmpty, !new.isEmpty else {
            return old.map { .removed($0) } + new.map { .added($0) }
        }
        // lengths[i][j]: the common subsequence of old's lines from i and new's lines from j.
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i][j] =
                    before[old.lowerBound + i] == after[new.lowerBound + j]
                    ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var steps: [Step] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, before[old.lowerBound + i] == after[new.lowerBound + j] {
                steps.append(.same(old.lowerBound + i, new.lowerBound + j))
                i += 1
                j += 1
            } else if j < new.count, i == old.count || lengths[i][j + 1] >= lengths[i + 1][j] {
                // Removals before additions, as diff prints them: take an addition only when a
                // removal would not keep the common part as long.
                if i < old.count, lengths[i + 1][j] == lengths[i][j] {
                    steps.append(.removed(old.lowerBound + i))
                    i += 1
                } else {
                    steps.append(.added(new.lowerBound + j))
                    j += 1
                }
            } else {
                steps.append(.removed(old.lowerBound + i))
                i += 1
            }
        }
        return steps
    }

    /// The ranges of steps each hunk shows: the changes, with `context` same lines around them,
    /// nearby changes joined.
    private static func hunks(_ steps: [Step]) -> [Range<Int>] {
        var hunks: [Range<Int>] = []
        for (index, step) in steps.enumerated() {
            if case .same = step { continue }
            let start = max(0, index - context)
            let end = min(steps.count, index + context + 1)
            if let last = hunks.last, start <= last.upperBound {
                hunks[hunks.count - 1] = last.lowerBound..<max(last.upperBound, end)
            } else {
                hunks.append(start..<end)
            }
        }
        return hunks
    }

    /// `start,count` in 1-based lines. With three lines of context a side has no line in a hunk
    /// only when that whole file is empty, which diff writes `0,0`.
    private static func range(_ lines: [Int]) -> String {
        lines.first.map { "\($0 + 1),\(lines.count)" } ?? "0,0"
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
}
