import Foundation
import HeraldModels
import HeraldMustache

/// The board's due dates as an iCalendar feed (RFC 5545) that a calendar app subscribes to: an
/// all-day event per task with a due date, its UID made from the task's ID so that the app
/// updates an event rather than adding a second one, done tasks marked. Every line is written
/// here, escaped and folded, so the template only joins them.
public struct TaskCalendarPresenter: Sendable {
    public let context: SiteContext
    /// What makes the UIDs of this site's tasks its own: the host of its base URL, else its title.
    private let host: String

    public init(context: SiteContext) {
        self.context = context
        host = URL(string: context.baseURL)?.host ?? TaskBoardPresenter.anchor(context.title).lowercased()
    }

    /// The feed of the tasks of `tasks` that have a due date, named after `name`.
    public func feed(_ tasks: [TaskItem], name: String) -> TemplateValue {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Herald//Task board//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:" + Self.text(name), "X-WR-TIMEZONE:" + context.timeZone.identifier
        ]
        let dated = tasks.compactMap { task in task.due.map { (task: task, due: $0) } }
            .sorted { ($0.due, $0.task.id) < ($1.due, $1.task.id) }
        for (task, due) in dated { lines += event(task, due: due) }
        lines.append("END:VCALENDAR")
        return ["lines": .list(lines.flatMap(Self.folded).map { .string($0 + "\r\n") })]
    }

    private func event(_ task: TaskItem, due: Day) -> [String] {
        // The stamp is a day the task's own data gives, never the build's clock: an unchanged
        // task gives an unchanged feed from one night's build to the next.
        let stamp = task.completedAt ?? task.created ?? due
        var lines = [
            "BEGIN:VEVENT",
            "UID:" + Self.text("task-\(task.id)@\(host)"),
            "DTSTAMP:\(Self.compact(stamp))T000000Z",
            "DTSTART;VALUE=DATE:\(Self.compact(due))",
            "DTEND;VALUE=DATE:\(Self.compact(due.adding(days: 1)))",
            "SUMMARY:" + Self.text(task.completed ? "✓ \(task.title)" : task.title),
            "TRANSP:TRANSPARENT",
            "STATUS:CONFIRMED"
        ]
        var details = ["Status: \(TaskBoardPresenter.title(ofColumn: task.status))"]
        if let project = task.project { details.append("Project: +\(project)") }
        if !task.assignees.isEmpty {
            details.append("Assignees: " + task.assignees.map { "@" + $0 }.joined(separator: ", "))
        }
        if let completedAt = task.completedAt { details.append("Done: \(completedAt)") }
        lines.append("DESCRIPTION:" + Self.text(details.joined(separator: "\n")))
        if !task.tags.isEmpty { lines.append("CATEGORIES:" + task.tags.map(Self.text).joined(separator: ",")) }
        lines.append(
            "URL:" + (task.url ?? context.absoluteURL("tasks/") + "#task-" + TaskBoardPresenter.anchor(task.id)))
        lines.append("END:VEVENT")
        return lines
    }

    /// `20261127`
    private static func compact(_ day: Day) -> String {
        String(format: "%04d%02d%02d", day.year, day.month, day.day)
    }

    /// A TEXT value: backslash, semicolon, comma and line breaks escaped.
    static func text(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            case "\r": continue
            default:
                // Other controls are not allowed in a TEXT value.
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A content line cut into lines of at most 75 octets, each after the first starting with a
    /// space, never inside a character's UTF-8 bytes.
    static func folded(_ line: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var octets = 0
        for character in line.unicodeScalars {
            let size = UTF8.width(character)
            let limit = lines.isEmpty ? 75 : 74
            if octets + size > limit {
                lines.append(lines.isEmpty ? current : " " + current)
                current = ""
                octets = 0
            }
            current.unicodeScalars.append(character)
            octets += size
        }
        lines.append(lines.isEmpty ? current : " " + current)
        return lines
    }
}
