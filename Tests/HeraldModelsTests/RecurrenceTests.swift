import HeraldModels
import Testing

// The next occurrence's arithmetic: month ends, leap days, business days over weekends, and the
// edge of the calendar, where a recurrence from the user's data must give nil rather than a day
// that cannot be written or a crash.

private func day(_ text: String) throws -> Day {
    try #require(Day(iso: text))
}

private func next(_ rule: String, done: String, due: String? = nil) throws -> String? {
    let recurrence = try #require(Recurrence(rule))
    return recurrence.next(completed: try day(done), due: try due.map(day))?.description
}

@Test func aMonthFromTheEndOfAMonthIsTheEndOfAShorterOne() throws {
    #expect(try next("+1m", done: "2026-02-03", due: "2026-01-31") == "2026-02-28")
    #expect(try next("+1m", done: "2028-02-03", due: "2028-01-31") == "2028-02-29")
    #expect(try next("1m", done: "2026-03-31") == "2026-04-30")
    #expect(try next("6m", done: "2026-08-31") == "2027-02-28")
    #expect(try next("13m", done: "2026-01-31") == "2027-02-28")
    // From the day it was moved to, not the day it came from: Feb 28 + 1 month is Mar 28.
    #expect(try next("+1m", done: "2026-03-01", due: "2026-02-28") == "2026-03-28")
    #expect(try next("1y", done: "2028-02-29") == "2029-02-28")
    #expect(try next("4y", done: "2028-02-29") == "2032-02-29")
    #expect(try next("+1y", done: "2026-12-31", due: "2026-12-31") == "2027-12-31")
}

@Test func businessDaysSkipWeekends() throws {
    // 2026-11-20 is a Friday.
    #expect(try next("1b", done: "2026-11-20") == "2026-11-23")
    #expect(try next("3b", done: "2026-11-20") == "2026-11-25")
    #expect(try next("1b", done: "2026-11-21") == "2026-11-23")
    #expect(try next("1b", done: "2026-11-22") == "2026-11-23")
    #expect(try next("5b", done: "2026-11-23") == "2026-11-30")
    #expect(try next("10b", done: "2026-11-18") == "2026-12-02")
    // Strict: from the due date, a Saturday.
    #expect(try next("+2b", done: "2026-11-25", due: "2026-11-21") == "2026-11-24")
    // Across a year's end.
    #expect(try next("2b", done: "2026-12-31") == "2027-01-04")
}

@Test func aNextOccurrencePastTheCalendarIsNilNotACrash() throws {
    #expect(try next("36500y", done: "2026-11-23") == nil)
    #expect(try next("36500d", done: "9999-01-01") == nil)
    #expect(try next("36500w", done: "9400-01-01") == nil)
    #expect(try next("36500m", done: "8000-01-01") == nil)
    #expect(try next("36500b", done: "9900-01-01") == nil)
    #expect(try next("+1d", done: "2026-11-23", due: "9999-12-31") == nil)
    #expect(try next("1d", done: "9999-12-30") == "9999-12-31")
    let last = try day("9999-12-31")
    #expect(last.adding(months: 1) == nil)
    #expect(last.addingWithinCalendar(days: 1) == nil)
    #expect(try day("0001-01-01").addingWithinCalendar(days: -1) == nil)
    #expect(try day("0001-01-01").addingWithinCalendar(days: 0)?.description == "0001-01-01")
    #expect(last.addingWithinCalendar(days: Int.max) == nil)
    #expect(last.addingWithinCalendar(days: Int.min) == nil)
    #expect(try day("2026-11-23").adding(months: Int.max) == nil)
    // Counts past the largest a recurrence may name are no recurrence at all.
    #expect(Recurrence("99999999y") == nil)
    #expect(Recurrence("36501d") == nil)
    #expect(Recurrence("every 99999999 years") == nil)
}

@Test func theOtherDatesMoveAsFarAsTheReferenceDate() throws {
    let weekly = try #require(Recurrence("1w"))
    // Done on the 23rd, due on the 20th: a week from the 23rd is 10 days after the due date.
    let late = try #require(weekly.nextOccurrence(completed: try day("2026-11-23"), reference: try day("2026-11-20")))
    #expect(late.reference.description == "2026-11-30")
    #expect(late.shift == 10)
    #expect(late.moving(try day("2026-11-18"))?.description == "2026-11-28")
    // No date to move: the reference is a new due date from the completion day.
    let undated = try #require(weekly.nextOccurrence(completed: try day("2026-11-23"), reference: nil))
    #expect(undated.reference.description == "2026-11-30")
    #expect(undated.shift == nil)
    // A date the shift would carry past the calendar.
    let daily = try #require(Recurrence("+36500d"))
    let far = try #require(daily.nextOccurrence(completed: try day("2026-11-23"), reference: try day("2026-11-23")))
    #expect(far.moving(try day("9990-01-01")) == nil)
}
