import Foundation
import HeraldConfig
import HeraldCore
import HeraldLoaders
import HeraldModels

/// The write side of the task loaders: lists the tasks of the site's task file and changes
/// them in place, for `herald tasks` and the served board alike. It knows files and records,
/// never pages.
public struct TaskEditor: Sendable {
    public let site: URL
    public let config: TasksConfig
    /// The instant of the edits; "today" for completion and creation dates is its day in the site's time zone.
    public let now: Date
    public let today: Day
    /// Runs between reading the file and writing it back; tests change the file here to check
    /// that a file changed meanwhile is left alone.
    public var beforeWrite: (@Sendable () -> Void)?
    /// Whether a `remove` from a text file hands back its `Removal`, for an undo: working it out
    /// compares and hashes the whole file, which a command that cannot undo need not pay for.
    public var keepsRemovals = false

    public init(site: URL, config: TasksConfig, now: Date) {
        self.site = site
        self.config = config
        self.now = now
        self.today = Day(now, in: config.rules.timeZone)
    }

    /// What a change did.
    public struct Outcome: Sendable {
        /// The task after the change (before it, for `remove`), its ID abbreviated as the board shows it.
        public var task: TaskItem
        /// False when the task already was as asked, and nothing was written.
        public var changed: Bool
        /// For a dry run, the unified diff of the file (the SQL, for a database); empty when
        /// nothing changed, and after a real write.
        public var diff: String
        /// The next occurrence completing a repeating task added, its ID as the board shows it.
        public var next: TaskItem?
        /// What the change could not do but did not stop for (a recurrence Herald cannot follow).
        public var warnings: [Diagnostic] = []
        /// For a `remove` from a text file, what it took out, to put back with `restore`.
        public var removal: Removal?
    }

    /// The tasks of the source in source order, IDs abbreviated as the board shows them. A
    /// folder of notes or a glob is read as a build reads it, each task knowing its note.
    public func list() throws(DiagnosticError) -> [TaskItem] {
        if let files = try TaskFiles(site: site, config: config) { return try files.tasks() }
        return try checkEditable()
    }

    /// The tasks of the one file `herald tasks` edits; throws why the source cannot be edited
    /// (a URL, a folder, a file that does not read), which the served board shows instead of
    /// its controls.
    @discardableResult
    public func checkEditable() throws(DiagnosticError) -> [TaskItem] {
        let source = try TaskSource(site: site, config: config)
        let lock = try FolderLock(folder: source.url.deletingLastPathComponent())
        defer { withExtendedLifetime(lock) {} }
        return try source.tasks()
    }

    /// Applies `change` to the task file, or with `dryRun` only works out its diff. Nothing is
    /// written when anything is wrong: the file must read without errors before and after.
    public func apply(_ change: TaskChange, dryRun: Bool = false) throws(DiagnosticError) -> Outcome {
        if let files = try TaskFiles(site: site, config: config) { throw files.refusal(for: change.id) }
        let source = try TaskSource(site: site, config: config)
        let lock = try FolderLock(folder: source.url.deletingLastPathComponent())
        defer { withExtendedLifetime(lock) {} }
        let before = try source.read(needsWriting: !dryRun)
        let context = EditContext(rules: config.rules, file: source.displayPath, today: today)
        if case .restore(let removal) = change {
            return try restore(removal, source: source, before: before, context: context, dryRun: dryRun)
        }

        var target: EditTarget?
        if let id = change.id { target = try before.target(id) }
        // The column a done, reopen, move or edit with a status sends the task to, worked out once.
        let expectedColumn = try target.flatMap { target throws(DiagnosticError) in
            try column(for: change, of: target.task, context: context)
        }
        if let target, let expectedColumn, expectedColumn == target.task.status, !change.editsFields {
            var task = target.task
            task.id = before.shortID(of: target)
            return Outcome(task: task, changed: false, diff: "")
        }

        var editor = try source.editor(for: before, context: context)
        let (added, warnings) = try make(
            change, target: target, column: expectedColumn, with: &editor, context: context)

        let after = try source.reread(editor, from: before)
        let (task, next) = try after.check(change, target: target, before: before, added: added)
        try Self.confirm(task, shows: change, column: expectedColumn, context: context)
        if let next, let target, let added {
            try Self.confirm(next, repeats: target.task, due: added.due, context: context)
        }
        // Only a dry run shows the diff, and on a large file working it out costs more than the edit.
        let diff = dryRun ? source.diff(editor, from: before) : ""
        if !dryRun {
            beforeWrite?()
            try source.write(editor, from: before)
        }
        var removal: Removal?
        if keepsRemovals, case .remove = change, let target, case .bytes(let bytes) = editor.result {
            removal = Removal(taskID: target.task.id, before: before.file.bytes, after: bytes)
        }
        return Outcome(task: task, changed: true, diff: diff, next: next, warnings: warnings, removal: removal)
    }

