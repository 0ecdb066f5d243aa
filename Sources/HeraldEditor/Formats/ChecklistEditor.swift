import HeraldCore
import HeraldLoaders
import HeraldModels

/// Edits a Markdown checklist as Obsidian and its Tasks plugin do: the box changes in place (`x`
/// done, a space open, or the character `status_map` gives a middle column), done writes a
/// ` ✅ YYYY-MM-DD` done date and reopening takes it away, a repeating task's next occurrence
/// goes on the line above it, an item goes with its subtasks, and a new item joins the end of its
/// list in the marker style of the item before it.
struct ChecklistEditor: TaskFormatEditor {
    var text: EditableLines
    let context: EditContext

    var result: EditResult { .bytes(text.bytes) }

    mutating func move(_ target: EditTarget, to column: String) throws(DiagnosticError) {
        let line = target.record.location.line
        var item = try item(at: line)
        item.setBox(try mark(for: column))
        let done = item.spans.first { $0.name == "completed_at" }
        if column == context.lastColumn {
            if let done {
                item.replace(done.value, with: context.today.description)
            } else {
                item.replace(
                    item.endOfText..<item.endOfText, with: Self.doneDate(context.today, dataview: item.writesDataview))
            }
        } else if let done {
            item.replace(item.removal(of: done), with: "")
        }
        text.replace(line: line, with: item.line)
    }

    /// The character a box takes in `column`: `x` in the last column, a space in the first, and
    /// in another the first of `status_map`'s characters that sends a box there.
    private func mark(for column: String) throws(DiagnosticError) -> Unicode.Scalar {
        if column == context.lastColumn { return "x" }
        if column == context.firstColumn { return " " }
        let marks = context.rules.statusMapOrder.filter { key in
            context.rules.statusMap[key] == .some(column) && key.unicodeScalars.count == 1
                && !["x", "X", " "].contains(key)
        }
        guard let mark = marks.first?.unicodeScalars.first, mark.value >= 0x20, mark != "[", mark != "]" else {
            throw context.error(
                "a Markdown checklist item is in '\(column)' by the character in its box, and status_map "
                    + "names none for it; map one (status_map: {\"/\": \(column)}) to move tasks there")
        }
        return mark
    }

    /// ` ✅ 2026-11-23`, or `  [completion:: 2026-11-23]` in the Tasks plugin's Dataview format
    /// (its fields two blanks apart).
    private static func doneDate(_ day: Day, dataview: Bool) -> String {
        dataview ? "  [completion:: \(day)]" : " \(ChecklistTaskFields.doneSignifier) \(day)"
    }

    /// A due date as `doneDate` writes a done date.
    private static func dueDate(_ day: Day, dataview: Bool) -> String {
        dataview ? "  [due:: \(day)]" : " \(ChecklistTaskFields.dueSignifier) \(day)"
    }

    mutating func remove(_ target: EditTarget) throws(DiagnosticError) {
        let line = target.record.location.line
        text.remove(lines: line, through: lastLine(ofItemAt: line))
    }

