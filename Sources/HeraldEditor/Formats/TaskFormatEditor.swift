import HeraldCore
import HeraldModels

/// A task in the file being edited: the decoded task, and the record it came from.
struct EditTarget {
    var task: TaskItem
    var record: Record
    /// The record's index among the file's records.
    var index: Int
}

/// What every format's editor can do to its file; each edits only the bytes (or rows) involved.
protocol TaskFormatEditor {
    /// Puts the task in `column` (one of the configured columns), completing it in the last one
    /// and reopening it elsewhere.
    mutating func move(_ target: EditTarget, to column: String) throws(DiagnosticError)
    mutating func remove(_ target: EditTarget) throws(DiagnosticError)
    /// Appends the task; `status` is already a column.
    mutating func add(_ task: NewTask, status: String) throws(DiagnosticError)
    mutating func edit(_ target: EditTarget, _ edits: TaskEdits) throws(DiagnosticError)
    /// Adds the next occurrence of a repeating task that `move` has just completed, dated by
    /// `recurrence` from today; nil when the format keeps no recurrence to follow.
    mutating func addNextOccurrence(of target: EditTarget, repeating recurrence: Recurrence) throws(DiagnosticError)
        -> AddedOccurrence?
    /// What the edits have made so far.
    var result: EditResult { get }
}

extension TaskFormatEditor {
    mutating func addNextOccurrence(of target: EditTarget, repeating recurrence: Recurrence) throws(DiagnosticError)
        -> AddedOccurrence?
    {
        nil
    }
}

/// The next occurrence an editor added: where, and the due date it must read back with.
struct AddedOccurrence {
    /// Where the new task went: on the line before the completed one (as the Obsidian Tasks
    /// plugin puts it), or at the end of the file (as Simpletask adds it to todo.txt).
    enum Place {
        case beforeTask, atEnd
    }

    var place: Place
    var due: Day?
}

/// An editor's work: a text file's new bytes, or a database's pending statements.
enum EditResult {
    case bytes([UInt8])
    case database(SQLiteTaskStore)
}

/// What the editors share: the board's columns and mapping, the file's name, and today.
struct EditContext {
    var rules: TaskRules
    var file: String
    var today: Day

    var firstColumn: String { rules.columns.first ?? "" }
    var lastColumn: String { rules.columns.last ?? "" }

    /// The source's spelling of `column`: the first `status_map` entry that sends a status there
    /// (the column's own name first), or the column's name when no entry does.
    func sourceStatus(for column: String) -> String {
        let entries = rules.statusMapOrder.filter { rules.statusMap[$0] == .some(column) }
        return entries.contains(column) ? column : entries.first ?? column
    }

    func error(_ message: String, line: Int = 0, column: Int = 0) -> DiagnosticError {
        DiagnosticError(.error(at: SourceLocation(file: file, line: line, column: column), message))
    }

    /// The error for a repeating task whose next date would fall outside the calendar.
    func noNextOccurrence(of task: TaskItem, line: Int) -> DiagnosticError {
        error(
            "the next occurrence of '\(task.title)' (\(task.recurrence?.description ?? "repeating")) would fall after "
                + "9999-12-31; nothing was written", line: line)
    }

    /// The error for a format that knows only done and not done.
    func onlyTwoColumns(_ column: String, format: String) -> DiagnosticError {
        error(
            "a \(format) task is either open or done, so it can go to '\(firstColumn)' or '\(lastColumn)', not '\(column)'"
        )
    }
}
