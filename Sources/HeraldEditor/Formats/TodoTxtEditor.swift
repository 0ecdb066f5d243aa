import HeraldCore
import HeraldModels

/// Edits a todo.txt file line by line, as the format's own tools do: `done` writes
/// `x YYYY-MM-DD` and moves a priority to a `pri:` tag, `reopen` undoes exactly that, a column
/// between the first and the last is a `status:` tag.
struct TodoTxtEditor: TaskFormatEditor {
    var text: EditableLines
    let context: EditContext

    var result: EditResult { .bytes(text.bytes) }

    private var statusKey: String { context.rules.fields[.status] ?? "status" }
    private var dueKey: String { context.rules.fields[.due] ?? "due" }

    mutating func move(_ target: EditTarget, to column: String) throws(DiagnosticError) {
        let line = target.record.location.line
        var description = text.text(ofLine: line)
        if column == context.lastColumn {
            if !Self.isDone(description) { description = complete(description) }
            description = Self.setting(statusKey, to: nil, in: description)
        } else {
            if Self.isDone(description) { description = Self.reopened(description) }
            let status = column == context.firstColumn ? nil : context.sourceStatus(for: column)
            description = Self.setting(statusKey, to: status, in: description)
        }
        text.replace(line: line, with: description)
    }

    mutating func remove(_ target: EditTarget) throws(DiagnosticError) {
        let line = target.record.location.line
        text.remove(lines: line, through: line)
    }

    mutating func add(_ task: NewTask, status: String) throws(DiagnosticError) {
        var body = task.text.trimmingBlanks()
        try checkAgreement(of: task, body: body, status: status)
        var priority = task.priority
        if let (given, rest) = Self.leadingPriority(body) {
            priority = priority ?? given
            body = rest
        }
        for tag in task.tags where !Self.tokens(body).contains("@" + tag) { body += " @" + tag }
        if let project = task.project, !Self.tokens(body).contains("+" + project) { body += " +" + project }
        if let assignee = task.assignee {
            body = Self.setting(context.rules.fields[.assignee] ?? "assignee", to: assignee, in: body)
        }
        if let due = task.due { body = Self.setting(dueKey, to: due.description, in: body) }
        let today = context.today.description
        var line: String
        if status == context.lastColumn {
            line = "x \(today) \(today) \(body)" + (priority.map { " pri:\($0)" } ?? "")
        } else {
            line = (priority.map { "(\($0)) " } ?? "") + "\(today) \(body)"
            if status != context.firstColumn {
                line = Self.setting(statusKey, to: context.sourceStatus(for: status), in: line)
            }
        }
        text.append(line)
    }

    /// A new task's text may carry its own status, priority and due date; given a second time,
    /// beside the text, they must agree, or one of the two would be dropped without a word.
    private func checkAgreement(of task: NewTask, body: String, status: String) throws(DiagnosticError) {
        let tokens = Self.tokens(body)
        func value(of key: String) -> String? {
            tokens.last { $0.hasPrefix(key + ":") && Self.isKeyValue($0) }.map { String($0.dropFirst(key.count + 1)) }
        }
        var conflicts: [String] = []
        if task.status != nil, let written = value(of: statusKey) {
            let column = context.rules.columns.contains(written) ? written : context.rules.statusMap[written] ?? nil
            if column != status {
                conflicts.append("\(statusKey):\(written) in the text, but the status '\(task.status ?? status)'")
            }
        }
        if let priority = task.priority, let (written, _) = Self.leadingPriority(body), written != priority {
            conflicts.append("(\(written)) in the text, but the priority \(priority)")
        }
        if let due = task.due, let written = value(of: dueKey), written != due.description {
            conflicts.append("\(dueKey):\(written) in the text, but the due date \(due)")
        }
        guard conflicts.isEmpty else {
            throw context.error("the new task says two things: \(conflicts.joined(separator: "; ")); give each once")
        }
    }

    mutating func edit(_ target: EditTarget, _ edits: TaskEdits) throws(DiagnosticError) {
        let line = target.record.location.line
        var description = text.text(ofLine: line)
        if let title = edits.title {
            let (head, body) = Self.splitHead(description)
            // What the reader shows apart from the title stays: the keys it knows, projects and contexts.
            let kept = Self.tokens(body).filter { token in
                Self.isKnownKeyValue(token) || (token.count > 1 && (token.hasPrefix("+") || token.hasPrefix("@")))
            }
            description = head + ([title] + kept).joined(separator: " ")
        }
        if let due = edits.due { description = Self.setting(dueKey, to: due?.description, in: description) }
        if let priority = edits.priority {
            if Self.isDone(description) {
                description = Self.setting("pri", to: priority, in: description)
            } else {
                let rest = Self.leadingPriority(description)?.rest ?? description
                description = (priority.map { "(\($0)) " } ?? "") + rest
            }
        }
        text.replace(line: line, with: description)
    }

