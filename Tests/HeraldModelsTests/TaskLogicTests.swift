import Foundation
import HeraldCore
import HeraldModels
import HeraldTestSupport
import Testing

private func task(due: String? = nil, created: String? = nil, completed: Bool = false) throws -> TaskItem {
    TaskItem(
        id: "1", title: "t", status: completed ? "done" : "todo", completed: completed,
        created: try created.map { try #require(Day.parse($0, in: .gmt)) },
        due: try due.map { try #require(Day.parse($0, in: .gmt)) },
        location: SourceLocation(file: "t.yml"))
}

@Test func overdueDependsOnTodayInTheSiteTimeZone() throws {
    // 23:30 UTC on Nov 3 is 00:30 on Nov 4 in Berlin: a task due Nov 3 is overdue only there.
    let lateEvening = try instant("2026-11-03T23:30:00Z")
    let dueNov3 = try task(due: "2026-11-03")
    #expect(!dueNov3.isOverdue(at: lateEvening, in: try zone("UTC")))
    #expect(dueNov3.isOverdue(at: lateEvening, in: try zone("Europe/Berlin")))
    #expect(dueNov3.daysUntilDue(from: lateEvening, in: try zone("UTC")) == 0)
    #expect(dueNov3.daysUntilDue(from: lateEvening, in: try zone("Europe/Berlin")) == -1)
    // And a zone west of UTC is still on the previous day.
    #expect(dueNov3.daysUntilDue(from: try instant("2026-11-03T03:00:00Z"), in: try zone("America/New_York")) == 1)
}

@Test func completedOrUndatedTasksAreNeverOverdue() throws {
    let now = try instant("2026-12-01T12:00:00Z")
    #expect(try !task(due: "2026-11-03", completed: true).isOverdue(at: now, in: .gmt))
    #expect(try !task().isOverdue(at: now, in: .gmt))
    #expect(try task().daysUntilDue(from: now, in: .gmt) == nil)
    #expect(try task(due: "2026-12-03").daysUntilDue(from: now, in: .gmt) == 2)
}

@Test func aRecurrenceCountsFromTheCompletionDayOrWithPlusFromTheDueDate() throws {
    let done = try #require(Day(year: 2026, month: 1, day: 30))
    let due = try #require(Day(year: 2026, month: 1, day: 31))
    func next(_ text: String, due: Day? = nil) throws -> String {
        let recurrence = try #require(Recurrence(text))
        return try #require(recurrence.next(completed: done, due: due)).description
    }
    #expect(try next("1w") == "2026-02-06")
    #expect(try next("+1w", due: due) == "2026-02-07")
    #expect(try next("+1w") == "2026-02-06")
    #expect(try next("3d") == "2026-02-02")
    // Jan 31 + 1 month: the last day of February.
    #expect(try next("+1m", due: due) == "2026-02-28")
    #expect(try next("1y") == "2027-01-30")
    // Friday Jan 30 + 2 business days: Tuesday.
    #expect(try next("2b") == "2026-02-03")
    for bad in ["", "w", "0d", "1q", "-1w", "99999999d", "1.5w", "++1w", " 1w"] {
        #expect(Recurrence(bad) == nil, "\(bad)")
    }
    #expect(Recurrence("2w")?.description == "every 2 weeks")
    #expect(Recurrence("+1b")?.description == "every business day, from the due date")
    // The Obsidian Tasks plugin's phrases: from the due date unless "when done".
    #expect(Recurrence("every week") == Recurrence("+1w"))
    #expect(Recurrence("every 2 days when done") == Recurrence("2d"))
    #expect(Recurrence("every weekday") == Recurrence("+1b"))
    #expect(Recurrence("every month on the 1st") == nil)
}

@Test func aTaskWaitsForItsThresholdDay() throws {
    var task = TaskItem(id: "1", title: "Later", status: "todo", location: SourceLocation(file: "t"))
    task.threshold = Day(year: 2026, month: 11, day: 22)
    let noon = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21 12:00 UTC
    #expect(task.isUpcoming(at: noon, in: .gmt))
    #expect(!task.isUpcoming(at: noon.addingTimeInterval(86_400), in: .gmt))
}
