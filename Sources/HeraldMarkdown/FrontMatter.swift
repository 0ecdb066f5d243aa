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
        var content = Substring(text)
        // Editors on Windows save a byte order mark, which would hide the opening `---`.
        if content.unicodeScalars.first == "\u{FEFF}" {
            content = Substring(content.unicodeScalars.dropFirst())
        }
        let bytes = content.utf8

        var line = nextLine(in: bytes, from: bytes.startIndex)
        guard isFence(bytes[line.content], marker: UInt8(ascii: "-")) else {
            return (DataNode(.map(DataMap()), line: 1, column: 1), String(content), 1)
        }
        let fieldsStart = line.next
        var number = 1
        while line.next < bytes.endIndex {
            line = nextLine(in: bytes, from: line.next)
            number += 1
            let candidate = bytes[line.content]
            if isFence(candidate, marker: UInt8(ascii: "-")) || isFence(candidate, marker: UInt8(ascii: ".")) {
                let yaml = String(content[fieldsStart..<line.content.lowerBound])
                let fields = try YAMLReader.parse(yaml, file: file, lineOffset: 1)
                guard case .map = fields.value else {
                    let location = SourceLocation(file: file, line: max(fields.line, 2), column: max(fields.column, 1))
                    throw DiagnosticError(
                        .error(
                            at: location,
                            "front matter must be a map of 'key: value' fields, found \(fields.value.kindName)"))
                }
                return (fields, String(content[line.next...]), number + 1)
            }
        }
        throw DiagnosticError(
            .error(
                at: SourceLocation(file: file, line: 1, column: 1),
                "front matter opened by '---' on line 1 is never closed: expected a line '---' or '...' after the fields"
            ))
    }

    /// The line starting at `start`: its text without the line break, and where the next one starts.
    private static func nextLine(in bytes: Substring.UTF8View, from start: String.Index)
        -> (content: Range<String.Index>, next: String.Index)
    {
        guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            return (start..<bytes.endIndex, bytes.endIndex)
        }
        return (start..<newline, bytes.index(after: newline))
    }

    /// Exactly three `marker`s, then nothing but blanks (and the `\r` of a CRLF line break).
    private static func isFence(_ line: Substring.UTF8View, marker: UInt8) -> Bool {
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
