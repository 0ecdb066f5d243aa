import Foundation
import HeraldCore

extension TaskItem {
    /// Reads a task from `record`; nil when the user's settings leave it out (`Omission`).
    /// Throws every problem the record has at once, except for a record left out: the user asked
    /// not to see it, so its other fields are not held against the build.
    ///
    /// The id is the `id` field, else the ID the format derived (`TaskID`), else the record's line.
    /// Warnings (a link left out) go to `log`.
    /// Without `keepsFields`, the task keeps no copy of its record (`record`): for an
    /// editor that needs its fields, not its source.
    public static func decode(
        _ record: Record, rules: TaskRules, log: DiagnosticLog? = nil,
        keepsFields: Bool = true
    ) throws(DiagnosticError) -> TaskItem? {
        try decoding(record, rules: rules, log: log, keepsFields: keepsFields) { $0 }.kept
    }

    /// The ID `decode` gives the task of `record`, and whether it was derived; nil when it is
    /// left out. For a reader that checks every record of a file and keeps only
    /// their IDs: the task is read as `decode` reads it, but not copied out.
    public static func decodedID(_ record: Record, rules: TaskRules) throws(DiagnosticError) -> (
        id: String, isDerived: Bool
    )? {
        try decoding(record, rules: rules, log: nil, keepsFields: false) { ($0.id, $0.idIsDerived) }.kept
    }

    /// Why the user's settings leave `record` off the board, with the ID it gives itself (nil
    /// without one); nil when it is a task, or cannot be read as one. For an editor asked for
    /// a task by an ID that only such a record has.
    public static func omission(of record: Record, rules: TaskRules) -> (id: String?, omission: Omission)? {
        guard
            case .leftOut(let omission, let id)? = try? decoding(
                record, rules: rules, log: nil, keepsFields: false, { _ in })
        else { return nil }
        return (id, omission)
    }

    /// What the user asked to leave off the board: such a record is not held against the build.
    public enum Omission: Sendable {
        /// `where:` does not keep it.
        case filtered
        /// `h:1` (or the field mapped to `hidden`) hides it.
        case hidden
        /// Its status maps to `~` in `status_map`.
        case dropped

        /// The setting that leaves the record out, as a person would name it.
        public var reason: String {
            switch self {
            case .filtered: "the where: of tasks: in herald.yml leaves it out"
            case .hidden: "it is marked hidden (h:1, or the field mapped to hidden)"
            case .dropped: "its status maps to ~ in status_map"
            }
        }
    }

    /// A task read, or the setting that left its record out.
    private enum Outcome<Kept> {
        case task(Kept)
        case leftOut(Omission, id: String?)

        var kept: Kept? {
            guard case .task(let kept) = self else { return nil }
            return kept
        }
    }

