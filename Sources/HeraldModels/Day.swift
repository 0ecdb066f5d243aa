import Foundation

/// A calendar day with no time or zone: due dates, creation dates, page dates.
///
/// Arithmetic uses day numbers rather than `Calendar`, so results never depend on the machine's
/// locale or zone; only `init(_:in:)` and timestamp parsing consult a time zone.
public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A day of the proleptic Gregorian calendar; nil when it does not exist (`2014-02-30`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Day.length(ofMonth: month, in: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day an instant falls on in `timeZone` ("today" for a build run at `date`).
    public init(_ date: Date, in timeZone: TimeZone) {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        self.init(daysSinceEpoch: Day.floorDivide(local, 86_400))
    }

    init(daysSinceEpoch: Int) {
        // Howard Hinnant's civil_from_days: exact for every day in range, no loops.
        let z = daysSinceEpoch + 719_468
        let era = Day.floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 (negative before it).
    var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = Day.floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whole days from `self` to `other`: positive when `other` is later.
    public func days(until other: Day) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> Day {
        Day(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// The day `count` days later, or nil when it falls outside the years 1 to 9999: a count
    /// worked out from the user's data may lead anywhere, and a day past 9999 has no
    /// `YYYY-MM-DD` to write.
    public func addingWithinCalendar(days count: Int) -> Day? {
        let (number, overflow) = daysSinceEpoch.addingReportingOverflow(count)
        guard !overflow, (Self.first.daysSinceEpoch...Self.last.daysSinceEpoch).contains(number) else { return nil }
        return Day(daysSinceEpoch: number)
    }

    /// The first and last days a date may name: years 1 to 9999, as `YYYY-MM-DD` writes them.
    static let first = Day(daysSinceEpoch: -719_162)
    static let last = Day(daysSinceEpoch: 2_932_896)

    /// The Monday that starts this day's ISO week.
    public var monday: Day {
        // 1970-01-01 was a Thursday, three days after a Monday.
        let sinceMonday = daysSinceEpoch + 3 - Day.floorDivide(daysSinceEpoch + 3, 7) * 7
        return adding(days: -sinceMonday)
    }

    /// `YYYY-MM-DD`, the form the data uses; display formats belong to presenters.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
