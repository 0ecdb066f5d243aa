import HeraldCore

/// The whitespace of an existing object, copied to write a new object or member like it.
struct JSONStyle {
    /// Between `{` and the first key.
    var opening: [UInt8]
    /// From the end of one value to the next key, the comma included.
    var separator: [UInt8]
    /// Between the last value and `}`.
    var closing: [UInt8]
    /// From the end of a key to its value, the colon included.
    var colon: [UInt8]

    /// The style of an object with at least one member; nil for an empty one.
    init?(members: [JSONExtents.Member], open: Int, close: Int, text: [UInt8]) {
        guard let first = members.first, let last = members.last else { return nil }
        opening = Array(text[(open + 1)..<first.keyStart])
        closing = Array(text[last.valueEnd..<close])
        colon = Array(text[last.keyEnd..<last.valueStart])
        // A lone member gives no example of what follows a comma: its opening when the object
        // spreads over lines, else the space its colon has (or lacks).
        let gap = colon.contains(UInt8(ascii: " ")) ? [UInt8(ascii: " ")] : []
        separator =
            members.count > 1
            ? Array(text[first.valueEnd..<members[1].keyStart])
            : [UInt8(ascii: ",")] + (opening.isEmpty ? gap : opening)
    }

    init(opening: [UInt8], separator: [UInt8], closing: [UInt8], colon: [UInt8]) {
        self.opening = opening
        self.separator = separator
        self.closing = closing
        self.colon = colon
    }

    /// `{"key": value, …}` on one line.
    static let inline = JSONStyle(opening: [], separator: Array(", ".utf8), closing: [], colon: Array(": ".utf8))

    /// One member per line, two spaces deeper than the object's own line, which starts at `indent`.
    static func pretty(indent: [UInt8], lineEnding: [UInt8]) -> JSONStyle {
        let memberLine = lineEnding + indent + Array("  ".utf8)
        return JSONStyle(
            opening: memberLine, separator: [UInt8(ascii: ",")] + memberLine,
            closing: lineEnding + indent, colon: Array(": ".utf8))
    }

    /// Minified JSON has no space after its colons, and gets none in its lists either.
    var isCompact: Bool { !colon.contains(UInt8(ascii: " ")) }

    /// `"key": value` with this style's colon.
    func member(_ key: String, _ value: [UInt8]) -> [UInt8] {
        JSONSpelling.string(key) + colon + value
    }

    /// An object of these members, laid out in this style.
    func object(_ fields: [(key: String, value: FieldValue)]) -> [UInt8] {
        guard !fields.isEmpty else { return Array("{}".utf8) }
        var bytes: [UInt8] = [UInt8(ascii: "{")] + opening
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes += separator }
            bytes += member(field.key, JSONSpelling.value(field.value, compact: isCompact))
        }
        return bytes + closing + [UInt8(ascii: "}")]
    }
}