    /// Makes `change` with `editor`: the new task, or `target` sent to `column`, edited or
    /// removed; the next occurrence a completion added, and what it could not do but did not
    /// stop for.
    private func make(
        _ change: TaskChange, target: EditTarget?, column: String?, with editor: inout any TaskFormatEditor,
        context: EditContext
    ) throws(DiagnosticError) -> (AddedOccurrence?, [Diagnostic]) {
        switch change {
        case .add(let task):
            guard task.text.hasVisibleText, !task.text.contains(where: \.isNewline) else {
                throw context.error("a task needs a title of one line")
            }
            let status = try task.status.map { status throws(DiagnosticError) in
                try self.column(named: status, context: context)
            }
            try editor.add(task, status: status ?? context.firstColumn)
        case .done, .reopen, .move:
            guard let target, let column else { break }
            try editor.move(target, to: column)
            if column == context.lastColumn, !target.task.completed {
                return try repeating(target, with: &editor, context: context)
            }
        case .remove:
            if let target { try editor.remove(target) }
        case .edit(_, let edits):
            guard !edits.isEmpty else { throw context.error("nothing to edit: give --title, --due or --priority") }
            // The column first: done and reopen move a todo.txt priority, which the edit may then set.
            if let target, let column, column != target.task.status { try editor.move(target, to: column) }
            var edits = edits.fields
            if let title = edits.title {
                // The same rule as for a new task's title, so that add and edit agree on every format.
                guard title.hasVisibleText, !title.contains(where: \.isNewline) else {
                    throw context.error("a task needs a title of one line")
                }
                edits.title = title.trimmingBlanks()
            }
            if let target, !edits.isEmpty { try editor.edit(target, edits) }
        case .restore: break
        }
        return (nil, [])
    }

    /// Adds the next occurrence of a task `editor` has just completed, when it repeats; a
    /// recurrence Herald cannot follow, or a format that keeps none, is a warning, not a stop.
    private func repeating(
        _ target: EditTarget, with editor: inout any TaskFormatEditor,
        context: EditContext
    ) throws(DiagnosticError) -> (AddedOccurrence?, [Diagnostic]) {
        let line = target.record.location.line
        guard let recurrence = target.task.recurrence else {
            let paths = config.rules.keyPaths(for: .recurrence)
            guard
                let text = paths.lazy.compactMap({ path -> String? in
                    if case .string(let text)? = target.record.fields.lookup(path)?.value { text } else { nil }
                }).first
            else { return (nil, []) }
            return (
                nil,
                [
                    .warning(
                        at: SourceLocation(file: context.file, line: line),
                        "'\(target.task.title)' repeats '\(text)', which Herald cannot work out (a number and d, w, m, y "
                            + "or b, as in 1w or +3d, or 'every 2 weeks'), so no next occurrence was added")
                ]
            )
        }
        guard let added = try editor.addNextOccurrence(of: target, repeating: recurrence) else {
            return (
                nil,
                [
                    .warning(
                        at: SourceLocation(file: context.file, line: line),
                        "'\(target.task.title)' repeats \(recurrence.description), but herald tasks adds the next "
                            + "occurrence only in todo.txt and Markdown checklists; add it yourself")
                ]
            )
        }
        return (added, [])
    }

