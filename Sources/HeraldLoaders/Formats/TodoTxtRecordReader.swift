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
        let text = try TextCheck.validText(bytes, file: file)
        var records: [Record] = []
        var diagnostics: [Diagnostic] = []
        var lineNumber = 0
        for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var scalars = Array(String(decoding: line, as: UTF8.self).unicodeScalars)
            while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
            guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { continue }
            if let comments, !comments.isEmpty, String(String.UnicodeScalarView(scalars[start...])).hasPrefix(comments) { continue }
            var task = TodoTxtTask(scalars: scalars, line: lineNumber, file: file)
            let fields = task.fields()
            if task.diagnostics.isEmpty {
                records.append(Record(fields: fields, location: SourceLocation(file: file, line: lineNumber, column: 1)))
            } else {
                diagnostics += task.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
        return records.derivingIDs()
    }
}
