import HeraldCore

/// Separates a Markdown file's YAML front matter from its body.
public enum FrontMatter {
    /// A file whose first line is `---` has YAML fields up to the next line that is `---` or
    /// `...`; the rest is the body. Without that first line there are no fields and the whole
    /// text is the body. Positions in `fields`, and in any error, are lines of the whole file;
    /// `bodyLine` is the file line the body starts on, for positions inside the body.
    public static func split(_ text: String, file: String) throws(DiagnosticError)
        -> (fields: DataNode, body: String, bodyLine: Int)
    {
        var text = text
        // The lines are found in the string's bytes: walking its UTF-8 view through the generic
        // collection methods costs more than the rest of reading a short record.
        let parts = text.withUTF8 { scan($0) }
        let bytes = text.utf8
        func index(_ offset: Int) -> String.Index { bytes.index(bytes.startIndex, offsetBy: offset) }
        switch parts {
        case .noFields(let start):
            return (DataNode(.map(DataMap()), line: 1, column: 1), start == 0 ? text : String(text[index(start)...]), 1)
        case .unclosed:
            throw DiagnosticError(
                .error(
                    at: SourceLocation(file: file, line: 1, column: 1),
                    "front matter opened by '---' on line 1 is never closed: expected a line '---' or '...' after the fields"
                ))
        case .fields(let fields, let body, let bodyLine):
            let yaml = String(text[index(fields.lowerBound)..<index(fields.upperBound)])
            let node = try YAMLReader.parse(yaml, file: file, lineOffset: 1)
            guard case .map = node.value else {
                let location = SourceLocation(file: file, line: max(node.line, 2), column: max(node.column, 1))
                throw DiagnosticError(
                    .error(
                        at: location, "front matter must be a map of 'key: value' fields, found \(node.value.kindName)")
                )
            }
            return (node, String(text[index(body)...]), bodyLine)
        }
    }

    /// Where a file's parts are, as byte offsets.
    private enum Parts {
        /// No opening fence: the body starts at the offset (past a byte order mark).
        case noFields(body: Int)
        /// An opening fence without a closing one.
        case unclosed
        /// The fields' bytes, the body's first byte and its line.
        case fields(Range<Int>, body: Int, bodyLine: Int)
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Parts {
        // Editors on Windows save a byte order mark, which would hide the opening `---`.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = nextLine(in: bytes, from: start)
        guard isFence(bytes[line.content], marker: UInt8(ascii: "-")) else { return .noFields(body: start) }
        let fieldsStart = line.next
        var number = 1
        while line.next < bytes.endIndex {
            line = nextLine(in: bytes, from: line.next)
            number += 1
            let candidate = bytes[line.content]
            if isFence(candidate, marker: UInt8(ascii: "-")) || isFence(candidate, marker: UInt8(ascii: ".")) {
                return .fields(fieldsStart..<line.content.lowerBound, body: line.next, bodyLine: number + 1)
            }
        }
        return .unclosed
    }

    /// The line starting at `start`: its bytes without the line break, and where the next one starts.
    private static func nextLine(in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
        -> (content: Range<Int>, next: Int)
    {
        guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            return (start..<bytes.endIndex, bytes.endIndex)
        }
        return (start..<newline, newline + 1)
    }

    /// Exactly three `marker`s, then nothing but blanks (and the `\r` of a CRLF line break).
    private static func isFence(_ line: Slice<UnsafeBufferPointer<UInt8>>, marker: UInt8) -> Bool {
        var count = 0
        for byte in line {
            if count < 3 {
                guard byte == marker else { return false }
                count += 1
            } else if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\r") {
                return false
            }
        }
        return count == 3
    }
}
