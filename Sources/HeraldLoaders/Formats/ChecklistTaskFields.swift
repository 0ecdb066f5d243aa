import HeraldCore
import HeraldModels

/// The fields a checklist item's text carries as Obsidian writes them, taken out of its title:
/// the Tasks plugin's signifiers (📅 due, ⏳ scheduled, 🛫 start, ➕ created, ✅ done, ❌ cancelled,
/// 🔺 ⏫ 🔼 🔽 ⏬ priority, 🔁 recurrence, 🆔 id, ⛔ depends on, 🏁 on completion), Dataview's
/// inline fields (`[due:: 2026-05-01]`, `(owner:: Maren)`), and `#tags`. Where each field sits
/// is kept too, for the editor that writes the item back (a done date, the dates of a next
/// occurrence).
public struct ChecklistTaskFields: Sendable {
    /// The title with every field taken out and its spaces collapsed.
    public var title = ""
    /// Field name → its text, in the order first met; dates as `YYYY-MM-DD`.
    public var fields: [(name: String, value: String)] = []
    public var tags: [String] = []
    /// Where each of `fields` is in the text, in scalar offsets, in the order met.
    public var spans: [Span] = []
    /// Where a block id ends the text (` ^abc1`, how Obsidian links to one item), blanks
    /// before it included: no part of the title or of the field before it.
    public var blockID: Range<Int>?
    /// Where each `#tag` is in the text, every one of them.
    public var tagPlaces: [Range<Int>] = []

    /// One field's place in the text: all of it (the signifier or brackets too), and its value.
    public struct Span: Sendable, Hashable {
        public var name: String
        public var whole: Range<Int>
        public var value: Range<Int>
        /// Written as Dataview writes it, `[name:: value]`, rather than after a signifier.
        public var isDataview: Bool
    }

    /// What the Tasks plugin writes before a done date and a due date.
    public static let doneSignifier: Unicode.Scalar = "\u{2705}"
    public static let dueSignifier: Unicode.Scalar = "\u{1F4C5}"

    private static let dates: [Unicode.Scalar: String] = [
        "\u{1F4C5}": "due", "\u{1F4C6}": "due", "\u{1F5D3}": "due", "\u{23F3}": "scheduled", "\u{231B}": "scheduled",
        "\u{1F6EB}": "start", "\u{2795}": "created", "\u{2705}": "completed_at", "\u{274C}": "cancelled"
    ]
    /// Highest to lowest, as the board's letters (A first).
    private static let priorities: [Unicode.Scalar: String] = [
        "\u{1F53A}": "A", "\u{23EB}": "B", "\u{1F53C}": "C", "\u{1F53D}": "D", "\u{23EC}": "E"
    ]
    /// The signifiers whose value is a phrase running to the next field: 🔁, 🆔, ⛔ and 🏁.
    private static let phrases: [Unicode.Scalar: String] = [
        "\u{1F501}": "recurrence", "\u{1F194}": "id", "\u{26D4}": "depends_on", "\u{1F3C1}": "on_completion"
    ]
    /// Dataview's names for the fields the board knows, and the board's.
    private static let dataviewNames = [
        "due": "due", "scheduled": "scheduled", "start": "start", "created": "created", "completion": "completed_at",
        "cancelled": "cancelled", "priority": "priority", "repeat": "recurrence", "dependson": "depends_on",
        "oncompletion": "on_completion"
    ]

