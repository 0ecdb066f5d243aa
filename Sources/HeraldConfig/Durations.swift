/// Durations as `herald.yml` writes them: `30s`, `15m`, `1h`, `2d`, `1w`, combined (`1h30m`),
/// or a plain number of seconds.
public enum Durations {
    private static let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]

    /// The longest wait a `timeout` may name: a day is more than any request or query should
    /// take, and far within what a deadline in nanoseconds can count.
    public static let longestTimeout = 86_400

    /// `1d`, `2h`, `90s`: seconds as the largest whole unit that writes them.
    public static func describe(_ seconds: Int) -> String {
        for (unit, size) in [("w", 604_800), ("d", 86_400), ("h", 3600), ("m", 60)]
        where seconds >= size && seconds % size == 0 {
            return "\(seconds / size)\(unit)"
        }
        return "\(seconds)s"
    }

    public static func seconds(in text: String) -> Int? {
        func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
        if !text.isEmpty, text.allSatisfy(isDigit) { return Int(text) }
        var total = 0
        var digits = ""
        for character in text {
            if isDigit(character) {
                digits.append(character)
                continue
            }
            guard let unit = units[character], let value = Int(digits) else { return nil }
            let (product, productOverflow) = value.multipliedReportingOverflow(by: unit)
            let (sum, sumOverflow) = total.addingReportingOverflow(product)
            guard !productOverflow, !sumOverflow else { return nil }
            total = sum
            digits = ""
        }
        // Trailing digits without a unit (`1h30`) are a typo, not seconds.
        return digits.isEmpty && !text.isEmpty ? total : nil
    }
}
