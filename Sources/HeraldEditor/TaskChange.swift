import HeraldCore
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
    /// Puts back what a `remove` took out, byte for byte (the served board's undo).
    case restore(Removal)

    /// The ID the change names, if it names one.
    var id: String? {
        switch self {
        case .add, .restore: nil
        case .done(let id), .reopen(let id), .move(let id, _), .remove(let id), .edit(let id, _): id
        }
    }

    /// Whether the change sets fields beside the column, so that a task already in the column
    /// is not left as it is.
    var editsFields: Bool {
        if case .edit(_, let edits) = self { !edits.fields.isEmpty } else { false }
    }
}

/// What a `remove` took out of a text task file: the bytes and where they were, and a fingerprint
/// of the file the removal left, so that they go back only into that file. Put back, they give
/// the file's bytes from before the removal; a file changed since is refused, since an offset
/// into other bytes could land anywhere.
public struct Removal: Sendable, Equatable {
    /// The removed task's ID (the full one, not the board's abbreviation).
    public let taskID: String
    public let offset: Int
    public let bytes: [UInt8]
    let leftCount: Int
    let leftHash: UInt64

    /// The removal that turned `before` into `after`; nil unless `after` is `before` with one
    /// run of bytes taken out.
    init?(taskID: String, before: [UInt8], after: [UInt8]) {
        guard after.count < before.count else { return nil }
        var prefix = 0
        while prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
        let length = before.count - after.count
        guard before[(prefix + length)...].elementsEqual(after[prefix...]) else { return nil }
        self.taskID = taskID
        offset = prefix
        bytes = Array(before[prefix..<(prefix + length)])
        leftCount = after.count
        leftHash = ContentHash.of(after)
    }

    /// Whether `file` is still exactly what the removal left.
    func fits(_ file: [UInt8]) -> Bool {
        file.count == leftCount && ContentHash.of(file) == leftHash
    }

    /// `file` with the removed bytes back in their place.
    func restoring(_ file: [UInt8]) -> [UInt8] {
        var restored = file
        restored.insert(contentsOf: bytes, at: offset)
        return restored
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

    public init(
        text: String, status: String? = nil, priority: String? = nil, due: Day? = nil, tags: [String] = [],
        project: String? = nil, assignee: String? = nil, list: String? = nil
    ) {
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
    /// A column to move the task to in the same write (a card dropped into another column and
    /// another priority's lane at once), as `move` names one.
    public var status: String?

    public init(title: String? = nil, due: Day?? = nil, priority: String?? = nil, status: String? = nil) {
        self.title = title
        self.due = due
        self.priority = priority
        self.status = status
    }

    var isEmpty: Bool { title == nil && due == nil && priority == nil && status == nil }

    /// The edits of the task's fields, its column left out.
    var fields: TaskEdits {
        var fields = self
        fields.status = nil
        return fields
    }
}