    /// `decode`, handing the task to `finish` for what the caller keeps of it.
    private static func decoding<Kept>(
        _ record: Record, rules: TaskRules, log: DiagnosticLog?, keepsFields: Bool,
        _ finish: (TaskItem) -> Kept
    ) throws(DiagnosticError) -> Outcome<Kept> {
        guard case .map = record.fields.value else {
            throw DiagnosticError(
                .error(
                    at: record.location,
                    "a task must be a map of fields, found \(record.fields.value.kindName)"))
        }
        if !rules.filter.isEmpty, try !rules.filter.admits(record) {
            var reader = FieldReader(record, kind: "task")
            return .leftOut(.filtered, id: reader.text(rules.paths(for: .id)))
        }
        var reader = FieldReader(record, kind: "task")
        let explicitID = reader.text(rules.paths(for: .id))
        let title = reader.text(rules.paths(for: .title))
        reader.name = title ?? explicitID
        if title == nil {
            reader.unnamed = record.location.line > 0 ? "the task at line \(record.location.line)" : "a task"
            let keys = rules.keyPaths(for: .title).map { "'\($0)'" }.joined(separator: ", ")
            reader.report("\(reader.subject) has no title (looked for \(keys))", at: nil)
        }

        // `h:1`: the user hides the task; like a status mapped to ~, it is not held against the build.
        if reader.flag(rules.paths(for: .hidden), acceptsX: false)?.value == true {
            return .leftOut(.hidden, id: explicitID)
        }
        let completedAt = reader.day(rules.paths(for: .completedAt), name: "completion date", in: rules.timeZone)
        let flag = reader.flag(rules.paths(for: .completed), acceptsX: true)
        guard let (status, completed) = placement(&reader, rules: rules, flag: flag?.value, completedAt: completedAt)
        else { return .leftOut(.dropped, id: explicitID) }

        var task = TaskItem(
            id: explicitID ?? record.derivedID ?? String(record.location.line), title: title ?? "",
            status: status, completed: completed, completedAt: completedAt, location: record.location)
        task.idIsDerived = explicitID == nil && record.derivedID != nil
        read(into: &task, from: &reader, rules: rules)
        task.subtasks = subtasks(&reader, rules: rules, log: log)
        task.facts = rules.factPaths.map { paths in reader.find(paths)?.node.value ?? .null }
        if keepsFields, case .map(let fields) = record.fields.value { task.record = fields.removing([]) }

        guard reader.diagnostics.isEmpty else { throw DiagnosticError(reader.diagnostics) }
        log?.add(reader.warnings)
        return .task(finish(task))
    }

    /// The fields of a task besides its name and place: notes, dates, people, links, chips and
    /// recurrence.
    private static func read(into task: inout TaskItem, from reader: inout FieldReader, rules: TaskRules) {
        let body = reader.record.body
        task.notes = body?.hasVisibleText == true ? body : notes(&reader, rules: rules)
        task.priority = reader.text(rules.paths(for: .priority))?.trimmed()
        task.created = reader.day(rules.paths(for: .created), name: "creation date", in: rules.timeZone)
        task.due = reader.day(rules.paths(for: .due), name: "due date", in: rules.timeZone)
        task.tags = tags(&reader, rules: rules)
        task.project = reader.text(rules.paths(for: .project))
        // One name, or several from a list (`assignees.*.login`); a text is never split, as a
        // name may hold a comma.
        let assigneePaths = rules.paths(for: .assignee)
        if case .list? = reader.find(assigneePaths)?.node.value {
            task.assignees = reader.list(assigneePaths, splitText: false)
        } else {
            task.assignees = reader.text(assigneePaths).map { [$0] } ?? []
        }
        task.assignee = task.assignees.first
        task.image = reader.link(rules.paths(for: .image))
        task.url = reader.link(rules.paths(for: .url))
        task.note = reader.text(rules.paths(for: .note))
        task.contexts = unique(reader.list(rules.paths(for: .contexts)))
        task.threshold = reader.day(rules.paths(for: .threshold), name: "threshold date", in: rules.timeZone)
        task.scheduled = reader.day(rules.paths(for: .scheduled), name: "scheduled date", in: rules.timeZone)
        task.start = reader.day(rules.paths(for: .start), name: "start date", in: rules.timeZone)
        task.cancelled = reader.day(rules.paths(for: .cancelled), name: "cancelled date", in: rules.timeZone)
        if let (path, node) = reader.find(rules.paths(for: .recurrence)),
            let text = reader.text(of: node, field: path)
        {
            task.recurrence = Recurrence(text.trimmed())
            if task.recurrence == nil {
                reader.warn(
                    "\(reader.subject) repeats '\(text)', which Herald does not understand (a number and d, w, m, "
                        + "y or b, as in 1w or +3d, or 'every 2 weeks'); it is shown without repeating", at: node)
            }
        }
    }

    /// The notes: a text, or a list of texts (Taskwarrior's annotations, `annotations.*.description`)
    /// one paragraph each.
    private static func notes(_ reader: inout FieldReader, rules: TaskRules) -> String? {
        let paths = rules.paths(for: .notes)
        guard case .list? = reader.find(paths)?.node.value else { return reader.text(paths) }
        let paragraphs = reader.list(paths, splitText: false)
        return paragraphs.isEmpty ? nil : paragraphs.joined(separator: "\n\n")
    }