    /// Throws unless the next occurrence reads back as the task it repeats, open, due as worked out.
    private static func confirm(_ next: TaskItem, repeats task: TaskItem, due: Day?, context: EditContext)
        throws(DiagnosticError)
    {
        var wrong: [String] = []
        if next.completed || next.status != context.firstColumn {
            wrong.append("it would be in '\(next.status)', not '\(context.firstColumn)'")
        }
        if next.title != task.title { wrong.append("its title would read '\(next.title)'") }
        if next.recurrence != task.recurrence { wrong.append("it would not repeat as '\(task.title)' does") }
        if next.due != due {
            wrong.append(
                "its due date would read '\(next.due?.description ?? "none")', not '\(due?.description ?? "none")'")
        }
        guard wrong.isEmpty else {
            throw context.error(
                "the next occurrence does not read back as it should: \(wrong.joined(separator: "; ")); nothing was written"
            )
        }
    }

    /// Puts a removed task's bytes back, when the file is still as the removal left it, and
    /// checks that the file then reads with that task again.
    private func restore(
        _ removal: Removal, source: TaskSource, before: TaskSnapshot, context: EditContext,
        dryRun: Bool
    ) throws(DiagnosticError) -> Outcome {
        guard source.format != .sqlite else { throw context.error("a task removed from a database cannot be put back") }
        let bytes = before.file.bytes
        guard removal.fits(bytes) else {
            throw context.error(
                "the task file changed since the task was removed, so it cannot be put back as it was; nothing was written"
            )
        }
        let restored = removal.restoring(bytes)
        let after = try source.reread(restored, from: before)
        guard after.tasks.count == before.tasks.count + 1,
            let index = after.tasks.firstIndex(where: { $0.id == removal.taskID })
        else {
            throw context.error("the removed task would not be read back from the file; nothing was written")
        }
        let task = try after.shortTask(index)
        let diff = dryRun ? UnifiedDiff.make(old: bytes, new: restored, path: source.displayPath) : ""
        if !dryRun {
            beforeWrite?()
            try before.file.write(restored)
        }
        return Outcome(task: task, changed: true, diff: diff)
    }

    /// Throws unless the task as read back from the edited file is what the change asked for: a
    /// mapping the editor cannot write through (a nested key, a status_map without a way back)
    /// must not pass for success.
    private static func confirm(_ task: TaskItem, shows change: TaskChange, column: String?, context: EditContext)
        throws(DiagnosticError)
    {
        var wrong: [String] = []
        if let column, task.status != column { wrong.append("it would be in '\(task.status)', not '\(column)'") }
        if case .edit(_, let edits) = change {
            if let title = edits.title, task.title != title.trimmingBlanks() {
                wrong.append("its title would read '\(task.title)'")
            }
            if let due = edits.due, task.due != due {
                wrong.append("its due date would read '\(task.due?.description ?? "none")'")
            }
            if let priority = edits.priority, task.priority != priority {
                wrong.append("its priority would read '\(task.priority ?? "none")'")
            }
        }
        if case .add(let new) = change {
            if let due = new.due, task.due != due {
                wrong.append("its due date would read '\(task.due?.description ?? "none")'")
            }
        }
        guard wrong.isEmpty else {
            throw context.error(
                "the change does not read back as asked: \(wrong.joined(separator: "; ")); nothing was written")
        }
    }

    /// The column a `done`, `reopen` or `move` sends the task to.
    private func column(for change: TaskChange, of task: TaskItem, context: EditContext) throws(DiagnosticError)
        -> String?
    {
        switch change {
        case .done: context.lastColumn
        case .reopen: task.completed || task.status == context.lastColumn ? context.firstColumn : task.status
        case .move(_, let status): try column(named: status, context: context)
        case .edit(_, let edits):
            try edits.status.map { status throws(DiagnosticError) in try column(named: status, context: context) }
        default: nil
        }
    }

    /// A column by its name, or by a source status that `status_map` sends to one.
    private func column(named name: String, context: EditContext) throws(DiagnosticError) -> String {
        let columns = config.rules.columns
        if columns.contains(name) { return name }
        if let mapped = config.rules.statusMap[name], let column = mapped { return column }
        let hint = Suggestion.nearest(to: name, in: columns).map { " (did you mean '\($0)'?)" } ?? ""
        throw context.error(
            "'\(name)' is not a column of the board\(hint); the columns are \(columns.joined(separator: ", "))")
    }
}
