import Foundation

/// The fields a task has, named as `fields:` in `herald.yml` names them.
public enum TaskField: String, CaseIterable, Sendable {
    case id, title, notes, status, completed, priority, created, due
    case completedAt = "completed_at"
    case tags, project, assignee, image, url, subtasks
    /// The note (a checklist's file) the task came from, as its name.
    case note
    /// todo.txt's `@context`s, `t:` threshold, `rec:` recurrence and `h:1`.
    case contexts, threshold, recurrence, hidden
    /// The Obsidian Tasks plugin's ⏳ scheduled, 🛫 start and ❌ cancelled days.
    case scheduled, start, cancelled

    /// Keys tried in order when the config maps nothing, covering the common sources: JSON APIs,
    /// todo.txt (`completion_date`, `creation_date`, `projects`), Todoist-like exports.
    public var defaultKeyPaths: [String] {
        switch self {
        case .title: ["title", "name", "description", "text"]
        case .completed: ["completed", "done", "is_completed", "isCompleted"]
        case .completedAt: ["completed_at", "completion_date"]
        case .created: ["created", "created_at", "creation_date"]
        case .due: ["due", "due_date"]
        case .tags: ["tags"]
        case .project: ["project", "projects.0"]
        default: [rawValue]
        }
    }
}

/// How records become tasks: where each field is, the board's columns, and how source statuses
/// map onto them.
public struct TaskRules: Sendable {
    /// Model field → dotted key path; a mapped field reads only its path, with no fallbacks.
    public var fields: [TaskField: String]
    /// The board's columns, in order; completion-flag-only sources fill the first and the last.
    public var columns: [String]
    /// Source status → column; a nil column drops the record.
    public var statusMap: [String: String?]
    /// The keys of `statusMap` in the order herald.yml lists them, so that writing a column back
    /// picks the same source status every time.
    public var statusMapOrder: [String] = []
    /// The zone in which timestamps become calendar days.
    public var timeZone: TimeZone
    /// Read into `TaskItem.facts`, in this order.
    public var facts: [RecordFact] = []
    /// Every path the config names, for the warning about a path no record has.
    public var mapped: [MappedPath] = []

    public static let defaultColumns = ["todo", "doing", "done"]

    public init(
        fields: [TaskField: String] = [:], columns: [String] = TaskRules.defaultColumns,
        statusMap: [String: String?] = [:], timeZone: TimeZone = .gmt
    ) {
        self.fields = fields
        self.columns = columns
        self.statusMap = statusMap
        self.timeZone = timeZone
    }

    /// The key paths read for `field`, in order.
    public func keyPaths(for field: TaskField) -> [String] {
        fields[field].map { [$0] } ?? field.defaultKeyPaths
    }
}
