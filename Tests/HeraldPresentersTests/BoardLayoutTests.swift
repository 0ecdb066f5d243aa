import HeraldModels
import HeraldMustache
@testable import HeraldPresenters
import Testing

// The board's own keys (limits, swimlanes, the calendar feed) and its charts, on tasks whose
// numbers are easy to count by hand. "Now" is Friday 2026-11-20.

private let columns = ["todo", "doing", "done"]

private func tasks() throws -> [TaskItem] {
    [
        TaskItem(
            id: "a", title: "Alpha", status: "doing", created: try day("2026-11-02"), assignee: "Maren", location: here),
        TaskItem(
            id: "b", title: "Beta; with, commas", status: "doing", created: try day("2026-11-03"),
            due: try day("2026-11-27"),
            assignee: "Tobi", location: here),
        TaskItem(id: "c", title: "Gamma", status: "doing", due: try day("2026-11-30"), location: here),
        TaskItem(
            id: "d", title: "Delta", status: "done", completed: true, created: try day("2026-11-02"),
            due: try day("2026-11-10"), completedAt: try day("2026-11-06"), project: "web", assignee: "Maren",
            location: here),
        TaskItem(
            id: "e", title: "Epsilon", status: "done", completed: true, created: try day("2026-11-09"),
            completedAt: try day("2026-11-10"), location: here),
        TaskItem(id: "f", title: "Zeta", status: "done", completed: true, location: here),
        TaskItem(
            id: "g", title: "Eta", status: "todo", created: try day("2026-11-16"), assignee: "Maren", location: here)
    ]
}

private func board(_ layout: TaskBoardPresenter.Layout) throws -> TemplateValue {
    TaskBoardPresenter(tasks: try tasks(), columns: columns, layout: layout, context: try context()).board(
        route: "tasks/")
}

@Test func aColumnOverItsLimitSaysSoInItsHead() throws {
    let view = try board(.init(limits: ["doing": 2, "todo": 5]))
    let heads = view["columns"]?.list ?? []
    #expect(heads.map { $0["count_text"]?.string } == ["1 / 5", "3 / 2", "3"])
    #expect(heads.map { $0["over"]?.bool } == [false, true, false])
    #expect(heads[1]["limit_text"]?.string == "over its limit of 2")
    #expect(heads[2]["limit"]?.isNull == true)
}

@Test func swimlanesAreRowsAcrossTheColumnsWithTheUnassignedLast() throws {
    let view = try board(.init(swimlanes: .assignee))
    #expect(view["has_lanes"]?.bool == true)
    let lanes = view["lanes"]?.list ?? []
    #expect(lanes.map { $0["title"]?.string } == ["@Maren", "@Tobi", "No assignee"])
    #expect(lanes.map { $0["count"]?.int } == [3, 1, 3])
    let maren = lanes[0]["columns"]?.list ?? []
    #expect(maren.map { $0["count"]?.int } == [1, 1, 1])
    #expect(maren[2]["cards"]?.list?.first?["title"]?.string == "Delta")
    #expect(try board(.init())["lanes"]?.list?.isEmpty == true)
}

@Test func theCalendarFeedIsEscapedFoldedAndStable() throws {
    let presenter = TaskCalendarPresenter(context: try context())
    let feed = presenter.feed(try tasks(), name: "Test Board: tasks")
    let text = (feed["lines"]?.list ?? []).compactMap(\.string).joined()
    #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
    #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 3)
    #expect(text.contains("UID:task-b@example.org\r\n"))
    #expect(text.contains("SUMMARY:Beta\\; with\\, commas\r\n"))
    #expect(text.contains("DTSTART;VALUE=DATE:20261127\r\nDTEND;VALUE=DATE:20261128\r\n"))
    #expect(text.contains("SUMMARY:✓ Delta\r\n"))
    // The stamp comes from the task's dates, not the clock: the feed of an unchanged board
    // is the same tomorrow.
    #expect(text.contains("DTSTAMP:20261106T000000Z"))
    let tomorrow = TaskCalendarPresenter(context: try context(now: "2026-11-21T12:00:00Z")).feed(
        try tasks(), name: "Test Board: tasks")
    #expect((tomorrow["lines"]?.list ?? []).compactMap(\.string).joined() == text)
    for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }
    let long = TaskCalendarPresenter.folded("SUMMARY:" + String(repeating: "é", count: 80))
    #expect(long.count == 3 && long.dropFirst().allSatisfy { $0.hasPrefix(" ") })
    #expect(long.map { $0.utf8.count }.allSatisfy { $0 <= 75 })
    #expect(long.joined().replacingOccurrences(of: " ", with: "") == "SUMMARY:" + String(repeating: "é", count: 80))
}

