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

    /// A number of its own for each field, from 0 up, for tables with an entry per field.
    var ordinal: Int {
        switch self {
        case .id: 0
        case .title: 1
        case .notes: 2
        case .status: 3
        case .completed: 4
        case .priority: 5
        case .created: 6
        case .due: 7
        case .completedAt: 8
        case .tags: 9
        case .project: 10
        case .assignee: 11
        case .image: 12
        case .url: 13
        case .subtasks: 14
        case .note: 15
        case .contexts: 16
        case .threshold: 17
        case .recurrence: 18
        case .hidden: 19
        case .scheduled: 20
        case .start: 21
        case .cancelled: 22
        }
    }
}

/// How records become tasks: where each field is, the board's columns, and how source statuses
/// map onto them.
public struct TaskRules: Sendable {
    /// Model field → dotted key path; a mapped field reads only its path, with no fallbacks.
    public var fields: [TaskField: String] {
        didSet { pathTable = Self.pathTable(fields) }
    }
    /// The paths read for each field, by `TaskField.ordinal`: worked out once, not per record.
    private var pathTable: [FieldPaths]
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
    public var facts: [RecordFact] = [] {
        didSet { factPaths = facts.map { FieldPaths([$0.path]) } }
    }
    /// The path of each fact, parsed once rather than for every record.
    private(set) var factPaths: [FieldPaths] = []
    /// Every path the config names, for the warning about a path no record has.
    public var mapped: [MappedPath] = []
    /// What a record must hold to become a task (`where:`); the others are left out, as a status
    /// mapped to ~ is.
    public var filter = RecordFilter()

    public static let defaultColumns = ["todo", "doing", "done"]

    public init(
        fields: [TaskField: String] = [:], columns: [String] = TaskRules.defaultColumns,
        statusMap: [String: String?] = [:], timeZone: TimeZone = .gmt
    ) {
        self.fields = fields
        pathTable = Self.pathTable(fields)
        self.columns = columns
        self.statusMap = statusMap
        self.timeZone = timeZone
    }

    /// The key paths read for `field`, in order.
    public func keyPaths(for field: TaskField) -> [String] {
        paths(for: field).texts
    }

    /// A copy whose tables and lists share no storage with this one's, for each thread that
    /// decodes: storage read from every core at once has its reference count bounced between the
    /// cores on each lookup, which costs more than the copy.
    public func unshared() -> TaskRules {
        var copy = self
        copy.pathTable = Self.pathTable(fields)
        copy.columns = columns.map { $0 }
        copy.statusMap = Dictionary(uniqueKeysWithValues: statusMap.map { ($0.key, $0.value) })
        copy.facts = facts.map { $0 }
        return copy
    }

    /// `keyPaths(for:)`, parsed.
    func paths(for field: TaskField) -> FieldPaths {
        pathTable[field.ordinal]
    }

    private static func pathTable(_ fields: [TaskField: String]) -> [FieldPaths] {
        var table = [FieldPaths](repeating: [], count: TaskField.allCases.count)
        for field in TaskField.allCases {
            table[field.ordinal] = FieldPaths(fields[field].map { [$0] } ?? field.defaultKeyPaths)
        }
        return table
    }
}
