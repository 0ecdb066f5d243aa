extension Int {
    /// `10,004`: a count in a summary line, grouped by thousands whatever the locale, so that
    /// what Herald prints is the same on every machine.
    public var groupedByThousands: String {
        let digits = Array(String(magnitude))
        var text = self < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
