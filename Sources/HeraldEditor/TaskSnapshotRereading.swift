import HeraldCore
import HeraldLoaders

/// The snapshot of a todo.txt file after an edit, made from the one before: an edit changes a
/// few lines and every other line reads as it did (a todo.txt line stands alone), so only the
/// changed lines are read again, and the whole file is not decoded a second time.
extension TaskSnapshot {
    func rereadingTodoTxt(_ bytes: [UInt8]) throws(DiagnosticError) -> TaskSnapshot {
        guard case .todoTxt(let old) = origin else { return self }
        let (start, oldEnd, newEnd) = Self.changedLines(old, bytes)
        // Records wholly before or after the changed lines stay; the others are read again.
        let first = records.firstIndex { $0.span.upperBound >= start } ?? records.count
        let last = records[first...].firstIndex { $0.span.lowerBound > oldEnd } ?? records.count
        let firstLine =
            first > 0
            ? records[first - 1].line + Self.newlines(in: bytes[records[first - 1].span.upperBound..<start])
            : 1 + Self.newlines(in: bytes[Self.bomLength(bytes)..<start])
        try checkText(bytes[start..<newEnd], firstLine: firstLine)

        var summaries = Array(records[..<first])
        var decoded = tasks.prefix { $0.recordIndex < first }.map {
            Decoded(recordIndex: $0.recordIndex, ownID: $0.ownID)
        }
        var problems: [Diagnostic] = []
        var line = firstLine
        var lineStart = start
        while lineStart <= newEnd {
            let lineEnd = bytes[lineStart..<newEnd].firstIndex(of: UInt8(ascii: "\n")) ?? newEnd
            switch TodoTxtRecordReader.record(
                inLine: bytes[lineStart..<lineEnd], number: line, file: file.displayPath,
                comments: file.comments)
            {
            case .success(let record?):
                Self.decode(
                    record, span: lineStart..<lineEnd, rules: rules, derivesLater: true, into: &summaries, &decoded,
                    &problems)
            case .success(nil): break
            case .failure(let error): problems += error.diagnostics
            }
            line += 1
            lineStart = lineEnd + 1
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }

        let regionEnd = summaries.count
        let byteShift = newEnd - oldEnd
        let lineShift = Self.newlines(in: bytes[start..<newEnd]) - Self.newlines(in: old[start..<oldEnd])
        for var summary in records[last...] {
            summary.span = (summary.span.lowerBound + byteShift)..<(summary.span.upperBound + byteShift)
            summary.line += lineShift
            summaries.append(summary)
        }
        decoded += tasks.filter { $0.recordIndex >= last }.map { task in
            Decoded(recordIndex: task.recordIndex - last + regionEnd, ownID: task.ownID)
        }
        let shared = Self.completeIdentities(&summaries, bytes: bytes, file: file.displayPath, comments: file.comments)
        return TaskSnapshot(
            file: file, rules: rules, summaries: summaries, decoded: decoded,
            assigned: DerivedIDs.assign(summaries.map(\.key), sharedTitles: shared), origin: .todoTxt(bytes: bytes))
    }

    /// Where the texts differ, widened to whole lines: the offset where the first changed line
    /// starts (the same in both), and where the last one ends in each (at its `\n`, or the end).
    /// Everything before `start` and from the ends on is the same in both.
    static func changedLines(_ old: [UInt8], _ new: [UInt8]) -> (start: Int, oldEnd: Int, newEnd: Int) {
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let bom = bomLength(new)
        var start = max(prefix, bom)
        while start > bom, new[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var newEnd = new.count - suffix
        while newEnd < new.count, new[newEnd] != UInt8(ascii: "\n") { newEnd += 1 }
        return (start, newEnd - (new.count - old.count), newEnd)
    }

    /// The changed lines must be UTF-8 text as the reader checks it, their positions in the file's lines.
    private func checkText(_ text: ArraySlice<UInt8>, firstLine: Int) throws(DiagnosticError) {
        do throws(DiagnosticError) {
            _ = try TextCheck.validText(Array(text), file: file.displayPath)
        } catch {
            throw DiagnosticError(
                error.diagnostics.map { problem in
                    var location = problem.location
                    location.line += firstLine - 1
                    return .error(at: location, problem.message)
                })
        }
    }

    private static func newlines(in bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    private static func bomLength(_ bytes: [UInt8]) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }
}
