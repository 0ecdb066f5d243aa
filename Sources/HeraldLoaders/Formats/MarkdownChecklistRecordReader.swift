import HeraldCore

/// Reads the task-list items (`- [ ]`, `- [x]`, `* [X]`, `+ [ ]`, `1. [ ]`) of any Markdown file.
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
        var list: String?
        var line: Int
        var column: Int
        var titleColumn: Int
        var subtasks: [Item] = []

        func node() -> DataNode {
            var fields = DataMap()
            fields["title"] = DataNode(.string(title), line: line, column: titleColumn)
            fields["completed"] = DataNode(.bool(completed), line: line, column: column)
            fields["list"] = DataNode(list.map(DataValue.string) ?? .null, line: line, column: column)
            fields["subtasks"] = DataNode(.list(subtasks.map { $0.node() }), line: line, column: column)
            fields["line"] = DataNode(.int(line), line: line, column: column)
            return DataNode(.map(fields), line: line, column: column)
        }
    }

    /// Each top-level item is a record with `title`, `completed`, `list` (the text of the heading
    /// above it, or null), `subtasks` (the items nested under it, of the same shape) and `line`.
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
        var fence: (marker: Unicode.Scalar, length: Int)?
        var lineNumber = 0
        for bytes in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
            if line.last == "\r" { line.removeLast() }
            let (indent, start) = Self.indentation(of: line)
            if let opened = fence {
                if indent < 4, Self.fence(in: line, at: start).map({ $0.marker == opened.marker && $0.length >= opened.length }) == true {
                    fence = nil
                }
                continue
            }
            if indent < 4, let opened = Self.fence(in: line, at: start) {
                fence = opened
                continue
            }
            if indent < 4, let heading = Self.heading(in: line, at: start) {
                close(deeperThan: 0)
                list = heading
                continue
            }
            guard let item = Self.item(in: line, at: start) else { continue }
            close(deeperThan: indent)
            guard open.count < Self.maxDepth else {
                throw DiagnosticError(.error(at: SourceLocation(file: file, line: lineNumber, column: start + 1),
                    "checklist item nested more than \(Self.maxDepth) levels deep; flatten the list"))
            }
            open.append(Item(indent: indent, title: item.title, completed: item.completed, list: list,
                             line: lineNumber, column: start + 1, titleColumn: item.titleStart + 1))
        }
        close(deeperThan: 0)
        return roots.map { Record(fields: $0.node(), location: SourceLocation(file: file, line: $0.line, column: $0.column)) }
    }

    /// The indentation width (tabs to the next multiple of 4) and the index of the first other scalar.
    private static func indentation(of line: [Unicode.Scalar]) -> (width: Int, start: Int) {
        var width = 0
        var index = 0
        while index < line.count {
            if line[index] == " " {
                width += 1
            } else if line[index] == "\t" {
                width += 4 - width % 4
            } else {
                break
            }
            index += 1
        }
        return (width, index)
    }

    /// A code fence (three or more backticks or tildes) opening or closing at `start`.
    private static func fence(in line: [Unicode.Scalar], at start: Int) -> (marker: Unicode.Scalar, length: Int)? {
        guard start < line.count, line[start] == "`" || line[start] == "~" else { return nil }
        let marker = line[start]
        let length = line[start...].prefix { $0 == marker }.count
        return length >= 3 ? (marker, length) : nil
    }

    /// The text of an ATX heading (`## Widgets ##` → `Widgets`).
    private static func heading(in line: [Unicode.Scalar], at start: Int) -> String? {
        let level = line[start...].prefix { $0 == "#" }.count
        guard (1...6).contains(level) else { return nil }
        let after = start + level
        guard after == line.count || line[after] == " " || line[after] == "\t" else { return nil }
        var text = String(String.UnicodeScalarView(line[after...])).trimmingBlanks()
        // A closing run of #s is decoration when a space separates it from the text.
        if let hashes = text.unicodeScalars.lastIndex(where: { $0 != "#" }), text.unicodeScalars[hashes] == " " {
            text = String(text.unicodeScalars[..<hashes]).trimmingBlanks()
        } else if text.unicodeScalars.allSatisfy({ $0 == "#" }) {
            text = ""
        }
        return text
    }

    /// A task-list item at `start`: a bullet or `1.`/`1)` marker, then `[ ]`, `[x]` or `[X]`, then text.
    private static func item(in line: [Unicode.Scalar], at start: Int) -> (title: String, completed: Bool, titleStart: Int)? {
        var index = start
        guard index < line.count else { return nil }
        if line[index] == "-" || line[index] == "*" || line[index] == "+" {
            index += 1
        } else {
            let digits = line[index...].prefix { ("0"..."9").contains($0) }.count
            guard (1...9).contains(digits), index + digits < line.count,
                  line[index + digits] == "." || line[index + digits] == ")" else { return nil }
            index += digits + 1
        }
        let spaces = line[index...].prefix { $0 == " " || $0 == "\t" }.count
        guard spaces > 0, index + spaces + 3 < line.count else { return nil }
        index += spaces
        guard line[index] == "[", line[index + 2] == "]", line[index + 3] == " " || line[index + 3] == "\t" else { return nil }
        let completed: Bool
        switch line[index + 1] {
        case " ": completed = false
        case "x", "X": completed = true
        default: return nil
        }
        index += 3
        while index < line.count, line[index] == " " || line[index] == "\t" { index += 1 }
        let title = String(String.UnicodeScalarView(line[index...])).trimmingBlanks()
        return title.isEmpty ? nil : (title, completed, index)
    }
}
