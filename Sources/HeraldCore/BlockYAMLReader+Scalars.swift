/// Scalars of the subset: plain, quoted, one-line flow sequences and literal blocks.
extension BlockYAMLReader {
    /// A plain scalar's extent: `end` after its last non-space byte, and the `:` that follows
    /// when the scalar is a key.
    struct PlainSpan {
        var end: Int
        var colon: Int?
    }

    /// Scans a plain scalar in block context: up to the line's end, a ` #` comment, or a `:`
    /// followed by a space or the line's end (then it is a key).
    func plain(at start: Int, in line: Line) throws(Unsupported) -> PlainSpan {
        try expectPlainStart(at: start, in: line)
        var index = start
        var end = start
        while index < line.end {
            let byte = bytes[index]
            if byte == Byte.colon, index + 1 == line.end || bytes[index + 1] == Byte.space {
                return PlainSpan(end: end, colon: index)
            }
            if byte == Byte.space {
                index += 1
                continue
            }
            // A `#` after a space starts a comment; the start is never a space or `#`.
            if byte == Byte.hash, bytes[index - 1] == Byte.space { break }
            // libyaml treats a tab as a separator with rules of its own: leave tabs to it.
            if byte == Byte.tab { throw Unsupported() }
            index += 1
            end = index
        }
        return PlainSpan(end: end, colon: nil)
    }

