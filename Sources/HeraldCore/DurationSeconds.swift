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
