import HeraldCore

/// Byte extents of values, object members and array elements in JSON text the reader accepted,
/// so that an edit replaces or removes exactly one of them.
struct JSONSpans {
    let text: [UInt8]

    /// One `"key": value` member of an object.
    struct Member {
        var key: String
        var keyStart: Int
        /// Just after the key's closing quote.
        var keyEnd: Int
        var valueStart: Int
        var valueEnd: Int

        var span: Range<Int> { keyStart..<valueEnd }
    }

    func skipWhitespace(from index: Int) -> Int {
        var index = index
        while index < text.count, JSONSpans.isWhitespace(text[index]) { index += 1 }
        return index
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\n")
    }

    /// The offset just past the value that starts at `start`; nil when no value starts there.
    func valueEnd(from start: Int) -> Int? {
        guard start < text.count else { return nil }
        switch text[start] {
        case UInt8(ascii: "\""):
            return stringEnd(from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < text.count {
                switch text[index] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(from: index) else { return nil }
                    index = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            return nil
        default:
            // A number or a literal: it runs to the next separator.
            var index = start
            while index < text.count, !JSONSpans.isWhitespace(text[index]),
                ![UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(text[index])
            {
                index += 1
            }
            return index > start ? index : nil
        }
    }

    /// The offset just past the closing quote of the string whose opening quote is at `start`.
    func stringEnd(from start: Int) -> Int? {
        var index = start + 1
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    /// The members of the object whose `{` is at `open`, and the offset of its `}`.
    func members(ofObjectAt open: Int) -> (members: [Member], close: Int)? {
        guard open < text.count, text[open] == UInt8(ascii: "{") else { return nil }
        var members: [Member] = []
        var index = skipWhitespace(from: open + 1)
        while index < text.count {
            if text[index] == UInt8(ascii: "}") { return (members, index) }
            if text[index] == UInt8(ascii: ",") {
                index = skipWhitespace(from: index + 1)
                continue
            }
            guard text[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(from: index), let key = key(index..<keyEnd)
            else { return nil }
            let colon = skipWhitespace(from: keyEnd)
            guard colon < text.count, text[colon] == UInt8(ascii: ":") else { return nil }
            let valueStart = skipWhitespace(from: colon + 1)
            guard let valueEnd = valueEnd(from: valueStart) else { return nil }
            members.append(
                Member(key: key, keyStart: index, keyEnd: keyEnd, valueStart: valueStart, valueEnd: valueEnd))
            index = skipWhitespace(from: valueEnd)
        }
        return nil
    }

    /// The extents of the elements of the array whose `[` is at `open`, and the offset of its `]`.
    func elements(ofArrayAt open: Int) -> (elements: [Range<Int>], close: Int)? {
        guard open < text.count, text[open] == UInt8(ascii: "[") else { return nil }
        var elements: [Range<Int>] = []
        var index = skipWhitespace(from: open + 1)
        while index < text.count {
            if text[index] == UInt8(ascii: "]") { return (elements, index) }
            if text[index] == UInt8(ascii: ",") {
                index = skipWhitespace(from: index + 1)
                continue
            }
            guard let end = valueEnd(from: index) else { return nil }
            elements.append(index..<end)
            index = skipWhitespace(from: end)
        }
        return nil
    }

    /// A key's text; escapes are rare in keys, and the reader's own parser decodes them.
    private func key(_ quoted: Range<Int>) -> String? {
        let raw = text[quoted]
        guard raw.contains(UInt8(ascii: "\\")) else {
            return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
        }
        guard let node = try? JSONParser.parse(Array(raw), file: ""), case .string(let key) = node.value else {
            return nil
        }
        return key
    }
}
