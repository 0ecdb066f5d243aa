import Foundation
import HeraldModels

/// How `herald tasks list` prints tasks: aligned lines for people, JSON for scripts.
enum TaskListing {
    /// `4f2a  todo   (A)  2026-12-01  Call Mom +Family @phone  (in Inbox)`
    static func lines(_ tasks: [TaskItem]) -> [String] {
        let idWidth = tasks.map(\.id.count).max() ?? 0
        let statusWidth = tasks.map(\.status.count).max() ?? 0
        let hasDue = tasks.contains { $0.due != nil }
        // A task's note is named only where the tasks come from more than one.
        let namesNotes = Set(tasks.compactMap(\.note)).count > 1
        return tasks.map { task in
            var line = pad(task.id, idWidth) + "  " + pad(task.status, statusWidth) + "  "
            line += task.priority.map { pad("(\($0))", 3) } ?? "   "
            if hasDue { line += "  " + (task.due?.description ?? String(repeating: " ", count: 10)) }
            return line + "  " + label(task) + (namesNotes ? task.note.map { "  (in \($0))" } ?? "" : "")
        }
    }

    /// The title with the project and contexts the board shows beside it: `Call Mom +Family @phone`.
    static func label(_ task: TaskItem) -> String {
        ([task.title] + (task.project.map { ["+" + $0] } ?? []) + task.contexts.map { "@" + $0 }).joined(separator: " ")
    }

    static func json(_ tasks: [TaskItem], now: Date, in zone: TimeZone) -> String {
        let objects: [[String: Any]] = tasks.map { task in
            var object: [String: Any] = [
                "id": task.id, "title": task.title, "status": task.status, "completed": task.completed,
                "tags": task.tags, "overdue": task.isOverdue(at: now, in: zone),
                "file": task.location.file, "line": task.location.line
            ]
            object["priority"] = task.priority
            object["due"] = task.due?.description
            object["created"] = task.created?.description
            object["completed_at"] = task.completedAt?.description
            object["project"] = task.project
            object["assignee"] = task.assignee
            object["contexts"] = task.contexts
            object["note"] = task.note
            return object
        }
        let data =
            (try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys]))
            ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
