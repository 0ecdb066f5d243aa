/// Checks `YYYY-MM-DD` dates as todo.txt writes them, so `2014-02-32` is caught where it is
/// written instead of surfacing later as a wrong "overdue".
enum CalendarDate {
    /// Whether `scalars` holds a `YYYY-MM-DD` shape at `index` (digits and dashes, not yet a real day).
    static func hasShape(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 10 <= scalars.count else { return false }
        for offset in 0..<10 {
            let scalar = scalars[index + offset]
            if offset == 4 || offset == 7 {
                if scalar != "-" { return false }
            } else if !("0"..."9").contains(scalar) {
                return false
            }
        }
        return true
    }

    /// Whether `text` is a day that exists: `YYYY-MM-DD`, month 1–12, day within the month.
    static func isValid(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 10, hasShape(scalars, at: 0) else { return false }
        func number(_ range: Range<Int>) -> Int {
            range.reduce(0) { $0 * 10 + Int(scalars[$1].value - 48) }
        }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        guard year >= 1, (1...12).contains(month), day >= 1 else { return false }
        return day <= daysIn(month: month, year: year)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
