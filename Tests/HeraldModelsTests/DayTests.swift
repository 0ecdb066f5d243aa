import Foundation
import HeraldModels
import HeraldTestSupport
import Testing

@Test func dayValidatesTheCalendar() {
    #expect(Day(year: 2014, month: 2, day: 28) != nil)
    #expect(Day(year: 2014, month: 2, day: 29) == nil)
    #expect(Day(year: 2024, month: 2, day: 29) != nil)
    #expect(Day(year: 1900, month: 2, day: 29) == nil)
    #expect(Day(year: 2000, month: 2, day: 29) != nil)
    #expect(Day(year: 2026, month: 4, day: 31) == nil)
    #expect(Day(year: 2026, month: 13, day: 1) == nil)
}

@Test func dayParsesDatesAndRejectsImpossibleOnes() throws {
    let utc = try zone("UTC")
    #expect(Day.parse("2026-11-03", in: utc)?.description == "2026-11-03")
    #expect(Day.parse("2014-02-32", in: utc) == nil)
    #expect(Day.parse("2014-2-3", in: utc) == nil)
    #expect(Day.parse("2014-02-03x", in: utc) == nil)
    #expect(Day.parse("next week", in: utc) == nil)
    #expect(Day.parse("", in: utc) == nil)
}

@Test func timestampsKeepTheirDayInTheSiteTimeZone() throws {
    let berlin = try zone("Europe/Berlin")
    let utc = try zone("UTC")
    // An instant late on Nov 3 in UTC is already Nov 4 in Berlin.
    #expect(Day.parse("2026-11-03T23:30:00Z", in: utc)?.description == "2026-11-03")
    #expect(Day.parse("2026-11-03T23:30:00Z", in: berlin)?.description == "2026-11-04")
    #expect(Day.parse("2026-11-03T10:00:00.250+02:00", in: utc)?.description == "2026-11-03")
    #expect(Day.parse("2026-11-03T01:00:00+0500", in: utc)?.description == "2026-11-02")
    // Without a zone the time is local already: the date is taken as written.
    #expect(Day.parse("2026-11-03 23:30:00", in: berlin)?.description == "2026-11-03")
    #expect(Day.parse("2026-11-03T25:00:00Z", in: utc) == nil)
    #expect(Day.parse("2026-11-03T10:00:00+", in: utc) == nil)
}

@Test func iso8601sBasicFormIsReadAsTaskwarriorWritesIt() throws {
    let berlin = try zone("Europe/Berlin")
    let utc = try zone("UTC")
    #expect(Day.parse("20261205", in: utc)?.description == "2026-12-05")
    #expect(Day.parse("20261205T000000Z", in: utc)?.description == "2026-12-05")
    #expect(Day.parse("20261204T233000Z", in: berlin)?.description == "2026-12-05")
    #expect(Day.parse("20261204T2330Z", in: berlin)?.description == "2026-12-05")
    #expect(Day.parse("20261204T233000.5+0100", in: utc)?.description == "2026-12-04")
    #expect(Day.parse("20261204T233000", in: berlin)?.description == "2026-12-04")
    // One form throughout: a basic date with an extended time, or the reverse, is neither.
    #expect(Day.parse("20261204T23:30:00Z", in: utc) == nil)
    #expect(Day.parse("2026-12-04T233000Z", in: utc) == nil)
    #expect(Day.parse("20261204 233000", in: utc) == nil)
    #expect(Day.parse("20260230T000000Z", in: utc) == nil)
    #expect(Day.parse("2026120", in: utc) == nil)
    #expect(Day.parse("20261204T2", in: utc) == nil)
}

@Test func dayArithmeticCrossesMonthsYearsAndLeapDays() throws {
    let a = try #require(Day(year: 2024, month: 2, day: 28))
    let b = try #require(Day(year: 2024, month: 3, day: 1))
    #expect(a.days(until: b) == 2)
    #expect(b.days(until: a) == -2)
    let newYear = try #require(Day(year: 2025, month: 1, day: 1))
    #expect(try #require(Day(year: 2024, month: 12, day: 31)).days(until: newYear) == 1)
    #expect(try #require(Day(year: 1969, month: 12, day: 31)) < newYear)
    #expect(Day(Date(timeIntervalSince1970: -1), in: try zone("UTC")).description == "1969-12-31")
}

@Test func addingDaysCrossesMonthsYearsAndLeapDays() throws {
    let day = try #require(Day(year: 2024, month: 2, day: 28))
    #expect(day.adding(days: 1).description == "2024-02-29")
    #expect(day.adding(days: 2).description == "2024-03-01")
    #expect(day.adding(days: -59).description == "2023-12-31")
    #expect(day.adding(days: 0) == day)
}

@Test func theWeeksMondayIsTheStartOfItsISOWeek() throws {
    // 2026-11-23 is a Monday; 1970-01-01 was a Thursday; 2027-01-03 a Sunday.
    #expect(try #require(Day(year: 2026, month: 11, day: 23)).monday.description == "2026-11-23")
    #expect(try #require(Day(year: 2026, month: 11, day: 29)).monday.description == "2026-11-23")
    #expect(try #require(Day(year: 1970, month: 1, day: 1)).monday.description == "1969-12-29")
    #expect(try #require(Day(year: 2027, month: 1, day: 3)).monday.description == "2026-12-28")
}

@Test func isoDaysAreExactlyTenCharactersOfARealDay() throws {
    #expect(Day(iso: "2026-11-03")?.description == "2026-11-03")
    #expect(Day(iso: "2014-02-32") == nil)
    #expect(Day.isISOShaped("2014-02-32"))
    #expect(!Day.isISOShaped("2014-2-03"))
    #expect(Day(iso: "2026-11-03T10:00:00Z") == nil)
    #expect(Day(iso: "２０２６-11-03") == nil)
}

@Test func aDayIsSpelledAsTheFileSpellsItsDates() throws {
    let berlin = try zone("Europe/Berlin")
    let day = try #require(Day(year: 2026, month: 11, day: 30))
    #expect(Day.Spelling(of: "20261129T213604Z") == .basicUTC)
    #expect(Day.Spelling(of: "2026-11-29T21:36:04Z") == .extendedUTC)
    #expect(Day.Spelling(of: "2026-11-29T21:36:04.250Z") == .extendedUTC)
    // A day, an instant with an offset of its own, or text that is no date: written as a day.
    for text in ["2026-11-29", "2026-11-29T21:36:04+01:00", "20261129", "Dec 5", "", "Z", "2026-02-30T00:00:00Z"] {
        #expect(Day.Spelling(of: text) == .day, "\(text)")
    }
    // The instant the day starts in the site's zone, read back as the same day there.
    #expect(day.text(.basicUTC, in: berlin) == "20261129T230000Z")
    #expect(day.text(.extendedUTC, in: berlin) == "2026-11-29T23:00:00Z")
    #expect(day.text(.basicUTC, in: try zone("UTC")) == "20261130T000000Z")
    #expect(day.text(.day, in: berlin) == "2026-11-30")
    #expect(Day.parse(day.text(.basicUTC, in: berlin), in: berlin) == day)
    // The day DST starts in New York starts at midnight standard time; in Sydney, east of UTC,
    // the day before in UTC.
    let spring = try #require(Day(year: 2026, month: 3, day: 8))
    #expect(spring.text(.basicUTC, in: try zone("America/New_York")) == "20260308T050000Z")
    let sydney = try #require(Day(year: 2026, month: 1, day: 1))
    #expect(sydney.text(.extendedUTC, in: try zone("Australia/Sydney")) == "2025-12-31T13:00:00Z")
}
