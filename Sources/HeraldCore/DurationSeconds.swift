extension Duration {
    /// The duration in seconds, for APIs that count in seconds (timers, dates, deadlines).
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// `30`, `1.5`: the seconds as a person writes them in a message.
    public var secondsText: String {
        let value = inSeconds
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension Duration {
    /// The duration in nanoseconds, held at `Int64.max` for one too long to count so (a timeout
    /// of years): deadlines and timers take nanoseconds as `Int64`.
    public var nanosecondsSaturated: Int64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (total, sumOverflow) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return sumOverflow ? .max : total
    }
}
