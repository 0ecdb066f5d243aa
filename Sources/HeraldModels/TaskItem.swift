import Foundation
import HeraldCore

/// One to-do item and what it knows about itself: whether it is overdue, how long until it is
/// due. Dates are calendar days; "today" depends on the site's time zone, so every question
/// about time takes the instant and the zone.
public struct TaskItem: Sendable, Identifiable {
    public var id: String
    /// Whether `id` was derived from the title (`TaskID`) because the source has no IDs.
    public var idIsDerived = false
    public var title: String
    /// Markdown.
    public var notes: String?
    /// The board column the task sits in; always one of the configured columns.
    public var status: String
    public var completed: Bool
    /// todo.txt style `A`…`Z`, or whatever the source uses.
    public var priority: String?
    public var created: Day?
    public var due: Day?
    public var completedAt: Day?
    public var tags: [String]
    public var project: String?
    /// The first of `assignees`.
    public var assignee: String?
    /// Everyone the task is assigned to, in source order (`assignees.*.login`).
    public var assignees: [String] = []
    public var image: String?
    public var url: String?
    /// The note the task was found in (a checklist file's name), when its source has notes.
    public var note: String?
    /// Where the task is to be done (todo.txt's `@phone`), without the `@`.
    public var contexts: [String] = []
    /// The day before which the task is not shown among the columns (todo.txt's `t:`).
    public var threshold: Day?
    /// The day the task is planned for (the Obsidian Tasks plugin's ⏳).
    public var scheduled: Day?
    /// The day work on the task may start (🛫).
    public var start: Day?
    /// The day the task was cancelled (❌).
    public var cancelled: Day?
    /// How the task comes back once done (todo.txt's `rec:`).
    public var recurrence: Recurrence?
    public var subtasks: [TaskItem]
    /// The value of each of the rules' `facts`, in their order: `.null` where the record has none.
    public var facts: [DataValue] = []
    /// The whole source record, joined records included, for templates to reach as `task.record`.
    public var record = DataMap()
    public var location: SourceLocation

    // Not inlined: inlined into `decode`, the new task was built aside and then copied, each of
    // its texts and lists retained and released, once for each record of a large file.
    @inline(never)
    public init(
        id: String, title: String, notes: String? = nil, status: String, completed: Bool = false,
        priority: String? = nil, created: Day? = nil, due: Day? = nil, completedAt: Day? = nil,
        tags: [String] = [], project: String? = nil, assignee: String? = nil, image: String? = nil,
        url: String? = nil, subtasks: [TaskItem] = [],
        location: SourceLocation
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.status = status
        self.completed = completed
        self.priority = priority
        self.created = created
        self.due = due
        self.completedAt = completedAt
        self.tags = tags
        self.project = project
        self.assignee = assignee
        assignees = assignee.map { [$0] } ?? []
        self.image = image
        self.url = url
        self.subtasks = subtasks
        self.location = location
    }

    /// Open and due before today in `timeZone`; a task due today is not overdue yet.
    public func isOverdue(at now: Date, in timeZone: TimeZone) -> Bool {
        guard !completed, let due else { return false }
        return due < Day(now, in: timeZone)
    }

    /// Waiting for its threshold day, which is after today in `timeZone`.
    public func isUpcoming(at now: Date, in timeZone: TimeZone) -> Bool {
        guard let threshold else { return false }
        return threshold > Day(now, in: timeZone)
    }

    /// Days from today in `timeZone` to the due day: 0 when due today, negative when past.
    public func daysUntilDue(from now: Date, in timeZone: TimeZone) -> Int? {
        due.map { Day(now, in: timeZone).days(until: $0) }
    }
}