@Test func burnUpAndCycleTimesCountTheTasksOwnDatesAndSayWhatIsMissing() throws {
    let view = try board(.init())
    let burnup = try #require(view["burnup"])
    // Created by Sunday Nov 22: a, b, d, e, g; done with a date: d, e.
    #expect(burnup["description"]?.string == "By Nov 20, 5 tasks created and 2 done, over 3 weeks.")
    #expect(
        burnup["notes"]?.list?.compactMap(\.string) == [
            "2 tasks have no creation date.", "1 done task has no completion date."
        ])
    #expect(burnup["rows"]?.list?.map { $0["created"]?.int } == [5, 4, 3])
    #expect(burnup["rows"]?.list?.map { $0["done"]?.int } == [2, 2, 1])
    let cycle = try #require(view["cycle"])
    // d took 4 days, e 1 day; f has no dates.
    #expect(cycle["median"]?.int == 1)
    #expect(
        cycle["description"]?.string
            == "Median 1 day from created to done; the middle half took 1–4 days, over 2 tasks.")
    #expect(cycle["note"]?.string == "1 done task lacks a creation or completion date and is not counted.")
}

@Test func aCardsTitleLinksToTheTasksOwnPage() throws {
    let tasks = [
        TaskItem(id: "1", title: "Issue", status: "todo", url: "https://github.com/o/r/issues/3", location: here),
        TaskItem(id: "2", title: "Note", status: "todo", url: "notes/plan/", location: here),
        TaskItem(id: "3", title: "Plain", status: "todo", location: here)
    ]
    let view = TaskBoardPresenter(tasks: tasks, columns: columns, context: try context()).board(route: "tasks/")
    let cards = view["columns"]?.list?.first?["cards"]?.list ?? []
    // A path in the site is linked from the page, as every link is, so it works from disk too.
    #expect(cards.map { $0["url"]?.string } == ["https://github.com/o/r/issues/3", "../notes/plan/index.html", nil])
    #expect(cards[2]["url"]?.isNull == true)
}

@Test func aTaskWaitingForItsThresholdDayIsInNoLaneAsInNoColumn() throws {
    var waiting = TaskItem(id: "w", title: "Waits", status: "doing", assignee: "Maren", location: here)
    waiting.threshold = try day("2026-12-01")
    let view = TaskBoardPresenter(
        tasks: try tasks() + [waiting], columns: columns, layout: .init(limits: ["doing": 3], swimlanes: .assignee),
        context: try context()
    ).board(route: "tasks/")
    #expect(view["upcoming"]?["count"]?.int == 1)
    let heads = view["columns"]?.list ?? []
    #expect(heads.map { $0["count_text"]?.string } == ["1", "3 / 3", "3"])
    let lanes = view["lanes"]?.list ?? []
    #expect(lanes.map { $0["count"]?.int } == [3, 1, 3])
    #expect(lanes.map { $0["value"]?.string } == ["Maren", "Tobi", nil])
    #expect(lanes[2]["value"]?.isNull == true)
    // Each column's lanes add up to its head.
    for (position, head) in heads.enumerated() {
        let inLanes = lanes.map { $0["columns"]?.list?[position]["count"]?.int ?? 0 }.reduce(0, +)
        #expect(inLanes == head["count"]?.int, "\(head["title"]?.string ?? "")")
    }
    let placement = TaskBoardPresenter.placement(
        of: try tasks() + [waiting], columns: columns, now: try context().now,
        timeZone: try context().timeZone)
    #expect(placement.upcoming == [7])
    #expect(placement.columns.map(\.count) == [1, 3, 3])
}