    mutating func add(_ task: NewTask, status: String) throws(DiagnosticError) {
        let mark = try mark(for: status)
        guard task.priority == nil, task.tags.isEmpty, task.project == nil, task.assignee == nil else {
            throw context.error(
                "a Markdown checklist item has a title, a check mark and fields in its text; leave out --priority, "
                    + "--tag, --project and --assignee, and write #tags in the title")
        }
        let section = try section(named: task.list)
        var title = task.text.trimmingBlanks()
        if let due = task.due { title += Self.dueDate(due, dataview: false) }
        if status == context.lastColumn { title += Self.doneDate(context.today, dataview: false) }
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
                    closing.marker == opened.marker, closing.length >= opened.length
                {
                    fence = nil
                }
                continue
            }
            if indent < 4, let opened = ChecklistLine.fence(in: scalars, at: start) {
                fence = opened
            } else if indent < 4, let heading = ChecklistLine.heading(in: scalars, at: start) {
                sections.append(Section(heading: heading, headingLine: line))
            } else if ChecklistLine.item(in: scalars, at: start) != nil,
                indent <= sections[sections.count - 1].itemIndent ?? indent
            {
                sections[sections.count - 1].lastItem = line
                sections[sections.count - 1].itemIndent = indent
            }
        }
        guard let name else { return sections[sections.count - 1] }
        guard let found = sections.first(where: { $0.heading == name }) else {
            let headings = sections.compactMap(\.heading).map { "'\($0)'" }.joined(separator: ", ")
            throw context.error(
                "no heading '\(name)' in the checklist (headings: \(headings.isEmpty ? "none" : headings))")
        }
        return found
    }

    /// A new title keeps the item's fields, tags and block id; a due date is the Tasks plugin's
    /// 📅 (or Dataview's `[due:: …]` in an item written so).
    mutating func edit(_ target: EditTarget, _ edits: TaskEdits) throws(DiagnosticError) {
        guard edits.priority == nil else {
            throw context.error(
                "a Markdown checklist item's priority is one of the Tasks plugin's signs (⏫ 🔼 🔽); change it in the note"
            )
        }
        let line = target.record.location.line
        if let due = edits.due {
            var item = try item(at: line)
            let span = item.spans.first { $0.name == "due" }
            switch (due, span) {
            case (let day?, let span?): item.replace(span.value, with: day.description)
            case (nil, let span?): item.replace(item.removal(of: span), with: "")
            case (let day?, nil):
                item.replace(item.endOfText..<item.endOfText, with: Self.dueDate(day, dataview: item.writesDataview))
            case (nil, nil): break
            }
            text.replace(line: line, with: item.line)
        }
        if let title = edits.title {
            text.replace(line: line, with: try item(at: line).retitled(title))
        }
    }

    /// The completed item again, open, on the line above it, as the Tasks plugin writes it: the
    /// same text and fields, its due date moved on (or, with none, its scheduled or start date),
    /// its other dates moved as far, today's created date when it had one, and no done date,
    /// cancelled date, 🆔 or block id (both are one task's). With no date at all, it gets a due date.
    mutating func addNextOccurrence(of target: EditTarget, repeating recurrence: Recurrence) throws(DiagnosticError)
        -> AddedOccurrence?
    {
        let line = target.record.location.line
        var item = try item(at: line)
        let spans = item.spans
        func date(_ name: String) -> (span: ChecklistTaskFields.Span, day: Day)? {
            guard let span = spans.first(where: { $0.name == name }), let day = Day(iso: item.text(span.value)) else {
                return nil
            }
            return (span, day)
        }
        // The Tasks plugin's reference date: the due date, else the scheduled, else the start date.
        let dates = ["due", "scheduled", "start"].compactMap(date)
        guard let next = recurrence.nextOccurrence(completed: context.today, reference: dates.first?.day) else {
            throw context.noNextOccurrence(of: target.task, line: line)
        }
        var edits: [(range: Range<Int>, text: String)] = []
        for (span, day) in dates {
            guard let moved = next.moving(day) else { throw context.noNextOccurrence(of: target.task, line: line) }
            edits.append((span.value, moved.description))
        }
        if let created = date("created") { edits.append((created.span.value, context.today.description)) }
        for span in spans where ["completed_at", "cancelled", "id"].contains(span.name) {
            edits.append((item.removal(of: span), ""))
        }
        if let block = item.blockID { edits.append((block, "")) }
        var due = dates.contains { $0.span.name == "due" } ? next.reference : nil
        if dates.isEmpty {
            edits.append((item.endOfText..<item.endOfText, Self.dueDate(next.reference, dataview: item.writesDataview)))
            due = next.reference
        }
        item.apply(edits)
        item.setBox(" ")
        text.insert(item.trimmedLine, before: line)
        return AddedOccurrence(place: .beforeTask, due: due)
    }

    /// The item on `line`, its fields found as the reader finds them.
    private func item(at line: Int) throws(DiagnosticError) -> ChecklistItemLine {
        let scalars = Array(text.text(ofLine: line).unicodeScalars)
        guard let item = ChecklistLine.item(in: scalars, at: ChecklistLine.unquoted(scalars).start) else {
            throw context.error("no checklist item here", line: line)
        }
        return ChecklistItemLine(scalars: scalars, box: item.box, titleStart: item.titleStart)
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
