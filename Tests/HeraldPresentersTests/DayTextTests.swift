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
    #expect(text.due(inDays: 0) == "due today")
    #expect(text.due(inDays: 1) == "due tomorrow")
    #expect(text.due(inDays: 2) == "in 2 days")
    #expect(text.due(inDays: -1) == "overdue by 1 day")
    #expect(text.due(inDays: -3) == "overdue by 3 days")
    // Across a year end the count is still in calendar days.
    let newYear = DayText(today: try day("2026-12-31"))
    #expect(newYear.due(inDays: newYear.today.days(until: try day("2027-01-02"))) == "in 2 days")
    #expect(newYear.short(try day("2027-01-02")) == "Jan 2, 2027")
}

@Test func urgencyClasses() throws {
    let text = DayText(today: try day("2026-03-01"))
    #expect(text.urgency(inDays: -1) == "overdue")
    #expect(text.urgency(inDays: 0) == "soon")
    #expect(text.urgency(inDays: 2) == "soon")
    #expect(text.urgency(inDays: 3) == "muted")
}

@Test func todayDependsOnTheSitesTimeZone() throws {
    // 23:30 UTC on Nov 20 is already 00:30 on Nov 21 in Berlin (UTC+1 in November).
    let now = "2026-11-20T23:30:00Z"
    let due = try day("2026-11-21")
    let berlin = try context(now: now, zone: "Europe/Berlin")
    let utc = try context(now: now, zone: "UTC")
    #expect(berlin.today == due)
    func relative(_ day: Day, _ context: SiteContext) -> String {
        context.dayText.due(inDays: context.today.days(until: day))
    }
    #expect(relative(due, berlin) == "due today")
    #expect(relative(due, utc) == "due tomorrow")
    // The day before is overdue in Berlin already, still due today in UTC.
    #expect(relative(try day("2026-11-20"), berlin) == "overdue by 1 day")
    #expect(berlin.dayText.urgency(inDays: berlin.today.days(until: try day("2026-11-20"))) == "overdue")
    #expect(relative(try day("2026-11-20"), utc) == "due today")
}

@Test func theTimeZoneReachesTheBoardsCards() throws {
    let task = TaskItem(
        id: "1", title: "Renew the passport", status: "todo", due: try day("2026-11-21"), location: here)
    func relative(in zoneName: String) throws -> String? {
        let board = TaskBoardPresenter(
            tasks: [task], columns: ["todo", "done"],
            context: try context(now: "2026-11-20T23:30:00Z", zone: zoneName))
        return board.board(route: "tasks/")["columns"]?.list?.first?["cards"]?.list?.first?["due"]?["relative"]?.string
    }
    #expect(try relative(in: "Europe/Berlin") == "due today")
    #expect(try relative(in: "UTC") == "due tomorrow")
}
