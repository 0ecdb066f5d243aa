import Foundation
import HeraldModels

/// Calendar arithmetic on `Day` that presenters need for charts and feeds.
enum CalendarDay {
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// Midnight UTC of the day, for arithmetic that must not depend on the machine's zone.
    static func date(_ day: Day) -> Date {
        utc.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) ?? Date(timeIntervalSince1970: 0)
    }

    static func adding(_ days: Int, to day: Day) -> Day {
        Day(date(day).addingTimeInterval(TimeInterval(days) * 86_400), in: utc.timeZone)
    }

    /// The Monday that starts the ISO week of `day`.
    static func monday(of day: Day) -> Day {
        let weekday = utc.component(.weekday, from: date(day))  // 1 = Sunday … 7 = Saturday
        return adding(-((weekday + 5) % 7), to: day)
    }
}
