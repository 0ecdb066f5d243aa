/// The dates of a repeating task's next occurrence, as `Recurrence.nextOccurrence` works them
/// out: its reference date (the due date, else the date standing for it) moved on, and every
/// other date moved by as many days, so a start two days before the due date stays two days
/// before the next one (as Simpletask and the Obsidian Tasks plugin keep them).
public struct NextOccurrence: Sendable, Hashable {
    /// The reference date's next day; the new due date of a task that had no date.
    public let reference: Day
    /// The days the task's dates move; nil when it had none to move.
    public let shift: Int?

    public init(reference: Day, shift: Int?) {
        self.reference = reference
        self.shift = shift
    }

    /// `day` moved with the reference date; nil when it would leave the years 1 to 9999.
    public func moving(_ day: Day) -> Day? {
        guard let shift else { return day }
        return day.addingWithinCalendar(days: shift)
    }
}
