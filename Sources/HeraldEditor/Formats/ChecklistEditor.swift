import HeraldCore
import HeraldLoaders
import HeraldModels

/// Edits a Markdown checklist: `[ ]` and `[x]` flip in place, an item goes with its subtasks,
/// and a new item joins the end of its list in the marker style of the item before it.
struct ChecklistEditor: TaskFormatEditor {
    var text: LineText
    let context: EditContext

    var result: EditResult { .bytes(text.bytes) }

    mutating func move(_ target: EditTarget, to column: String) throws(DiagnosticError) {
        let done: Bool
        switch column {
        case context.lastColumn: done = true
        case context.firstColumn: done = false
        default: throw context.onlyTwoColumns(column, format: "Markdown checklist")
        }
        let line = target.record.location.line
        let scalars = Array(text.text(ofLine: line).unicodeScalars)
        guard let item = ChecklistLine.item(in: scalars, at: ChecklistLine.unquoted(scalars).start) else {
            throw context.error("no checklist item here", line: line)
        }
        var changed = scalars
        if done != (scalars[item.box] != " ") {
            changed[item.box] = done ? "x" : " "
        }
        text.replace(line: line, with: String(String.UnicodeScalarView(changed)))
    }

    mutating func remove(_ target: EditTarget) throws(DiagnosticError) {
        let line = target.record.location.line
        text.remove(lines: line, through: lastLine(ofItemAt: line))
    }

    mutating func add(_ task: NewTask, status: String) throws(DiagnosticError) {
        guard status == context.firstColumn || status == context.lastColumn else {
            throw context.onlyTwoColumns(status, format: "Markdown checklist")
        }
        guard task.due == nil, task.priority == nil, task.tags.isEmpty, task.project == nil, task.assignee == nil else {
            throw context.error("a Markdown checklist item has only a title and a check mark; leave out --due, --priority, --tag, --project and --assignee")
        }
        let section = try section(named: task.list)
        let title = task.text.trimmingBlanks()
        let mark = status == context.lastColumn ? "x" : " "
        if let lastItem = section.lastItem {
            let scalars = Array(text.text(ofLine: lastItem).unicodeScalars)
            let indent = String(String.UnicodeScalarView(scalars.prefix { $0 == " " || $0 == "\t" }))
            text.insert("\(indent)\(Self.marker(scalars)) [\(mark)] \(title)", before: lastLine(ofItemAt: lastItem) + 1)
        } else if let heading = section.headingLine {
            text.insert("- [\(mark)] \(title)", before: heading + 1)
        } else {
            text.append("- [\(mark)] \(title)")
        }
    }

    /// A list of the file: the line of its heading (none before the first heading) and of its
    /// last outermost item.
    private struct Section {
        var heading: String?
        var headingLine: Int?
        var lastItem: Int?
        var itemIndent: Int?
    }

    /// The list under the heading `name`, or the file's last list when `name` is nil.
    private func section(named name: String?) throws(DiagnosticError) -> Section {
        var sections = [Section()]
        var fence: (marker: Unicode.Scalar, length: Int)?
        for (offset, content) in text.texts().enumerated() {
            let line = offset + 1
            let scalars = Array(content.unicodeScalars)
            let (indent, start) = ChecklistLine.indentation(of: scalars)
            if let opened = fence {
                if indent < 4, let closing = ChecklistLine.fence(in: scalars, at: start),
                   closing.marker == opened.marker, closing.length >= opened.length { fence = nil }
                continue
            }
            if indent < 4, let opened = ChecklistLine.fence(in: scalars, at: start) {
                fence = opened
            } else if indent < 4, let heading = ChecklistLine.heading(in: scalars, at: start) {
                sections.append(Section(heading: heading, headingLine: line))
            } else if ChecklistLine.item(in: scalars, at: start) != nil,
                      indent <= sections[sections.count - 1].itemIndent ?? indent {
                sections[sections.count - 1].lastItem = line
                sections[sections.count - 1].itemIndent = indent
            }
        }
        guard let name else { return sections[sections.count - 1] }
        guard let found = sections.first(where: { $0.heading == name }) else {
            let headings = sections.compactMap(\.heading).map { "'\($0)'" }.joined(separator: ", ")
            throw context.error("no heading '\(name)' in the checklist (headings: \(headings.isEmpty ? "none" : headings))")
        }
        return found
    }

    mutating func edit(_ target: EditTarget, _ edits: TaskEdits) throws(DiagnosticError) {
        guard edits.due == nil, edits.priority == nil else {
            throw context.error("a Markdown checklist item has no due date or priority to edit")
        }
        guard let title = edits.title else { return }
        let line = target.record.location.line
        let scalars = Array(text.text(ofLine: line).unicodeScalars)
        guard let item = ChecklistLine.item(in: scalars, at: ChecklistLine.unquoted(scalars).start) else {
            throw context.error("no checklist item here", line: line)
        }
        text.replace(line: line, with: String(String.UnicodeScalarView(scalars[..<item.titleStart])) + title)
    }

    // MARK: Lines

    /// The last line of the item at `line` and its subtasks: the lines after it that are blank
    /// or indented deeper, without blank lines at the end.
    private func lastLine(ofItemAt line: Int) -> Int {
        let texts = text.texts()
        let indent = Self.indent(texts[line - 1])
        var last = line
        var next = line + 1
        while next <= texts.count {
            let content = texts[next - 1]
            if content.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
                next += 1
                continue
            }
            guard Self.indent(content) > indent else { break }
            last = next
            next += 1
        }
        return last
    }

    private static func indent(_ line: String) -> Int {
        ChecklistLine.indentation(of: Array(line.unicodeScalars)).width
    }

    /// The list marker of an item (`-`, `*`, `+`, or the next number of an ordered list).
    private static func marker(_ scalars: [Unicode.Scalar]) -> String {
        let start = scalars.prefix { $0 == " " || $0 == "\t" }.count
        let digits = String(String.UnicodeScalarView(scalars[start...].prefix { ("0"..."9").contains($0) }))
        guard let number = Int(digits), start + digits.count < scalars.count else { return String(scalars[start]) }
        // The number is the user's: at Int.max the new item repeats it rather than overflow.
        let (next, overflow) = number.addingReportingOverflow(1)
        return "\(overflow ? number : next)\(scalars[start + digits.count])"
    }
}
