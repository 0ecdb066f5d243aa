import Foundation
import HeraldCore
import HeraldModels

/// Writes the value of a fact for a page: numbers for the site's language, booleans as Yes/No,
/// dates as dates, links as links, lists as lists, display names for raw values. Made once per
/// catalog, so no hero pays for a formatter or the language's separators.
struct FactFormatter: Sendable {
    /// One shown piece of a fact: a whole scalar, or one item of a list.
    struct Item: Sendable, Hashable {
        var text: String
        /// The raw value, for finding its group page.
        var raw: String?
        /// An http(s) link the value itself is.
        var url: String?
    }

    private let groupingSeparator: String
    private let decimalSeparator: String
    private let dayText: DayText
    private let timeZone: TimeZone

    init(language: String, dayText: DayText, timeZone: TimeZone) {
        let locale = Locale(identifier: language)
        groupingSeparator = locale.groupingSeparator ?? ","
        decimalSeparator = locale.decimalSeparator ?? "."
        self.dayText = dayText
        self.timeZone = timeZone
    }

    /// The pieces of `value`, with `names` (raw → display) applied; none when it is missing.
    func items(_ value: DataValue, names: [String: String]) -> [Item] {
        switch value {
        case .list(let nodes): nodes.compactMap { item($0.value, names: names) }
        case .map(let map):
            map.entries.compactMap { entry in
                item(entry.node.value, names: names).map {
                    Item(text: "\(HeroFormatting.label(entry.key)): \($0.text)")
                }
            }
        default: item(value, names: names).map { [$0] } ?? []
        }
    }

    private func item(_ value: DataValue, names: [String: String]) -> Item? {
        switch value {
        case .null, .list, .map: return nil
        case .bool(let flag):
            let raw = flag ? "true" : "false"
            return Item(text: name(raw, names) ?? (flag ? "Yes" : "No"), raw: raw)
        case .int(let number):
            let raw = String(number)
            return Item(text: name(raw, names) ?? whole(number), raw: raw)
        case .double(let number):
            let raw = String(number)
            return Item(text: name(raw, names) ?? decimal(number), raw: raw)
        case .string(let text):
            guard text.hasVisibleText else { return nil }
            if let name = name(text, names) { return Item(text: name, raw: text) }
            if let day = Self.day(text, in: timeZone) { return Item(text: dayText.long(day), raw: text) }
            if let number = Int(text), !text.hasPrefix("0") || text == "0", !text.hasPrefix("+") {
                return Item(text: whole(number), raw: text)
            }
            return Item(text: text, raw: text, url: Self.isLink(text) ? text : nil)
        }
    }

    /// The display name of `raw`; most facts have none, and those skip hashing the value.
    private func name(_ raw: String, _ names: [String: String]) -> String? {
        names.isEmpty ? nil : names[raw]
    }

    /// Whether `text` is an http(s) link, in any case, without a space in it. Only a text that
    /// starts with an `h` is lowercased to look.
    private static func isLink(_ text: String) -> Bool {
        guard let first = text.utf8.first, first | 0x20 == UInt8(ascii: "h") else { return false }
        let lower = text.prefix(8).lowercased()
        return (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && !text.contains(where: \.isWhitespace)
    }

    /// A date (`2013-07-09`), or a timestamp (`2024-01-02T03:04:05Z`, as issue trackers give
    /// them, or `20240102T030405Z`, as Taskwarrior does) on its day in the site's zone; nil for
    /// any other text. Eight digits alone are not taken for a day: they are as likely a number.
    private static func day(_ text: String, in zone: TimeZone) -> Day? {
        let count = text.utf8.count
        guard count >= 10, count <= 40 else { return nil }
        if Day.isISOShaped(text.prefix(10)) { return count == 10 ? Day(iso: text) : Day.parse(text, in: zone) }
        let basic = count >= 15 && text.utf8.dropFirst(8).first == UInt8(ascii: "T")
        return basic && text.utf8.prefix(8).allSatisfy { (48...57).contains($0) } ? Day.parse(text, in: zone) : nil
    }

    /// `12345` → "12,345" in English, "12.345" in German.
    func whole(_ number: Int) -> String {
        let digits = String(number.magnitude)
        // Digits are ASCII: their bytes are their characters, and no grapheme needs breaking.
        let count = digits.utf8.count
        guard count > 4 else { return number < 0 ? "-" + digits : digits }
        var grouped = number < 0 ? "-" : ""
        for (offset, digit) in digits.utf8.enumerated() {
            if offset > 0, (count - offset) % 3 == 0 { grouped += groupingSeparator }
            grouped.unicodeScalars.append(Unicode.Scalar(digit))
        }
        return grouped
    }

    /// At most two decimals, without trailing zeros: `1.6`, `0.25`, `12,345.5`.
    func decimal(_ number: Double) -> String {
        guard number.isFinite, abs(number) < 1e15 else { return String(number) }
        let hundredths = (number * 100).rounded()
        let whole = Int(hundredths / 100)
        let fraction = Int(abs(hundredths).truncatingRemainder(dividingBy: 100))
        let sign = number < 0 && whole == 0 && fraction > 0 ? "-" : ""
        guard fraction > 0 else { return sign + self.whole(whole) }
        var decimals = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        if decimals.hasSuffix("0") { decimals.removeLast() }
        return sign + self.whole(whole) + decimalSeparator + decimals
    }
}
