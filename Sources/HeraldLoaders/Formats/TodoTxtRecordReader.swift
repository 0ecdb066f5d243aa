import HeraldCore

/// Reads a todo.txt file: one task per line; blank lines are skipped, and comment lines only
/// where the site says what starts them (the format itself has none: `#1 priority` is a task).
public struct TodoTxtRecordReader: TextRecordReader {
    /// What starts a comment line, or nil.
    public var comments: String?

    public init(comments: String? = nil) {
        self.comments = comments
    }

    /// Each task has `title`, `text`, `completed`, `completed_at`, `created`, `priority`,
    /// `projects`, `contexts`, one field per `key:value`, and `line`; see `TodoTxtTask`. A task
    /// without an `id:` token gets an ID derived from its title (`TaskID`).
    public func records(inText bytes: [UInt8], file: String) throws(DiagnosticError) -> [Record] {
        var records: [Record] = []
        try forEachRecord(inText: bytes, file: file) { record, _ in records.append(record) }
        return records.derivingIDs()
    }

    /// Each line's record in order, with the byte range of its line (ending left out), but no
    /// derived ID (`DerivedIDs` needs every record first): for a reader that keeps a little of
    /// each record of a large file rather than all of them. Every problem is thrown at the end.
    public func forEachRecord(
        inText bytes: [UInt8], file: String,
        _ body: (Record, Range<Int>) -> Void
    ) throws(DiagnosticError) {
        let text = try TextCheck.validText(bytes, file: file)
        let diagnostics = forEachRecord(inLines: text, firstLine: 1, file: file, body)
        guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
    }

    /// `forEachRecord` over lines of text already checked (`TextCheck.validText`), the first of
    /// them line `firstLine` of the file, their ranges offsets into the whole file: a large file
    /// is read in pieces, one per core. The problems of every line, in order.
    public func forEachRecord(
        inLines text: ArraySlice<UInt8>, firstLine: Int, file: String,
        _ body: (Record, Range<Int>) -> Void
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var lineNumber = firstLine - 1
        var start = text.startIndex
        while true {
            let end = text[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            lineNumber += 1
            switch Self.record(inLine: text[start..<end], number: lineNumber, file: file, comments: comments) {
            case .success(let record?): body(record, start..<end)
            case .success(nil): break
            case .failure(let error): diagnostics += error.diagnostics
            }
            guard end < text.endIndex else { break }
            start = end + 1
        }
        return diagnostics
    }

    /// `text` cut into about `count` runs of whole lines, each with the number of its first line:
    /// the pieces `forEachRecord(inLines:)` reads side by side.
    public static func pieces(of text: ArraySlice<UInt8>, count: Int) -> [(lines: ArraySlice<UInt8>, firstLine: Int)] {
        var pieces: [(lines: ArraySlice<UInt8>, firstLine: Int)] = []
        let size = max(text.count / max(count, 1), 1 << 16)
        var start = text.startIndex
        var line = 1
        while true {
            var end = min(start + size, text.endIndex)
            end = end == text.endIndex ? end : (text[end...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex)
            pieces.append((text[start..<end], line))
            guard end < text.endIndex else { return pieces }
            line += text[start..<end].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            start = end + 1
        }
    }

    /// Whether the line (its ending left out) starts, after blanks, with what starts a comment.
    static func isComment(_ line: ArraySlice<UInt8>, comments: String?) -> Bool {
        guard let comments, !comments.isEmpty else { return false }
        return line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.starts(with: comments.utf8)
    }

    /// How many lines of the text are comments, for the build's count of what each source gave.
    public func commentLines(inText bytes: [UInt8]) -> Int {
        guard comments?.isEmpty == false else { return 0 }
        return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            .reduce(0) { Self.isComment($1, comments: comments) ? $0 + 1 : $0 }
    }

    /// The record of one line (its ending left out) at 1-based `number`; nil for a blank line, or
    /// one that starts with `comments`. The line stands alone: no other line changes what it reads as.
    public static func record(
        inLine line: ArraySlice<UInt8>, number: Int, file: String,
        comments: String? = nil
    ) -> Result<Record?, DiagnosticError> {
        if isComment(line, comments: comments) { return .success(nil) }
        // Most lines are ASCII, whose bytes are their scalars: no String to decode them through.
        let isASCII = line.allSatisfy { $0 < 0x80 }
        var scalars =
            isASCII ? line.map { Unicode.Scalar($0) } : Array(String(decoding: line, as: UTF8.self).unicodeScalars)
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        guard scalars.contains(where: { $0 != " " && $0 != "\t" }) else { return .success(nil) }
        var task = TodoTxtTask(
            scalars: scalars, ascii: isASCII ? line.prefix(scalars.count) : nil, line: number, file: file)
        let fields = task.fields()
        guard task.diagnostics.isEmpty else { return .failure(DiagnosticError(task.diagnostics)) }
        return .success(Record(fields: fields, location: SourceLocation(file: file, line: number, column: 1)))
    }
}
