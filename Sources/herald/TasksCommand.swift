import ArgumentParser
import Foundation
import HeraldConfig
import HeraldCore
import HeraldEditor
import HeraldModels

/// `herald tasks`: lists and edits the site's task file in place.
struct TasksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks",
        abstract: "List, add, complete, move and remove tasks in the site's own task file.",
        discussion: """
            Only the bytes of the task involved change: order, comments, quoting, unknown fields and \
            line endings stay. IDs are the records' own, or for todo.txt and Markdown checklists a short \
            hash of the task's title (any unique prefix works, as with git). Completing a repeating task \
            (todo.txt rec:, Obsidian's 🔁) adds its next occurrence. Writes are atomic; --dry-run prints \
            the diff instead.
            """,
        subcommands: [
            TasksList.self, TasksAdd.self, TasksDone.self, TasksReopen.self, TasksMove.self,
            TasksRemove.self, TasksEdit.self
        ])
}

/// What every `herald tasks` command takes: the site, and the instant that is "today".
struct TaskSiteOptions: ParsableArguments {
    @Option(help: "The site folder, holding herald.yml.")
    var source: String = "."

    @Option(
        help:
            "The instant to date completions and new tasks with (ISO 8601, or YYYY-MM-DD); default SOURCE_DATE_EPOCH, else the clock."
    )
    var now: String?

    func validate() throws {
        if let now, BuildClock.parse(now) == nil {
            throw ValidationError(
                "--now '\(now)' is not an ISO 8601 instant (2026-11-21T09:00:00Z) or a day (2026-11-21)")
        }
    }

    /// The editor of the site's task file; errors are printed and exit 1.
    func editor() throws -> TaskEditor {
        let site = URL(fileURLWithPath: source).standardizedFileURL
        guard let instant = BuildClock.instant(now) else {
            Terminal().complain(["SOURCE_DATE_EPOCH: error: not a number of seconds"])
            throw ExitCode(2)
        }
        do throws(DiagnosticError) {
            let (config, _) = try SiteConfig.load(site: site)
            guard let tasks = config.tasks else {
                throw DiagnosticError(
                    .error(
                        at: SourceLocation(file: "herald.yml"),
                        "the site has no tasks: section, so there are no tasks to edit"))
            }
            return TaskEditor(site: site, config: tasks, now: instant)
        } catch {
            Terminal().complain(error.diagnostics.map(\.description))
            throw ExitCode(1)
        }
    }
}

/// What the writing commands share: the site, and `--dry-run`.
struct TaskWriteOptions: ParsableArguments {
    @OptionGroup var site: TaskSiteOptions

    @Flag(name: .customLong("dry-run"), help: "Print the change as a unified diff and write nothing.")
    var dryRun = false

    /// Applies `change`, printing the diff (dry run) or `message` for the task it touched.
    func run(_ change: TaskChange, _ message: (TaskEditor.Outcome) -> String) throws {
        let editor = try site.editor()
        do throws(DiagnosticError) {
            let outcome = try editor.apply(change, dryRun: dryRun)
            if !outcome.changed {
                print(
                    "\(outcome.task.id) is already in \(outcome.task.status); nothing changed: \(TaskListing.label(outcome.task))"
                )
            } else if dryRun {
                print(outcome.diff, terminator: "")
                Terminal().complain(["Dry run: nothing was written."])
            } else {
                print(message(outcome))
                if let next = outcome.next {
                    let when = next.due.map { ", due \($0)" } ?? next.threshold.map { ", from \($0)" } ?? ""
                    print("Added the next occurrence \(next.id): \(TaskListing.label(next))\(when)")
                }
            }
            Terminal().complain(outcome.warnings.map(\.description))
        } catch {
            Terminal().complain(error.diagnostics.map(\.description))
            throw ExitCode(1)
        }
    }
}