    /// Refuses a plain scalar that would start with an indicator: those begin anchors, aliases,
    /// tags, flow maps, block entries, folded scalars, directives or reserved syntax. A `-`
    /// followed by something else (`-3`, `---`) starts a plain scalar.
    func expectPlainStart(at start: Int, in line: Line) throws(Unsupported) {
        switch bytes[start] {
        case Byte.dash:
            guard start + 1 < line.end, bytes[start + 1] != Byte.space, bytes[start + 1] != Byte.tab else {
                throw Unsupported()
            }
        case UInt8(ascii: "?"), Byte.colon, Byte.comma, Byte.openBracket, Byte.closeBracket, UInt8(ascii: "{"),
            UInt8(ascii: "}"),
            Byte.hash, UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), Byte.pipe, UInt8(ascii: ">"),
            Byte.singleQuote, Byte.doubleQuote, UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), Byte.space,
            Byte.tab:
            throw Unsupported()
        default:
            break
        }
    }

    /// A double-quoted scalar closed on its own line, and the offset just after its closing quote.
    func doubleQuoted(at start: Int, in line: Line) throws(Unsupported) -> (String, Int) {
        var index = start + 1
        var chunkStart = index
        // Filled only once an escape is met: most quoted values have none and are copied as they are.
        var unescaped: [UInt8] = []
        var escaped = false
        while true {
            guard index < line.end else { throw Unsupported() }
            let byte = bytes[index]
            if byte == Byte.doubleQuote { break }
            guard byte == Byte.backslash else {
                index += 1
                continue
            }
            unescaped.append(contentsOf: bytes[chunkStart..<index])
            escaped = true
            guard index + 1 < line.end else { throw Unsupported() }
            switch bytes[index + 1] {
            case Byte.doubleQuote, Byte.backslash, UInt8(ascii: "/"):
                unescaped.append(bytes[index + 1])
                index += 2
            case UInt8(ascii: "n"):
                unescaped.append(Byte.newline)
                index += 2
            case UInt8(ascii: "t"):
                unescaped.append(Byte.tab)
                index += 2
            case UInt8(ascii: "u"):
                guard index + 6 <= line.end, let scalar = Unicode.Scalar(try hexadecimal(index + 2, index + 6))
                else { throw Unsupported() }
                UTF8.encode(scalar) { unescaped.append($0) }
                index += 6
            default:
                throw Unsupported()
            }
            chunkStart = index
        }
        guard escaped else { return (string(start + 1, index), index + 1) }
        unescaped.append(contentsOf: bytes[chunkStart..<index])
        return (String(decoding: unescaped, as: UTF8.self), index + 1)
    }

    /// The value of the hexadecimal digits from `start` to `end`.
    func hexadecimal(_ start: Int, _ end: Int) throws(Unsupported) -> UInt32 {
        var value: UInt32 = 0
        for byte in bytes[start..<end] {
            let digit: UInt8 =
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
                default: throw Unsupported()
                }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// A single-quoted scalar closed on its own line (`''` is a quote), and the offset after it.
    func singleQuoted(at start: Int, in line: Line) throws(Unsupported) -> (String, Int) {
        var index = start + 1
        var chunkStart = index
        var unescaped: [UInt8] = []
        var escaped = false
        while true {
            guard index < line.end else { throw Unsupported() }
            if bytes[index] == Byte.singleQuote {
                guard index + 1 < line.end, bytes[index + 1] == Byte.singleQuote else { break }
                // Keep the first quote of the pair, drop the second.
                unescaped.append(contentsOf: bytes[chunkStart...index])
                escaped = true
                index += 2
                chunkStart = index
            } else {
                index += 1
            }
        }
        guard escaped else { return (string(start + 1, index), index + 1) }
        unescaped.append(contentsOf: bytes[chunkStart..<index])
        return (String(decoding: unescaped, as: UTF8.self), index + 1)
    }

    /// `[a, "b", 'c', 1]` closed on its own line, items plain or quoted scalars.
    func flowSequence(at start: Int, in line: Line) throws(Unsupported) -> DataValue {
        let itemLine = lineNumber + 1 + lineOffset
        var items: [DataNode] = []
        var index = skipSpaces(from: start + 1, in: line)
        if index < line.end, bytes[index] == Byte.closeBracket {
            try expectEndOfLine(from: index + 1, in: line)
            return .list(items)
        }
        while true {
            guard index < line.end else { throw Unsupported() }
            let itemColumn = column(of: index, in: line)
            switch bytes[index] {
            case Byte.doubleQuote:
                let (text, end) = try doubleQuoted(at: index, in: line)
                items.append(DataNode(.string(text), line: itemLine, column: itemColumn))
                index = end
            case Byte.singleQuote:
                let (text, end) = try singleQuoted(at: index, in: line)
                items.append(DataNode(.string(text), line: itemLine, column: itemColumn))
                index = end
            default:
                let end = try flowPlainEnd(at: index, in: line)
                items.append(DataNode(ScalarTyping.value(of: string(index, end)), line: itemLine, column: itemColumn))
                index = end
            }
            index = skipSpaces(from: index, in: line)
            guard index < line.end else { throw Unsupported() }
            if bytes[index] == Byte.closeBracket { break }
            guard bytes[index] == Byte.comma else { throw Unsupported() }
            index = skipSpaces(from: index + 1, in: line)
            // A trailing comma is valid YAML but rare: Yams reads it.
            if index < line.end, bytes[index] == Byte.closeBracket { throw Unsupported() }
        }
        try expectEndOfLine(from: index + 1, in: line)
        return .list(items)
    }

    /// The end of a plain item in a flow sequence, before the `,` or `]` that follows it.
    /// Characters with flow meaning inside (`:`, brackets, braces, `#`) are left to Yams.
    func flowPlainEnd(at start: Int, in line: Line) throws(Unsupported) -> Int {
        try expectPlainStart(at: start, in: line)
        var index = start
        var end = start
        while index < line.end {
            switch bytes[index] {
            case Byte.comma, Byte.closeBracket:
                // `-` alone is a block entry indicator before `,` or `]` too.
                guard end > start + 1 || bytes[start] != Byte.dash else { throw Unsupported() }
                return end
            case Byte.space:
                index += 1
            case Byte.colon, Byte.openBracket, UInt8(ascii: "{"), UInt8(ascii: "}"), Byte.hash, Byte.tab:
                throw Unsupported()
            default:
                index += 1
                end = index
            }
        }
        throw Unsupported()
    }

    /// A literal block scalar `|`, `|-` or `|+` whose header is at `start`, read as libyaml's
    /// `yaml_parser_scan_block_scalar` does; `parentIndent` is the indentation of the map or
    /// sequence holding it, which its lines must exceed.
    mutating func literal(at start: Int, on line: Line, parentIndent: Int) throws(Unsupported) -> DataNode {
        let nodeLine = lineNumber + 1 + lineOffset
        let nodeColumn = column(of: start, in: line)
        var index = start + 1
        var chomping = Chomping.clip
        if index < line.end, bytes[index] == Byte.dash {
            chomping = .strip
            index += 1
        } else if index < line.end, bytes[index] == UInt8(ascii: "+") {
            chomping = .keep
            index += 1
        }
        // An explicit indentation digit (`|2`) or anything else in the header fails here.
        try expectEndOfLine(from: index, in: line)
        consume(line)

        var indent = 0
        var blankLines = 0
        var breakPending = false
        var text: [UInt8] = []
        var content = try blockScalarBreaks(indent: &indent, parentIndent: parentIndent, blankLines: &blankLines)
        while let line = content {
            if breakPending { text.append(Byte.newline) }
            text.append(contentsOf: repeatElement(Byte.newline, count: blankLines))
            blankLines = 0
            text.append(contentsOf: bytes[(line.start + indent)..<line.end])
            breakPending = line.hasBreak
            consume(line)
            content = try blockScalarBreaks(indent: &indent, parentIndent: parentIndent, blankLines: &blankLines)
        }
        if chomping != .strip, breakPending { text.append(Byte.newline) }
        if chomping == .keep { text.append(contentsOf: repeatElement(Byte.newline, count: blankLines)) }
        return DataNode(.string(String(decoding: text, as: UTF8.self)), line: nodeLine, column: nodeColumn)
    }

    enum Chomping { case clip, strip, keep }

    /// Consumes the blank lines before a block scalar's next content line, counting them, and
    /// returns that line, or nil when the scalar ends. `indent` 0 means not known yet: it becomes
    /// the deepest indentation seen up to the first content line, but at least one more than the
    /// parent's (libyaml's `yaml_parser_scan_block_scalar_breaks`).
    mutating func blockScalarBreaks(indent: inout Int, parentIndent: Int, blankLines: inout Int)
        throws(Unsupported) -> Line?
    {
        var deepest = 0
        var content: Line?
        while position < bytes.count {
            let line = try scanLine(from: position)
            let column = indent == 0 ? line.indent : min(line.indent, indent)
            deepest = max(deepest, column)
            let at = line.start + column
            if at < line.end {
                if bytes[at] == Byte.tab, indent == 0 || column < indent { throw Unsupported() }
                content = line
                break
            }
            // Spaces that end the text without a line break end the scalar.
            guard line.hasBreak else { break }
            blankLines += 1
            consume(line)
        }
        if indent == 0 { indent = max(deepest, parentIndent + 1, 1) }
        guard let content, content.indent >= indent else { return nil }
        return content
    }
}