    /// The completed task again, open, at the end of the file, as Simpletask adds it: the same
    /// priority, text, projects, contexts and pairs, today's creation date when it had one, the
    /// due date moved on (or, with no due date, the `t:` threshold; with neither, a due date from
    /// today), a threshold moved as far as the due date, and no `status:` or `id:` (an ID is one
    /// task's).
    mutating func addNextOccurrence(of target: EditTarget, repeating recurrence: Recurrence) throws(DiagnosticError)
        -> AddedOccurrence?
    {
        let line = target.record.location.line
        var rest = Self.reopened(text.text(ofLine: line))
        var head = ""
        if let (priority, after) = Self.leadingPriority(rest) {
            head = "(\(priority)) "
            rest = after
        }
        let words = rest.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        if let first = words.first, Day.isISOShaped(String(first)) {
            head += "\(context.today) "
            rest = words.count > 1 ? String(words[1].drop { $0 == " " }) : ""
        }
        let task = target.task
        guard let next = recurrence.nextOccurrence(completed: context.today, reference: task.due ?? task.threshold)
        else {
            throw context.noNextOccurrence(of: task, line: line)
        }
        var due: Day?
        if task.due != nil || task.threshold == nil {
            due = next.reference
            rest = Self.setting(dueKey, to: next.reference.description, in: rest)
        }
        if let threshold = task.threshold {
            guard let moved = task.due == nil ? next.reference : next.moving(threshold) else {
                throw context.noNextOccurrence(of: task, line: line)
            }
            rest = Self.setting("t", to: moved.description, in: rest)
        }
        rest = Self.setting(statusKey, to: nil, in: rest)
        rest = Self.setting(context.rules.fields[.id] ?? "id", to: nil, in: rest)
        text.append(head + rest)
        return AddedOccurrence(place: .atEnd, due: due)
    }

    // MARK: Lines

    private func complete(_ line: String) -> String {
        guard let (priority, rest) = Self.leadingPriority(line) else { return "x \(context.today) \(line)" }
        return "x \(context.today) \(rest) pri:\(priority)"
    }

    static func isDone(_ line: String) -> Bool { line.hasPrefix("x ") }

    /// A completed line made open again: the `x`, the completion date and a `pri:` tag go, and
    /// the priority comes back to the front.
    static func reopened(_ line: String) -> String {
        var rest = Substring(line.dropFirst(2)).drop { $0 == " " }
        var priority: String?
        if let (given, after) = leadingPriority(String(rest)) {
            priority = given
            rest = Substring(after)
        }
        let words = rest.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        if let first = words.first, Day.isISOShaped(String(first)) {
            rest = words.count > 1 ? words[1].drop { $0 == " " } : ""
        }
        var body = String(rest)
        if priority == nil, let tag = tokens(body).last(where: { isPriorityTag($0) }) {
            priority = String(tag.dropFirst(4))
            body = setting("pri", to: nil, in: body)
        }
        return (priority.map { "(\($0)) " } ?? "") + body
    }

    /// `(A)` and the blanks after it at the start of `line`, and the rest.
    static func leadingPriority(_ line: String) -> (priority: String, rest: String)? {
        let scalars = Array(line.unicodeScalars)
        guard scalars.count >= 4, scalars[0] == "(", ("A"..."Z").contains(scalars[1]), scalars[2] == ")",
            scalars[3] == " " || scalars[3] == "\t"
        else { return nil }
        let rest = scalars[3...].drop { $0 == " " || $0 == "\t" }
        return (String(scalars[1]), String(String.UnicodeScalarView(rest)))
    }

    /// The line's head (completion mark, dates, priority) and its description.
    private static func splitHead(_ line: String) -> (head: String, body: String) {
        var head = ""
        var rest = Substring(line)
        if isDone(line) {
            head = "x "
            rest = rest.dropFirst(2)
        }
        while true {
            let word = rest.prefix { $0 != " " }
            let isHead =
                Day.isISOShaped(String(word))
                || (word.count == 3 && word.first == "(" && word.last == ")" && leadingPriority(String(rest)) != nil)
            guard isHead, rest.count > word.count else { break }
            let spaces = rest.dropFirst(word.count).prefix { $0 == " " }
            head += word + spaces
            rest = rest.dropFirst(word.count + spaces.count)
        }
        return (head, String(rest))
    }

    static func tokens(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }

    private static func isPriorityTag(_ token: String) -> Bool {
        let scalars = Array(token.unicodeScalars)
        return scalars.count == 5 && token.hasPrefix("pri:") && ("A"..."Z").contains(scalars[4])
    }

    /// A `key:value` token as the reader sees one: one colon, a key starting with a letter, no `//`.
    static func isKeyValue(_ token: String) -> Bool {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = parts[0].unicodeScalars.first, first.properties.isAlphabetic,
            !parts[1].isEmpty, !parts[1].hasPrefix("/")
        else { return false }
        return true
    }

    /// A `key:value` token of a key the reader takes as a field (`due:`, `t:`, `rec:`…); any
    /// other pair is part of the title.
    static func isKnownKeyValue(_ token: String) -> Bool {
        guard isKeyValue(token), let key = token.split(separator: ":").first else { return false }
        return ["due", "t", "rec", "h", "pri", "id", "status"].contains(String(key))
    }

    /// `text` with its `key:` tag set to `value` in place, appended when missing, or removed with
    /// the blank before it when `value` is nil.
    static func setting(_ key: String, to value: String?, in text: String) -> String {
        var pieces = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if let index = pieces.lastIndex(where: { $0.hasPrefix(key + ":") && isKeyValue($0) }) {
            if let value {
                pieces[index] = "\(key):\(value)"
            } else {
                pieces.remove(at: index)
                // Two blanks met where the tag stood between words: one of them goes too.
                if index > 0, pieces[index - 1].isEmpty { pieces.remove(at: index - 1) }
            }
            return pieces.joined(separator: " ")
        }
        guard let value else { return text }
        return text + " \(key):\(value)"
    }
}
