import HeraldModels
import HeraldPresenters
import Testing

@Test func shortDatesShowTheYearOnlyWhenItIsNotThisYears() throws {
    let text = DayText(today: try day("2026-03-01"))
    #expect(text.short(try day("2026-03-03")) == "Mar 3")
    #expect(text.short(try day("2026-12-31")) == "Dec 31")
    #expect(text.short(try day("2027-03-03")) == "Mar 3, 2027")
    #expect(text.short(try day("2025-01-09")) == "Jan 9, 2025")
    #expect(text.long(try day("2026-03-03")) == "Mar 3, 2026")
}

@Test func dueDatesInWords() throws {
    let text = DayText(today: try day("2026-03-01"))
    #expect(text.due(try day("2026-03-01")) == "due today")
    #expect(text.due(try day("2026-03-02")) == "due tomorrow")
    #expect(text.due(try day("2026-03-03")) == "in 2 days")
    #expect(text.due(try day("2026-02-28")) == "overdue by 1 day")
    #expect(text.due(try day("2026-02-26")) == "overdue by 3 days")
    // Across a year end the count is still in calendar days.
    let newYear = DayText(today: try day("2026-12-31"))
    #expect(newYear.due(try day("2027-01-02")) == "in 2 days")
    #expect(newYear.short(try day("2027-01-02")) == "Jan 2, 2027")
}

@Test func urgencyClasses() throws {
    let text = DayText(today: try day("2026-03-01"))
    #expect(text.urgency(try day("2026-02-28")) == "overdue")
    #expect(text.urgency(try day("2026-03-01")) == "soon")
    #expect(text.urgency(try day("2026-03-03")) == "soon")
    #expect(text.urgency(try day("2026-03-04")) == "muted")
}

@Test func todayDependsOnTheSitesTimeZone() throws {
    // 23:30 UTC on Nov 20 is already 00:30 on Nov 21 in Berlin (UTC+1 in November).
    let now = "2026-11-20T23:30:00Z"
    let due = try day("2026-11-21")
    let berlin = try context(now: now, zone: "Europe/Berlin")
    let utc = try context(now: now, zone: "UTC")
    #expect(berlin.today == due)
    #expect(berlin.dayText.due(due) == "due today")
    #expect(utc.dayText.due(due) == "due tomorrow")
    // The day before is overdue in Berlin already, still due today in UTC.
    #expect(berlin.dayText.due(try day("2026-11-20")) == "overdue by 1 day")
    #expect(berlin.dayText.urgency(try day("2026-11-20")) == "overdue")
    #expect(utc.dayText.due(try day("2026-11-20")) == "due today")
}

@Test func theTimeZoneReachesTheBoardsCards() throws {
    let task = Task(id: "1", title: "Renew the passport", status: "todo", due: try day("2026-11-21"), location: here)
    func relative(in zoneName: String) throws -> String? {
        let board = TaskBoardPresenter(tasks: [task], columns: ["todo", "done"],
                                       context: try context(now: "2026-11-20T23:30:00Z", zone: zoneName))
        return board.board(route: "tasks/")["columns"]?.list?.first?["cards"]?.list?.first?["due"]?["relative"]?.string
    }
    #expect(try relative(in: "Europe/Berlin") == "due today")
    #expect(try relative(in: "UTC") == "due tomorrow")
}
