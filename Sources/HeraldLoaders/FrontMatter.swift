import HeraldCore

/// Splits a Markdown file's YAML front matter from its body. A stand-in for HeraldMarkdown's
/// `FrontMatter` with the same signature, used until that module is on the main branch.
enum FrontMatter {
    /// Fields between a first line `---` and the next `---` or `...` line; the rest is the body,
    /// which starts on file line `bodyLine`. Without the opening line the whole text is the body.
    static func split(_ text: String, file: String) throws(DiagnosticError) -> (fields: DataNode, body: String, bodyLine: Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func isFence(_ line: Substring, _ marker: String) -> Bool {
            line.hasPrefix(marker) && line.dropFirst(3).allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
        }
        guard let first = lines.first, isFence(first, "---") else {
            return (DataNode(.map(DataMap()), line: 1, column: 1), text, 1)
        }
        guard let close = lines.indices.dropFirst().first(where: { isFence(lines[$0], "---") || isFence(lines[$0], "...") }) else {
            throw DiagnosticError(.error(at: SourceLocation(file: file, line: 1, column: 1),
                                         "front matter opened by '---' on line 1 is never closed: expected a line '---' or '...' after the fields"))
        }
        let yaml = lines[1..<close].joined(separator: "\n")
        let fields = try YAMLReader.parse(yaml, file: file, lineOffset: 1)
        guard case .map = fields.value else {
            throw DiagnosticError(.error(at: SourceLocation(file: file, line: max(fields.line, 2), column: max(fields.column, 1)),
                                         "front matter must be a map of 'key: value' fields, found \(fields.value.kindName)"))
        }
        return (fields, lines[(close + 1)...].joined(separator: "\n"), close + 2)
    }
}
