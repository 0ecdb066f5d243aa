import HeraldCore

/// Reads the task-list items (`- [ ]`, `- [x]`, `* [X]`, `+ [ ]`, `1. [ ]`, `> - [ ]`, and any
/// other character in the box: `[/]`, `[-]`…) of any Markdown file, as Obsidian writes them.
public struct MarkdownChecklistRecordReader: TextRecordReader {
    /// Subtasks become tasks of their own, read recursively: no real list nests this deep, and a
    /// hostile one thousands of levels deep would overflow the stack.
    static let maxDepth = 100

    public init() {}

    /// An item while the file is read; its subtasks are complete once a shallower line comes.
    private struct Item {
        var indent: Int
        var title: String
        var completed: Bool
        /// The box's character when it is neither a space nor an x: a status for `status_map`.
        var mark: String?
        var fields: ChecklistTaskFields
        var note: String
        var list: String?
        var line: Int
        var column: Int
        var titleColumn: Int
        var subtasks: [Item] = []

        func node() -> DataNode {
            var fields = DataMap()
            fields["title"] = DataNode(.string(title), line: line, column: titleColumn)
            fields["completed"] = DataNode(.bool(completed), line: line, column: column)
            if let mark { fields["mark"] = DataNode(.string(mark), line: line, column: column) }
            for (name, value) in self.fields.fields where fields[name] == nil {
                fields[name] = DataNode(.string(value), line: line, column: titleColumn)
            }
            if !self.fields.tags.isEmpty {
                fields["tags"] = DataNode(
                    .list(self.fields.tags.map { DataNode(.string($0), line: line, column: titleColumn) }),
                    line: line, column: titleColumn)
            }
            fields["note"] = DataNode(.string(note), line: line, column: column)
            fields["list"] = DataNode(list.map(DataValue.string) ?? .null, line: line, column: column)
            fields["subtasks"] = DataNode(.list(subtasks.map { $0.node() }), line: line, column: column)
            fields["line"] = DataNode(.int(line), line: line, column: column)
            return DataNode(.map(fields), line: line, column: column)
        }
    }

    /// Each top-level item is a record with an ID derived from its title (`TaskID`), `title` (the
    /// text without its fields), `completed`, `mark` (a box that is neither `[ ]` nor `[x]`), the
    /// fields of `ChecklistTaskFields` (`due`, `priority`, `tags`…), `note` (the file's name),
    /// `list` (the text of the heading above it, or null), `subtasks` (the items nested under it,
    /// of the same shape) and `line`.
    /// Nesting follows indentation (a tab counts to the next multiple of 4 columns, as in
    /// CommonMark); other lines, and anything inside a fenced code block, are ignored.
    public func records(inText bytes: [UInt8], file: String) throws(DiagnosticError) -> [Record] {
        let text = try TextCheck.validText(bytes, file: file)
        var roots: [Item] = []
        var open: [Item] = []
        func close(deeperThan indent: Int) {
            while let last = open.last, last.indent >= indent {
                let item = open.removeLast()
                if open.isEmpty { roots.append(item) } else { open[open.count - 1].subtasks.append(item) }
            }
        }
        var list: String?
        let note = Self.noteName(file)
        var fence: (marker: Unicode.Scalar, length: Int)?
        var lineNumber = 0
        for bytes in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
            if line.last == "\r" { line.removeLast() }
            let (indent, start) = ChecklistLine.unquoted(line)
            if let opened = fence {
                if indent < 4,
                    ChecklistLine.fence(in: line, at: start).map({
                        $0.marker == opened.marker && $0.length >= opened.length
                    }) == true
                {
                    fence = nil
                }
                continue
            }
            if indent < 4, let opened = ChecklistLine.fence(in: line, at: start) {
                fence = opened
                continue
            }
            if indent < 4, let heading = ChecklistLine.heading(in: line, at: start) {
                close(deeperThan: 0)
                list = heading
                continue
            }
            guard let item = ChecklistLine.item(in: line, at: start) else { continue }
            close(deeperThan: indent)
            guard open.count < Self.maxDepth else {
                throw DiagnosticError(
                    .error(
                        at: SourceLocation(file: file, line: lineNumber, column: start + 1),
                        "checklist item nested more than \(Self.maxDepth) levels deep; flatten the list"))
            }
            let fields = ChecklistTaskFields(item.title)
            let mark = item.mark == " " || item.completed ? nil : String(item.mark)
            open.append(
                Item(
                    indent: indent, title: fields.title.isEmpty ? item.title : fields.title, completed: item.completed,
                    mark: mark, fields: fields, note: note, list: list,
                    line: lineNumber, column: start + 1, titleColumn: item.titleStart + 1))
        }
        close(deeperThan: 0)
        return roots.map {
            Record(fields: $0.node(), location: SourceLocation(file: file, line: $0.line, column: $0.column))
        }
        .derivingIDs()
    }

    /// A note's name as Obsidian shows it: the file's name without its folder and `.md`.
    private static func noteName(_ file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.lowercased().hasSuffix(".md") ? String(name.dropLast(3)) : name
    }
}