    public init(_ text: String) {
        var all = Array(text.unicodeScalars)
        blockID = Self.blockID(in: all)
        if let blockID { all.removeSubrange(blockID) }
        let (scalars, places) = takeDataviewFields(from: all)
        // A field's place in `text`, from its place among the scalars left once Dataview's are out.
        func original(_ range: Range<Int>) -> Range<Int> {
            range.isEmpty
                ? places[range.lowerBound]..<places[range.lowerBound]
                : places[range.lowerBound]..<(places[range.upperBound - 1] + 1)
        }
        var kept: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let name = Self.dates[scalar] {
                let (date, end) = Self.date(in: scalars, after: index + 1)
                if let date {
                    add(name, date, whole: original(index..<end), value: original((end - 10)..<end))
                    index = end
                    continue
                }
            } else if let letter = Self.priorities[scalar] {
                let end = Self.skipSelector(scalars, index + 1)
                add("priority", letter, whole: original(index..<end), value: original(index..<end))
                index = end
                continue
            } else if let name = Self.phrases[scalar] {
                let end = Self.endOfPhrase(scalars, from: index + 1)
                var start = Self.skipSelector(scalars, index + 1)
                let value = String(String.UnicodeScalarView(scalars[start..<end])).trimmed()
                if !value.isEmpty {
                    while Self.isSpace(scalars[start]) { start += 1 }
                    var last = end
                    while Self.isSpace(scalars[last - 1]) { last -= 1 }
                    add(name, value, whole: original(index..<last), value: original(start..<last))
                    index = end
                    continue
                }
            } else if scalar == "#", kept.last.map(Self.isSpace) ?? true,
                let end = Self.endOfTag(scalars, from: index + 1)
            {
                let tag = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                if !tags.contains(tag) { tags.append(tag) }
                tagPlaces.append(original(index..<end))
                index = end
                continue
            }
            kept.append(scalar)
            index += 1
        }
        title = String(String.UnicodeScalarView(kept)).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(
            separator: " ")
    }

    /// Keeps the first field of each name, as the reader takes it, and where it is.
    private mutating func add(
        _ name: String, _ value: String, whole: Range<Int>, value place: Range<Int>, isDataview: Bool = false
    ) {
        guard !fields.contains(where: { $0.name == name }) else { return }
        fields.append((name, value))
        spans.append(Span(name: name, whole: whole, value: place, isDataview: isDataview))
    }

    /// Takes `[key:: value]` and `(key:: value)` out: the scalars left, and the place in
    /// `scalars` of each of them (one more at the end, for a field that ends the text).
    private mutating func takeDataviewFields(from scalars: [Unicode.Scalar]) -> ([Unicode.Scalar], [Int]) {
        var kept: [Unicode.Scalar] = []
        var places: [Int] = []
        var index = 0
        while index < scalars.count {
            let open = scalars[index]
            guard open == "[" || open == "(",
                let close = scalars[(index + 1)...].firstIndex(of: open == "[" ? "]" : ")"),
                let field = Self.inlineField(scalars, in: (index + 1)..<close)
            else {
                kept.append(open)
                places.append(index)
                index += 1
                continue
            }
            add(
                Self.dataviewNames[field.key.lowercased()] ?? field.key, field.value, whole: index..<(close + 1),
                value: field.place, isDataview: true)
            index = close + 1
        }
        places.append(scalars.count)
        return (kept, places)
    }

    /// `key:: value` with a key of letters, digits, spaces, `-` and `_`, and where its value is.
    private static func inlineField(_ scalars: [Unicode.Scalar], in range: Range<Int>) -> (
        key: String, value: String, place: Range<Int>
    )? {
        let inside = scalars[range]
        guard
            let colons = inside.indices.first(where: {
                $0 + 1 < range.upperBound && inside[$0] == ":" && inside[$0 + 1] == ":"
            })
        else { return nil }
        let key = String(String.UnicodeScalarView(inside[..<colons])).trimmed()
        var start = colons + 2
        var end = range.upperBound
        while start < end, scalars[start].properties.isWhitespace { start += 1 }
        while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
        let value = String(String.UnicodeScalarView(scalars[start..<end]))
        guard !key.isEmpty, !value.isEmpty,
            key.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " " || $0 == "-" || $0 == "_"
            })
        else { return nil }
        return (key, value, start..<end)
    }

    /// A trailing `^id` of letters, digits and `-` after a blank, and the blanks before it.
    private static func blockID(in scalars: [Unicode.Scalar]) -> Range<Int>? {
        var end = scalars.count
        while end > 0, isSpace(scalars[end - 1]) { end -= 1 }
        var caret = end
        while caret > 0, scalars[caret - 1].isASCII,
            scalars[caret - 1].properties.isAlphabetic
                || ("0"..."9").contains(scalars[caret - 1]) || scalars[caret - 1] == "-"
        { caret -= 1 }
        caret -= 1
        guard caret > 0, caret + 1 < end, scalars[caret] == "^", isSpace(scalars[caret - 1]) else { return nil }
        var start = caret
        while start > 0, isSpace(scalars[start - 1]) { start -= 1 }
        return start..<end
    }

    /// A `YYYY-MM-DD` after a signifier and its spaces, and where it ends.
    private static func date(in scalars: [Unicode.Scalar], after start: Int) -> (String?, Int) {
        var index = skipSelector(scalars, start)
        while index < scalars.count, isSpace(scalars[index]) { index += 1 }
        guard index + 10 <= scalars.count else { return (nil, start) }
        let text = String(String.UnicodeScalarView(scalars[index..<index + 10]))
        guard Day.isISOShaped(text), index + 10 == scalars.count || isSpace(scalars[index + 10]) else {
            return (nil, start)
        }
        return (text, index + 10)
    }

    /// A phrase (a recurrence, an id, the ids depended on, what to do on completion) runs to the
    /// next signifier or the end.
    private static func endOfPhrase(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            let scalar = scalars[index]
            if dates[scalar] != nil || priorities[scalar] != nil || phrases[scalar] != nil {
                break
            }
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
            guard
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
                    || scalar == "/"
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
