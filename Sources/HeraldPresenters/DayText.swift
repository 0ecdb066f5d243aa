import HeraldModels

/// Writes dates the way the board shows them: "Mar 3", "in 2 days", "overdue by 3 days".
///
/// English only for now: other `language` values fall back to English wording.
public struct DayText: Sendable {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    public let today: Day

    public init(today: Day) {
        self.today = today
    }

    /// "Mar 3", with the year when it is not this year's.
    public func short(_ day: Day) -> String {
        let month = Self.months[max(0, min(11, day.month - 1))]
        return day.year == today.year ? "\(month) \(day.day)" : "\(month) \(day.day), \(day.year)"
    }

    /// "Mar 3, 2026", for footers and page dates.
    public func long(_ day: Day) -> String {
        "\(Self.months[max(0, min(11, day.month - 1))]) \(day.day), \(day.year)"
    }

    /// How far a due date is, given as days from today (`TaskItem.daysUntilDue`): "due today",
    /// "due tomorrow", "in 2 days", "overdue by 1 day".
    public func due(inDays days: Int) -> String {
        switch days {
        case 0: "due today"
        case 1: "due tomorrow"
        case 2...: "in \(days) days"
        case -1: "overdue by 1 day"
        default: "overdue by \(-days) days"
        }
    }

    /// A CSS class for a due date that many days from today: overdue, soon (within two days) or muted.
    public func urgency(inDays days: Int) -> String {
        days < 0 ? "overdue" : days <= 2 ? "soon" : "muted"
    }
}
