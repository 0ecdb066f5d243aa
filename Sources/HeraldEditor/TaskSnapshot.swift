import HeraldCore
import HeraldLoaders
import HeraldModels

/// The tasks of the task file at one moment: of each task only what finding it by ID takes, and
/// its record read again when a command needs the whole task. A large file's records and tasks
/// would weigh many times its bytes, and an edit holds two snapshots (before and after).
struct TaskSnapshot: Sendable {
    let file: TaskFile
    let rules: TaskRules
    /// Every record of the file, tasks or not (records `status_map` drops still count for IDs).
    let records: [RecordSummary]
    /// One per task, in source order.
    let tasks: [TaskEntry]
    /// The numbers of the derived IDs: a task's abbreviated ID is worked out when asked for, as
    /// most edits need one or two of a large file's.
    let derivedHashes: [UInt64]
    /// Where whole records come from.
    let origin: RecordOrigin

    /// A record's place in its file, and what its derived ID is made of.
    struct RecordSummary: Sendable {
        var key: DerivedIDKey?
        var line: Int
        /// The record's line in the bytes, ending left out, for a todo.txt file.
        var span: Range<Int>
    }

    /// A task's ID and the record it came from. A derived ID stays a number until it is shown:
    /// writing out a large file's IDs as text would cost more than finding one of them.
    struct TaskEntry: Sendable {
        /// The task's own ID; nil when it is derived.
        var ownID: String?
        /// The derived ID's number, when `ownID` is nil.
        var derived: UInt64
        var ambiguous: Bool
        var recordIndex: Int

        var isDerived: Bool { ownID == nil }
        var id: String { ownID ?? TaskID.text(of: derived) }
    }

    /// Whole records: kept, or read again from a todo.txt file's line (each line stands alone).
    enum RecordOrigin: Sendable {
        case kept([Record])
        case todoTxt(bytes: [UInt8])
    }

    /// The record at `index`, as the format's reader gives it, with the derived ID of `entry`
    /// (its task, when it has one).
    func record(at index: Int, of entry: TaskEntry?) throws(DiagnosticError) -> Record {
        switch origin {
        case .kept(let records): return records[index]
        case .todoTxt(let bytes):
            let summary = records[index]
            guard
                case .success(var record?) = TodoTxtRecordReader.record(
                    inLine: bytes[summary.span], number: summary.line,
                    file: file.displayPath, comments: file.comments)
            else {
                throw DiagnosticError(
                    .error(
                        at: SourceLocation(file: file.displayPath, line: summary.line),
                        "this line no longer reads as a task"))
            }
            if let entry, entry.isDerived {
                record.derivedID = entry.id
                record.derivedIDIsAmbiguous = entry.ambiguous
            }
            return record
        }
    }

    /// The task of entry `index`, its full ID set; without `keepsFields`, without a copy of its
    /// record (`TaskItem.decode`).
    func task(_ index: Int, keepsFields: Bool = true) throws(DiagnosticError) -> TaskItem {
        let record = try record(at: tasks[index].recordIndex, of: tasks[index])
        guard var task = try TaskItem.decode(record, rules: rules, keepsFields: keepsFields) else {
            throw DiagnosticError(.error(at: record.location, "the task is no longer read from this record"))
        }
        task.id = tasks[index].id
        return task
    }

    /// The ID the board shows for entry `index`: a derived ID's shortest unique prefix (`TaskID`).
    func shortID(_ index: Int) -> String {
        let entry = tasks[index]
        guard entry.isDerived else { return entry.id }
        return TaskID.abbreviation(of: entry.derived, among: derivedHashes)
    }

    /// The task of entry `index` with the ID the board shows.
    func shortTask(_ index: Int) throws(DiagnosticError) -> TaskItem {
        var task = try task(index)
        task.id = shortID(index)
        return task
    }

    /// Every task, in source order, with the ID the board shows, for a listing: each read again
    /// without a copy of its record, which a listing never shows and a large file's tasks would
    /// hold many times over, and a share of them per core.
    func shortTasks() throws(DiagnosticError) -> [TaskItem] {
        let derived = tasks.indices.filter { tasks[$0].isDerived }
        var ids = tasks.map(\.ownID)
        for (index, id) in zip(derived, TaskID.abbreviations(of: derived.map { tasks[$0].derived })) { ids[index] = id }
        let read = Parallel.map(Array(zip(tasks.indices, ids)), chunk: 1024) { index, id in
            Result { () throws(DiagnosticError) -> TaskItem in
                var task = try task(index, keepsFields: false)
                task.id = id ?? task.id
                return task
            }
        }
        return try read.map { result throws(DiagnosticError) in try result.get() }
    }

