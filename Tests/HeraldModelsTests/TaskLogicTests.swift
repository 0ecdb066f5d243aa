import Foundation
import HeraldCore
import HeraldModels
import HeraldTestSupport
import Testing

private func task(due: String? = nil, created: String? = nil, completed: Bool = false) throws -> Task {
    Task(id: "1", title: "t", status: completed ? "done" : "todo", completed: completed,
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
