import Foundation

extension Day {
    /// How a file writes its dates, told from one of them: as days, or as the instant a day starts
    /// in UTC, in ISO 8601's extended form (`2026-12-04T23:00:00Z`, as issue trackers write) or
    /// its basic one (`20261204T230000Z`, as Taskwarrior does).
    public enum Spelling: Sendable, Equatable {
        case day
        case extendedUTC
        case basicUTC

        /// The spelling of `text`, a date the file holds: `.day` for anything but a UTC timestamp.
        public init(of text: String) {
            // A timestamp that parses and ends in Z has its date's form told by where its T is.
            let bytes = Array(text.utf8)
            let isUTC =
                bytes.last == UInt8(ascii: "Z") && Day.parse(text, in: TimeZone(secondsFromGMT: 0) ?? .current) != nil
            if isUTC, bytes.count > 10, bytes[10] == UInt8(ascii: "T") {
                self = .extendedUTC
            } else if isUTC, bytes.count > 8, bytes[8] == UInt8(ascii: "T") {
                self = .basicUTC
            } else {
                self = .day
            }
        }
    }

    /// The day as `spelling` writes it; a timestamp is the instant the day starts in `timeZone`.
    public func text(_ spelling: Spelling, in timeZone: TimeZone) -> String {
        guard spelling != .day else { return description }
        let midnight = daysSinceEpoch * 86_400
        // The zone's offset at the day's start, found from its offset at UTC midnight.
        let guess = midnight - timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(midnight)))
        let start = midnight - timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(guess)))
        let day = Day(daysSinceEpoch: Day.floorDivide(start, 86_400))
        let seconds = start - Day.floorDivide(start, 86_400) * 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let time = [seconds / 3600, seconds % 3600 / 60, seconds % 60].map(two)
        if spelling == .basicUTC {
            return day.description.replacingOccurrences(of: "-", with: "") + "T" + time.joined() + "Z"
        }
        return day.description + "T" + time.joined(separator: ":") + "Z"
    }
}
