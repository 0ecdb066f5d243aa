import HeraldCore
import HeraldModels

/// The fields a checklist item's text carries as Obsidian writes them, taken out of its title:
/// the Tasks plugin's signifiers (📅 due, ⏳ scheduled, 🛫 start, ➕ created, ✅ done, ❌ cancelled,
/// 🔺 ⏫ 🔼 🔽 ⏬ priority, 🔁 recurrence, 🆔 id), Dataview's inline fields (`[due:: 2026-05-01]`,
/// `(owner:: Maren)`), and `#tags`.
struct ChecklistTaskFields {
    /// The title with every field taken out and its spaces collapsed.
    var title = ""
    /// Field name → its text, in the order first met; dates as `YYYY-MM-DD`.
    var fields: [(name: String, value: String)] = []
    var tags: [String] = []

    private static let dates: [Unicode.Scalar: String] = [
        "\u{1F4C5}": "due", "\u{1F4C6}": "due", "\u{1F5D3}": "due", "\u{23F3}": "scheduled", "\u{231B}": "scheduled",
        "\u{1F6EB}": "start", "\u{2795}": "created", "\u{2705}": "completed_at", "\u{274C}": "cancelled",
    ]
    /// Highest to lowest, as the board's letters (A first).
    private static let priorities: [Unicode.Scalar: String] = [
        "\u{1F53A}": "A", "\u{23EB}": "B", "\u{1F53C}": "C", "\u{1F53D}": "D", "\u{23EC}": "E",
    ]
    private static let recurrence: Unicode.Scalar = "\u{1F501}"
    private static let identifier: Unicode.Scalar = "\u{1F194}"
    /// Dataview's names for the fields the board knows, and the board's.
    private static let dataviewNames = [
        "due": "due", "scheduled": "scheduled", "start": "start", "created": "created", "completion": "completed_at",
        "cancelled": "cancelled", "priority": "priority", "repeat": "recurrence",
    ]

    init(_ text: String) {
        var scalars = Array(text.unicodeScalars)
        scalars = takeDataviewFields(from: scalars)
        var kept: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let name = Self.dates[scalar] {
                let (date, end) = Self.date(in: scalars, after: index + 1)
                if let date {
                    add(name, date)
                    index = end
                    continue
                }
            } else if let letter = Self.priorities[scalar] {
                add("priority", letter)
                index = Self.skipSelector(scalars, index + 1)
                continue
            } else if scalar == Self.recurrence || scalar == Self.identifier {
                let end = Self.endOfPhrase(scalars, from: index + 1)
                let value = String(String.UnicodeScalarView(scalars[Self.skipSelector(scalars, index + 1)..<end])).trimmed()
                if !value.isEmpty {
                    add(scalar == Self.recurrence ? "recurrence" : "id", value)
                    index = end
                    continue
                }
            } else if scalar == "#", kept.last.map(Self.isSpace) ?? true, let end = Self.endOfTag(scalars, from: index + 1) {
                let tag = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                if !tags.contains(tag) { tags.append(tag) }
                index = end
                continue
            }
            kept.append(scalar)
            index += 1
        }
        title = String(String.UnicodeScalarView(kept)).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    private mutating func add(_ name: String, _ value: String) {
        if !fields.contains(where: { $0.name == name }) { fields.append((name, value)) }
    }

    /// Takes `[key:: value]` and `(key:: value)` out, keeping the rest.
    private mutating func takeDataviewFields(from scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var kept: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            let open = scalars[index]
            guard open == "[" || open == "(", let close = scalars[(index + 1)...].firstIndex(of: open == "[" ? "]" : ")"),
                  let field = Self.inlineField(Array(scalars[(index + 1)..<close])) else {
                kept.append(open)
                index += 1
                continue
            }
            add(Self.dataviewNames[field.key.lowercased()] ?? field.key, field.value)
            index = close + 1
        }
        return kept
    }

    /// `key:: value` with a key of letters, digits, spaces, `-` and `_`.
    private static func inlineField(_ scalars: [Unicode.Scalar]) -> (key: String, value: String)? {
        let text = String(String.UnicodeScalarView(scalars))
        guard let separator = text.range(of: "::") else { return nil }
        let key = text[..<separator.lowerBound].trimmed()
        let value = text[separator.upperBound...].trimmed()
        guard !key.isEmpty, !value.isEmpty, key.unicodeScalars.allSatisfy({
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " " || $0 == "-" || $0 == "_"
        }) else { return nil }
        return (key, value)
    }

    /// A `YYYY-MM-DD` after a signifier and its spaces, and where it ends.
    private static func date(in scalars: [Unicode.Scalar], after start: Int) -> (String?, Int) {
        var index = skipSelector(scalars, start)
        while index < scalars.count, isSpace(scalars[index]) { index += 1 }
        guard index + 10 <= scalars.count else { return (nil, start) }
        let text = String(String.UnicodeScalarView(scalars[index..<index + 10]))
        guard Day.isISOShaped(text), index + 10 == scalars.count || isSpace(scalars[index + 10]) else { return (nil, start) }
        return (text, index + 10)
    }

    /// A recurrence or id runs to the next signifier or the end.
    private static func endOfPhrase(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            let scalar = scalars[index]
            if dates[scalar] != nil || priorities[scalar] != nil || scalar == recurrence || scalar == identifier { break }
            if scalar == "#", index > start, isSpace(scalars[index - 1]) { break }
            index += 1
        }
        return index
    }

    /// A tag's name: letters, digits, `_`, `-` and `/`, not digits alone (`#1` is no tag).
    private static func endOfTag(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        var hasNonDigit = false
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" || scalar == "/"
            else { break }
            if !("0"..."9").contains(scalar) { hasNonDigit = true }
            index += 1
        }
        return index > start && hasNonDigit ? index : nil
    }

    /// Past an emoji's variation selector (U+FE0F), which some editors write after it.
    private static func skipSelector(_ scalars: [Unicode.Scalar], _ index: Int) -> Int {
        index < scalars.count && scalars[index] == "\u{FE0F}" ? index + 1 : index
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }
}
