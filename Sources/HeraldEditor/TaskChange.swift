import HeraldModels

/// One change a `herald tasks` command (or the served board) asks of the task source.
public enum TaskChange: Sendable {
    case add(NewTask)
    /// Move to the last column, marking the task complete.
    case done(id: String)
    /// Move back to the first column, undoing `done`.
    case reopen(id: String)
    case move(id: String, to: String)
    case remove(id: String)
    case edit(id: String, TaskEdits)

    /// The ID the change names, if it names one.
    var id: String? {
        switch self {
        case .add: nil
        case .done(let id), .reopen(let id), .move(let id, _), .remove(let id), .edit(let id, _): id
        }
    }
}

/// A task to add: its text, and the fields given beside it.
public struct NewTask: Sendable {
    /// The title; in todo.txt it may carry the format's tokens (`+Family @phone due:2026-12-01`).
    public var text: String
    /// A column; nil puts the task in the first.
    public var status: String?
    public var priority: String?
    public var due: Day?
    public var tags: [String]
    public var project: String?
    public var assignee: String?
    /// The heading of a Markdown checklist to add the item under; nil means the last one.
    public var list: String?

    public init(text: String, status: String? = nil, priority: String? = nil, due: Day? = nil, tags: [String] = [],
                project: String? = nil, assignee: String? = nil, list: String? = nil) {
        self.text = text
        self.status = status
        self.priority = priority
        self.due = due
        self.tags = tags
        self.project = project
        self.assignee = assignee
        self.list = list
    }
}

/// Fields to change on an existing task; `.some(nil)` clears a field.
public struct TaskEdits: Sendable {
    public var title: String?
    public var due: Day??
    public var priority: String??

    public init(title: String? = nil, due: Day?? = nil, priority: String?? = nil) {
        self.title = title
        self.due = due
        self.priority = priority
    }

    var isEmpty: Bool { title == nil && due == nil && priority == nil }
}