struct TasksList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract:
            "List the tasks: ID, column, priority, due date and title, one per line (a folder of notes too, each task with its note)."
    )

    @OptionGroup var site: TaskSiteOptions

    @Option(help: "Only tasks in this column.")
    var status: String?

    @Option(help: "Only tasks with this tag (a todo.txt @context counts).")
    var tag: String?

    @Option(help: "Only tasks of this project.")
    var project: String?

    @Flag(help: "Only open tasks due before today.")
    var overdue = false

    @Flag(help: "Print the tasks as JSON.")
    var json = false

    func run() throws {
        let editor = try site.editor()
        let tasks: [TaskItem]
        do throws(DiagnosticError) {
            tasks = try editor.list()
        } catch {
            Terminal().complain(error.diagnostics.map(\.description))
            throw ExitCode(1)
        }
        let (now, zone) = (editor.now, editor.config.rules.timeZone)
        let shown = tasks.filter { task in
            (status == nil || task.status == status) && (tag == nil || task.tags.contains(tag ?? ""))
                && (project == nil || task.project == project)
                && (!overdue || task.isOverdue(at: now, in: zone))
        }
        if json {
            print(TaskListing.json(shown, now: now, in: zone))
        } else {
            for line in TaskListing.lines(shown) { print(line) }
        }
    }
}

struct TasksAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a task; a todo.txt task may carry +project, @context and due: in its text.")

    @Argument(help: "The task's title.")
    var text: String

    @Option(help: "The column to put it in (default: the first).")
    var status: String?

    @Option(help: "Its priority (A-Z for todo.txt).")
    var priority: String?

    @Option(help: "Its due date, YYYY-MM-DD.")
    var due: String?

    @Option(help: "A tag; repeat for several.")
    var tag: [String] = []

    @Option(help: "Its project.")
    var project: String?

    @Option(help: "Who it is assigned to.")
    var assignee: String?

    @Option(help: "For a Markdown checklist: the heading to add it under (default: the last list).")
    var list: String?

    @OptionGroup var options: TaskWriteOptions

    func validate() throws {
        if let due, Day(iso: due) == nil { throw ValidationError("--due '\(due)' is not a date (YYYY-MM-DD)") }
    }

    func run() throws {
        let task = NewTask(
            text: text, status: status, priority: priority, due: due.flatMap(Day.init(iso:)), tags: tag,
            project: project, assignee: assignee, list: list)
        try options.run(.add(task)) { "Added \($0.task.id): \(TaskListing.label($0.task))" }
    }
}

struct TasksDone: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done", abstract: "Mark a task done (the last column); a repeating task gets its next occurrence.")

    @Argument(help: "The task's ID, or a unique prefix of it.")
    var id: String

    @OptionGroup var options: TaskWriteOptions

    func run() throws {
        try options.run(.done(id: id)) { "Done \($0.task.id): \(TaskListing.label($0.task))" }
    }
}

struct TasksReopen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reopen", abstract: "Reopen a done task (back to the first column).")

    @Argument(help: "The task's ID, or a unique prefix of it.")
    var id: String

    @OptionGroup var options: TaskWriteOptions

    func run() throws {
        try options.run(.reopen(id: id)) { "Reopened \($0.task.id): \(TaskListing.label($0.task))" }
    }
}

struct TasksMove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move a task to a column of the board.")

    @Argument(help: "The task's ID, or a unique prefix of it.")
    var id: String

    @Argument(help: "The column.")
    var status: String

    @OptionGroup var options: TaskWriteOptions

    func run() throws {
        try options.run(.move(id: id, to: status)) {
            "Moved \($0.task.id) to \($0.task.status): \(TaskListing.label($0.task))"
        }
    }
}

struct TasksRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a task (with its subtasks) from the file.")

    @Argument(help: "The task's ID, or a unique prefix of it.")
    var id: String

    @OptionGroup var options: TaskWriteOptions

    func run() throws {
        try options.run(.remove(id: id)) { "Removed \($0.task.id): \(TaskListing.label($0.task))" }
    }
}

struct TasksEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a task's title, due date or priority.")

    @Argument(help: "The task's ID, or a unique prefix of it.")
    var id: String

    @Option(help: "The new title.")
    var title: String?

    @Option(help: "The new due date (YYYY-MM-DD), or 'none' to clear it.")
    var due: String?

    @Option(help: "The new priority, or 'none' to clear it.")
    var priority: String?

    @OptionGroup var options: TaskWriteOptions

    func validate() throws {
        if let due, due != "none", Day(iso: due) == nil {
            throw ValidationError("--due '\(due)' is not a date (YYYY-MM-DD) or 'none'")
        }
        if title == nil, due == nil, priority == nil { throw ValidationError("give --title, --due or --priority") }
    }

    func run() throws {
        var edits = TaskEdits(title: title)
        if let due { edits.due = .some(due == "none" ? nil : Day(iso: due)) }
        if let priority { edits.priority = .some(priority == "none" ? nil : priority) }
        try options.run(.edit(id: id, edits)) { "Edited \($0.task.id): \(TaskListing.label($0.task))" }
    }
}