    /// The task `id` names: its own ID exactly, or a prefix of an ID derived from a title (like a
    /// git short hash), or the first 8 characters or more of its own ID. An unknown ID or a prefix
    /// of several is an error naming the candidates.
    func target(_ id: String) throws(DiagnosticError) -> EditTarget {
        let wanted = id.trimmingBlanks()
        let full = wanted.utf8.count == 16 ? TaskID.Prefix(wanted) : nil
        var matches = tasks.indices.filter { index in
            tasks[index].ownID.map { $0 == wanted } ?? (full?.matches(tasks[index].derived) ?? false)
        }
        if matches.isEmpty, let prefix = TaskID.Prefix(wanted) {
            matches = tasks.indices.filter { tasks[$0].isDerived && prefix.matches(tasks[$0].derived) }
        }
        // A long ID by its first characters, as Taskwarrior's UUIDs go by their first eight; never
        // a shorter prefix, which would take task 4 for task 42.
        if matches.isEmpty, wanted.count >= Self.shortestIDPrefix {
            matches = tasks.indices.filter { tasks[$0].ownID?.hasPrefix(wanted) == true }
        }
        let here = SourceLocation(file: file.displayPath)
        guard let first = matches.first else {
            if let (line, omission) = leftOutRecord(withID: wanted) {
                throw DiagnosticError(
                    .error(
                        at: SourceLocation(file: file.displayPath, line: line, column: 1),
                        "no task has the ID '\(wanted)': the record with it is not on the board, as \(omission.reason)")
                )
            }
            throw DiagnosticError(.error(at: here, "no task has the ID '\(wanted)'; herald tasks list shows the IDs"))
        }
        guard matches.count == 1 else {
            let candidates = try matches.prefix(10).map { index throws(DiagnosticError) in
                "\(shortID(index)) (\(try task(index).title))"
            }
            throw DiagnosticError(
                .error(
                    at: here,
                    "the ID '\(wanted)' is ambiguous: it starts \(matches.count) IDs: \(candidates.joined(separator: ", "))"
                ))
        }
        let entry = tasks[first]
        if entry.isDerived, entry.ambiguous { throw try ambiguity(of: first) }
        return EditTarget(
            task: try task(first), record: try record(at: entry.recordIndex, of: entry), index: entry.recordIndex)
    }

    /// How many characters of a task's own ID find it by them alone.
    static let shortestIDPrefix = 8

    /// The line of the first record whose own ID is `id` but which the user's settings leave off
    /// the board, and the setting: looked for only once no task has the ID.
    private func leftOutRecord(withID id: String) -> (line: Int, omission: TaskItem.Omission)? {
        let tasksRecords = Set(tasks.map(\.recordIndex))
        for index in records.indices where !tasksRecords.contains(index) {
            guard let record = try? record(at: index, of: nil),
                let (ownID, omission) = TaskItem.omission(of: record, rules: rules), ownID == id
            else { continue }
            return (records[index].line, omission)
        }
        return nil
    }

    /// The error for a task that another task of the file is alike in every field: its ID tells
    /// them apart only by order, and an edit by it could change the wrong one.
    private func ambiguity(of index: Int) throws(DiagnosticError) -> DiagnosticError {
        let title = try task(index).title
        var lines: [String] = []
        for other in tasks.indices where tasks[other].isDerived && tasks[other].ambiguous && lines.count < 10 {
            let task = try task(other)
            if task.title == title { lines.append(String(task.location.line)) }
        }
        let line = records[tasks[index].recordIndex].line
        return DiagnosticError(
            .error(
                at: SourceLocation(file: file.displayPath, line: line, column: 1),
                "the tasks at lines \(lines.joined(separator: ", ")) read exactly alike ('\(title)'), so an ID cannot tell "
                    + "them apart; give this one an id (id:NAME in todo.txt) or change its text, then run the command again"
            ))
    }

    func shortID(of target: EditTarget) -> String {
        tasks.firstIndex { $0.recordIndex == target.index }.map(shortID) ?? target.task.id
    }

    /// The task the change made or changed, checked against what it asked: the reader must find
    /// the new task, the task in its new column, the removed task gone; and the next occurrence
    /// a completed task added, one more record where the editor put it.
    func check(
        _ change: TaskChange, target: EditTarget?, before: TaskSnapshot,
        added: AddedOccurrence? = nil
    ) throws(DiagnosticError) -> (task: TaskItem, next: TaskItem?) {
        let here = SourceLocation(file: file.displayPath)
        guard let added, let target else { return (try check(change, target: target, before: before), nil) }
        let nextIndex = added.place == .beforeTask ? target.index : records.count - 1
        let moved = EditTarget(
            task: target.task, record: target.record, index: target.index + (added.place == .beforeTask ? 1 : 0))
        guard records.count == before.records.count + 1,
            let next = tasks.firstIndex(where: { $0.recordIndex == nextIndex })
        else {
            throw DiagnosticError(
                .error(at: here, "the next occurrence would not be read back from the file; nothing was written"))
        }
        return (try check(change, target: moved, before: before), try shortTask(next))
    }

    private func check(_ change: TaskChange, target: EditTarget?, before: TaskSnapshot) throws(DiagnosticError)
        -> TaskItem
    {
        let here = SourceLocation(file: file.displayPath)
        switch change {
        case .add:
            // The new task is where the tasks' lines first differ from before: an ID would not
            // do, since a new task can change the IDs of tasks that share its title.
            let old = before.tasks
            guard tasks.count == old.count + 1,
                let index = tasks.indices.first(where: { index in
                    index == old.count
                        || before.records[old[index].recordIndex].line != records[tasks[index].recordIndex].line
                })
            else {
                throw DiagnosticError(
                    .error(at: here, "the new task would not be read back from the file; nothing was written"))
            }
            return try shortTask(index)
        case .remove:
            guard let target, tasks.count == before.tasks.count - 1 else {
                throw DiagnosticError(
                    .error(at: here, "the task would still be read from the file; nothing was written"))
            }
            var task = target.task
            task.id = before.shortID(of: target)
            return task
        case .done, .reopen, .move, .edit, .restore:
            guard let target, let index = tasks.firstIndex(where: { $0.recordIndex == target.index }) else {
                throw DiagnosticError(
                    .error(at: here, "the task would no longer be read from the file; nothing was written"))
            }
            return try shortTask(index)
        }
    }
}
