import HeraldCore

/// How a line of a Markdown checklist reads, for the reader and for the editor that writes
/// checklists back: indentation, code fences, headings and task-list items.
public enum ChecklistLine {
    /// The indentation width (tabs to the next multiple of 4) and the index of the first other scalar.
    public static func indentation(of line: [Unicode.Scalar]) -> (width: Int, start: Int) {
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
    public static func fence(in line: [Unicode.Scalar], at start: Int) -> (marker: Unicode.Scalar, length: Int)? {
        guard start < line.count, line[start] == "`" || line[start] == "~" else { return nil }
        let marker = line[start]
        let length = line[start...].prefix { $0 == marker }.count
        return length >= 3 ? (marker, length) : nil
    }

    /// The text of an ATX heading (`## Widgets ##` → `Widgets`).
    public static func heading(in line: [Unicode.Scalar], at start: Int) -> String? {
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

    /// Where a line's content starts after the quote markers of a block quote (`> - [ ] …`, as a
    /// callout in Obsidian holds its tasks), and the indentation width after them.
    public static func unquoted(_ line: [Unicode.Scalar]) -> (width: Int, start: Int) {
        var start = indentation(of: line).start
        var quoted = false
        while start < line.count, line[start] == ">" {
            quoted = true
            start += 1
            if start < line.count, line[start] == " " { start += 1 }
        }
        guard quoted else { return indentation(of: line) }
        let rest = indentation(of: Array(line[start...]))
        return (rest.width, start + rest.start)
    }

    /// A task-list item at `start`: a bullet or `1.`/`1)` marker, then a box of one character,
    /// then text. `[x]` and `[X]` are done; any other character is a status of its own (the
    /// Obsidian Tasks plugin's `[/]` in progress, `[-]` cancelled, `[>]`, `[!]`…), given as `mark`.
    public static func item(in line: [Unicode.Scalar], at start: Int)
        -> (title: String, completed: Bool, mark: Unicode.Scalar, box: Int, titleStart: Int)?
    {
        var index = start
        guard index < line.count else { return nil }
        if line[index] == "-" || line[index] == "*" || line[index] == "+" {
            index += 1
        } else {
            let digits = line[index...].prefix { ("0"..."9").contains($0) }.count
            guard (1...9).contains(digits), index + digits < line.count,
                line[index + digits] == "." || line[index + digits] == ")"
            else { return nil }
            index += digits + 1
        }
        let spaces = line[index...].prefix { $0 == " " || $0 == "\t" }.count
        guard spaces > 0, index + spaces + 3 < line.count else { return nil }
        index += spaces
        guard line[index] == "[", line[index + 2] == "]", line[index + 3] == " " || line[index + 3] == "\t" else {
            return nil
        }
        let mark = line[index + 1]
        guard mark.value >= 0x20, mark != "[", mark != "]" else { return nil }
        let completed = mark == "x" || mark == "X"
        let box = index + 1
        index += 3
        while index < line.count, line[index] == " " || line[index] == "\t" { index += 1 }
        let title = String(String.UnicodeScalarView(line[index...])).trimmingBlanks()
        return title.isEmpty ? nil : (title, completed, mark, box, index)
    }
}
