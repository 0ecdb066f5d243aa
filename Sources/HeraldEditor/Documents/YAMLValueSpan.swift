/// The bytes of a value written on its key's line in block YAML (a scalar or a flow list), and
/// how it is quoted, so that a new value replaces exactly it and keeps a comment after it.
struct YAMLValueSpan {
    var range: Range<Int>
    var quoting: YAMLSpelling.Quoting
    /// Nothing is written after the key's colon: the new value needs a space before it.
    var isEmpty: Bool

    /// Why a value cannot be replaced in place.
    struct Refusal: Error {
        var reason: String
    }

    /// The value that starts at `start` on a line whose content ends at `lineEnd`.
    static func find(in text: [UInt8], at start: Int, lineEnd: Int) throws(Refusal) -> YAMLValueSpan {
        var start = start
        while start < lineEnd, text[start] == UInt8(ascii: " ") { start += 1 }
        guard start < lineEnd, text[start] != UInt8(ascii: "#") else {
            return YAMLValueSpan(range: start..<start, quoting: .plain, isEmpty: true)
        }
        let span: YAMLValueSpan
        switch text[start] {
        case UInt8(ascii: "\""):
            guard let end = quoteEnd(in: text, from: start, lineEnd: lineEnd, doubled: false) else {
                throw Refusal(reason: "a double-quoted value continued on the next line")
            }
            span = YAMLValueSpan(range: start..<end, quoting: .double, isEmpty: false)
        case UInt8(ascii: "'"):
            guard let end = quoteEnd(in: text, from: start, lineEnd: lineEnd, doubled: true) else {
                throw Refusal(reason: "a single-quoted value continued on the next line")
            }
            span = YAMLValueSpan(range: start..<end, quoting: .single, isEmpty: false)
        case UInt8(ascii: "["):
            span = YAMLValueSpan(
                range: start..<(try flowListEnd(in: text, from: start, lineEnd: lineEnd)), quoting: .plain,
                isEmpty: false)
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            throw Refusal(reason: "a block scalar (\(Character(Unicode.Scalar(text[start]))))")
        case UInt8(ascii: "{"):
            throw Refusal(reason: "a flow map ({…})")
        case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"):
            throw Refusal(reason: "an anchor, alias or tag")
        default:
            var end = start
            var index = start
            while index < lineEnd {
                if text[index] == UInt8(ascii: "#"), text[index - 1] == UInt8(ascii: " ") { break }
                if text[index] != UInt8(ascii: " ") { end = index + 1 }
                index += 1
            }
            span = YAMLValueSpan(range: start..<end, quoting: .plain, isEmpty: false)
        }
        var rest = span.range.upperBound
        while rest < lineEnd, text[rest] == UInt8(ascii: " ") { rest += 1 }
        guard rest == lineEnd || (text[rest] == UInt8(ascii: "#") && rest > span.range.upperBound) else {
            throw Refusal(reason: "a value followed by more than a comment")
        }
        return span
    }

    /// Just after the closing quote of the quoted scalar at `start`; `doubled`: a quote is
    /// escaped by doubling it (single quotes), else by a backslash (double quotes).
    private static func quoteEnd(in text: [UInt8], from start: Int, lineEnd: Int, doubled: Bool) -> Int? {
        let quote = text[start]
        var index = start + 1
        while index < lineEnd {
            if !doubled, text[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if text[index] == quote {
                guard doubled, index + 1 < lineEnd, text[index + 1] == quote else { return index + 1 }
                index += 2
                continue
            }
            index += 1
        }
        return nil
    }

    /// Just after the `]` of a one-line flow list of scalars.
    private static func flowListEnd(in text: [UInt8], from start: Int, lineEnd: Int) throws(Refusal) -> Int {
        var index = start + 1
        while index < lineEnd {
            switch text[index] {
            case UInt8(ascii: "]"):
                return index + 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                throw Refusal(reason: "a nested flow collection")
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard
                    let end = quoteEnd(
                        in: text, from: index, lineEnd: lineEnd, doubled: text[index] == UInt8(ascii: "'"))
                else {
                    throw Refusal(reason: "a flow list continued on the next line")
                }
                index = end
            default:
                index += 1
            }
        }
        throw Refusal(reason: "a flow list continued on the next line")
    }
}