    /// The column and completion of a task; nil when `status_map` drops it.
    ///
    /// With a status, the completion flag still wins when present, else the last column means
    /// done. Without one, the flag (or a completion date) picks the last column or the first.
    private static func placement(
        _ reader: inout FieldReader, rules: TaskRules, flag: Bool?,
        completedAt: Day?
    ) -> (status: String, completed: Bool)? {
        guard let first = rules.columns.first, let last = rules.columns.last else {
            reader.report("no board columns are configured for \(reader.subject)", at: nil)
            return ("", flag ?? false)
        }
        guard let (path, node) = reader.find(rules.paths(for: .status)) else {
            if let (_, node) = reader.find(checklistMark), case .string(let mark) = node.value {
                if let mapped = rules.statusMap[mark] {
                    guard let mapped else { return nil }
                    return (mapped, flag ?? (mapped == last))
                }
                // A checklist's own status is the user's, not a typo: shown where its box puts
                // it, and said, rather than failing the board.
                let example = rules.columns.count > 2 ? rules.columns[1] : last
                reader.warn(
                    "\(reader.subject) has the checklist status '[\(mark)]', which status_map does not map, so it "
                        + "is shown as if its box were empty; map it (status_map: {\"\(mark)\": \(example)}) or drop it (~)",
                    at: node)
            }
            let completed = flag ?? (completedAt != nil)
            return (completed ? last : first, completed)
        }
        guard let raw = reader.text(of: node, field: path)?.trimmed() else {
            return (first, flag ?? false)
        }
        let status: String
        if let mapped = rules.statusMap[raw] {
            guard let mapped else { return nil }
            status = mapped
        } else {
            status = raw
        }
        if !rules.columns.contains(status) {
            let hint = Suggestion.nearest(to: status, in: rules.columns).map { " (did you mean '\($0)'?)" } ?? ""
            reader.report(
                "\(reader.subject) has status '\(status)', which is in no column "
                    + "(columns: \(rules.columns.joined(separator: ", ")))\(hint)", at: node)
        }
        return (status, flag ?? (status == last))
    }

    /// Where a checklist's item keeps its box's mark; made once, as a task without a status
    /// (every line of a todo.txt file) looks for it.
    private static let checklistMark: FieldPaths = ["mark"]

    /// Tags in source order without repeats.
    private static func tags(_ reader: inout FieldReader, rules: TaskRules) -> [String] {
        unique(reader.list(rules.paths(for: .tags)))
    }

    /// Names in source order without repeats or a leading `@`.
    private static func unique(_ names: [String]) -> [String] {
        var kept: [String] = []
        kept.reserveCapacity(names.count)
        // A task has a few names, looked through faster than hashed; many get a set.
        var seen: Set<String>? = names.count > 16 ? [] : nil
        for name in names {
            let name = name.utf8.first == UInt8(ascii: "@") && name.hasPrefix("@") ? String(name.dropFirst()) : name
            guard !name.isEmpty else { continue }
            if seen != nil {
                guard seen?.insert(name).inserted == true else { continue }
            } else if kept.contains(name) {
                continue
            }
            kept.append(name)
        }
        return kept
    }

    private static func subtasks(_ reader: inout FieldReader, rules: TaskRules, log: DiagnosticLog?) -> [TaskItem] {
        guard let (path, node) = reader.find(rules.paths(for: .subtasks)) else { return [] }
        guard case .list(let items) = node.value else {
            reader.report(
                "field '\(path)' of \(reader.subject): expected a list of tasks, "
                    + "found \(node.value.quotedForMessage)", at: node)
            return []
        }
        var subtasks: [TaskItem] = []
        for item in items {
            let record = Record(fields: item, location: reader.record.location(of: item))
            do {
                if let subtask = try decode(record, rules: rules, log: log) { subtasks.append(subtask) }
            } catch {
                for diagnostic in error.diagnostics { reader.report(diagnostic) }
            }
        }
        return subtasks
    }
}
