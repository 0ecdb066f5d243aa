/// How a task repeats, as todo.txt's `rec:` writes it (after Simpletask): `1w` counts from the day
/// the task is done, `+1w` from its due date; `d` days, `w` weeks, `m` months, `y` years, `b`
/// business days (Monday to Friday). Or as the Obsidian Tasks plugin writes it: `every week`,
/// `every 2 days`, `every weekday`, from the due date unless `when done`.
public struct Recurrence: Sendable, Hashable {
    public enum Unit: Character, Sendable {
        case day = "d", week = "w", month = "m", year = "y", businessDay = "b"
    }

    public let count: Int
    public let unit: Unit
    /// `+`: the next occurrence counts from the due date, not the completion day.
    public let fromDue: Bool

    /// The most of a unit a recurrence may name: a century of days is more than any task repeats.
    public static let largestCount = 36_500

    /// nil for anything but `[+]N[dwmyb]` with N from 1 to `largestCount`, or the phrases above.
    public init?(_ text: String) {
        if text.hasPrefix("every ") {
            self.init(phrase: text)
        } else {
            self.init(compact: text)
        }
    }

    private init?(compact text: String) {
        var rest = Substring(text)
        fromDue = rest.first == "+"
        if fromDue { rest = rest.dropFirst() }
        guard let last = rest.last, let unit = Unit(rawValue: last) else { return nil }
        let digits = rest.dropLast()
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let count = Int(digits), (1...Self.largestCount).contains(count)
        else { return nil }
        self.count = count
        self.unit = unit
    }

    private init?(phrase: String) {
        var words = phrase.lowercased().split(separator: " ").map(String.init).dropFirst()
        var whenDone = false
        if words.suffix(2) == ["when", "done"] {
            whenDone = true
            words = words.dropLast(2)
        }
        var count = 1
        if let first = words.first, let number = Int(first) {
            guard (1...Self.largestCount).contains(number) else { return nil }
            count = number
            words = words.dropFirst()
        }
        let units: [String: Unit] = [
            "day": .day, "days": .day, "week": .week, "weeks": .week, "month": .month,
            "months": .month, "year": .year, "years": .year, "weekday": .businessDay,
            "weekdays": .businessDay
        ]
        guard words.count == 1, let word = words.first, let unit = units[word] else { return nil }
        self.count = count
        self.unit = unit
        fromDue = !whenDone
    }

    /// The day of the next occurrence: from `due` when the recurrence is strict (`+`) and the
    /// task has one, else from `completed`. Nil when that day falls after 9999-12-31, where
    /// no date can be written (`rec:36500y` from a date in 2026).
    public func next(completed: Day, due: Day?) -> Day? {
        let start = fromDue ? due ?? completed : completed
        switch unit {
        case .day: return start.addingWithinCalendar(days: count)
        case .week: return start.addingWithinCalendar(days: 7 * count)
        case .month: return start.adding(months: count)
        case .year: return start.adding(months: 12 * count)
        case .businessDay:
            // Day by day: a count is at most `largestCount`, so the walk is short.
            var day = start
            var left = count
            while left > 0 {
                guard let after = day.addingWithinCalendar(days: 1) else { return nil }
                day = after
                if !day.isWeekend { left -= 1 }
            }
            return day
        }
    }

    /// When a task done on `completed` comes back: `reference` (its due date, else the date
    /// that stands for it) moved to its next occurrence, and the days every other date of the
    /// task moves with it. A task with no date gets `next(completed:due:)` as its new due
    /// date. Nil when a date would fall after 9999-12-31.
    public func nextOccurrence(completed: Day, reference: Day?) -> NextOccurrence? {
        guard let day = next(completed: completed, due: reference) else { return nil }
        return NextOccurrence(reference: day, shift: reference.map { $0.days(until: day) })
    }

    /// "every week", "every 3 days", "every 2 business days", and " after the due date" for `+`.
    public var description: String {
        let names: [Unit: (String, String)] = [
            .day: ("day", "days"), .week: ("week", "weeks"), .month: ("month", "months"),
            .year: ("year", "years"), .businessDay: ("business day", "business days")
        ]
        let (one, many) = names[unit] ?? ("day", "days")
        return (count == 1 ? "every \(one)" : "every \(count) \(many)") + (fromDue ? ", from the due date" : "")
    }
}

extension Day {
    /// The same day `count` months later, or the month's last day when it is shorter (Jan 31 + 1
    /// month is Feb 28 or 29); nil outside the years 1 to 9999.
    public func adding(months count: Int) -> Day? {
        let (months, overflow) = (year * 12 + (month - 1)).addingReportingOverflow(count)
        guard !overflow else { return nil }
        let newYear = Self.floorDivide(months, 12)
        let newMonth = months - newYear * 12 + 1
        guard (1...9999).contains(newYear) else { return nil }
        return Day(year: newYear, month: newMonth, day: min(day, Self.length(ofMonth: newMonth, in: newYear)))
    }

    /// Saturday or Sunday.
    public var isWeekend: Bool {
        monday.days(until: self) >= 5
    }
}
