/// Reads simple block YAML byte by byte into exactly the tree Yams gives, or nil outside that subset.
///
/// Yams (libyaml events, then `Yams.Node`, then conversion) was a quarter of a large build, spent
/// mostly on front matter that uses a small part of YAML. The subset read here: comments, blank
/// lines, a `---` before the first node, block maps with plain keys, block sequences (also at
/// their key's indentation, and holding `key: value` maps), one-line flow sequences of scalars,
/// one-line plain, single- and double-quoted scalars (`\" \\ \/ \n \t \uXXXX` escapes) and literal
/// block scalars (`|`, `|-`, `|+`). Anything else returns nil as soon as it is seen (anchors, tags,
/// flow maps, folded or multi-line scalars, quoted keys, tabs outside quotes and comments, line
/// breaks other than LF and CRLF, control characters, duplicate keys, every error) and
/// `YAMLReader` hands the text to Yams, so rare syntax and every error message stay Yams's own.
///
/// Positions follow libyaml: a scalar's first character (its quote or `|` included), a block
/// map's first key, a block sequence's first `-`, a flow sequence's `[`, an empty value just
/// after its `:` or `-`; columns count Unicode scalars.
enum SimpleYAMLParser {
    static func parse(_ text: String, lineOffset: Int) -> DataNode? {
        var text = text
        return text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes, lineOffset: lineOffset)
            return try? parser.document()
        }
    }
}

/// Thrown for anything outside the subset; the caller then reads the text with Yams.
private struct Unsupported: Error {}

/// One line of the text, as byte offsets.
private struct Line {
    let start: Int
    /// The first byte after the leading spaces (`end` on a blank line).
    let first: Int
    /// Where the content stops: the `\n`, the `\r` of a `\r\n`, or the end of the text.
    let end: Int
    /// Where the next line starts.
    let next: Int

    var indent: Int { first - start }
    /// False only for a last line that the text ends without a line break.
    var hasBreak: Bool { next > end }
}

private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let newline = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")
private let hash = UInt8(ascii: "#")
private let colon = UInt8(ascii: ":")
private let dash = UInt8(ascii: "-")
private let doubleQuote = UInt8(ascii: "\"")
private let singleQuote = UInt8(ascii: "'")
private let backslash = UInt8(ascii: "\\")
private let openBracket = UInt8(ascii: "[")
private let closeBracket = UInt8(ascii: "]")
private let comma = UInt8(ascii: ",")
private let pipe = UInt8(ascii: "|")

private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let lineOffset: Int
    /// The start of the first line not consumed yet, and its 0-based number.
    private var position = 0
    private var lineNumber = 0
    /// The content line at `position`, once `peek` has found it.
    private var peeked: Line?
    /// A `---` line is accepted only before the root node, and only once.
    private var beforeRoot = true
    private var sawDocumentStart = false
    /// How many collections enclose the one being read: deep nesting is left to Yams rather
    /// than risking this parser's stack.
    private var depth = 0

    /// libyaml forgets a possible key after 1,024 characters and then fails on its `:`; longer
    /// keys (counted here in bytes, never fewer than characters) go to Yams for that message.
    private static let maximumKeyLength = 1000
    private static let maximumDepth = 64

    init(bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) {
        self.bytes = bytes
        self.lineOffset = lineOffset
    }

    mutating func document() throws(Unsupported) -> DataNode {
        guard let first = try peek() else {
            // A text without any node is no document for Yams, read as an empty map; a lone
            // `---` is a document holding null instead, which is rare enough to leave to Yams.
            guard !sawDocumentStart else { throw Unsupported() }
            return DataNode(.map(DataMap()), line: lineOffset + 1, column: 1)
        }
        beforeRoot = false
        let root = try collection(on: first)
        // Anything left (a less indented line, a second document) is Yams's to judge.
        guard try peek() == nil else { throw Unsupported() }
        return root
    }

    // MARK: Block structure

    /// The block sequence or map whose first entry starts `line`.
    private mutating func collection(on line: Line) throws(Unsupported) -> DataNode {
        if isEntry(line) { return try sequence(on: line, indentless: false) }
        return try mapping(on: line, keyStart: line.first, key: try plain(at: line.first, in: line))
    }

    /// The collection written on the lines after a `key:` or `-` that has nothing after it on its
    /// own line; nil when none follows. A map's value may be a sequence at the key's own indentation.
    private mutating func nested(under parentIndent: Int, allowingIndentlessSequence: Bool) throws(Unsupported) -> DataNode? {
        guard let line = try peek() else { return nil }
        if line.indent > parentIndent { return try collection(on: line) }
        if allowingIndentlessSequence, line.indent == parentIndent, isEntry(line) {
            return try sequence(on: line, indentless: true)
        }
        return nil
    }

    /// A block map whose first key, already scanned as `key`, starts at `keyStart` on `line`.
    private mutating func mapping(on line: Line, keyStart: Int, key: PlainSpan) throws(Unsupported) -> DataNode {
        try enterCollection()
        // Only spaces and `- ` come before a key, so its byte offset is its column.
        let indent = keyStart - line.start
        let nodeLine = lineNumber + 1 + lineOffset
        var map = DataMap()
        var (line, keyStart, key) = (line, keyStart, key)
        while true {
            guard let keyColon = key.colon, keyColon - keyStart <= Self.maximumKeyLength else { throw Unsupported() }
            let position = DataMap.KeyPosition(line: lineNumber + 1 + lineOffset, column: indent + 1)
            let value = try value(after: keyColon + 1, on: line, mapIndent: indent)
            // Yams reports duplicate keys with its own message.
            guard map.add(value, forKey: string(keyStart, key.end), at: position) else { throw Unsupported() }

            guard let next = try peek(), next.indent >= indent else { break }
            // A deeper line here would continue a scalar over lines; a `-` would be misplaced.
            guard next.indent == indent, !isEntry(next) else { throw Unsupported() }
            (line, keyStart) = (next, next.first)
            key = try plain(at: keyStart, in: line)
        }
        depth -= 1
        return DataNode(.map(map), line: nodeLine, column: indent + 1)
    }

    /// The value of a map entry, from just after its `:`.
    private mutating func value(after afterColon: Int, on line: Line, mapIndent: Int) throws(Unsupported) -> DataNode {
        let start = skipSpaces(from: afterColon, in: line)
        // `plain` ends a key only at a `:` followed by a space or the line's end, so a `#`
        // here follows a space and starts a comment.
        guard start == line.end || bytes[start] == hash else {
            return try inlineNode(at: start, on: line, parentIndent: mapIndent, allowingMap: false)
        }
        let emptyLine = lineNumber + 1 + lineOffset
        let emptyColumn = column(of: afterColon, in: line)
        consume(line)
        return try nested(under: mapIndent, allowingIndentlessSequence: true)
            ?? DataNode(.null, line: emptyLine, column: emptyColumn)
    }

    /// A block sequence whose first `-` starts `line`. An indentless one (at its key's
    /// indentation) ends at the first line of that indentation that is not an entry.
    private mutating func sequence(on line: Line, indentless: Bool) throws(Unsupported) -> DataNode {
        try enterCollection()
        let indent = line.indent
        let nodeLine = lineNumber + 1 + lineOffset
        var items: [DataNode] = []
        var line = line
        while true {
            items.append(try entry(on: line, indent: indent))
            guard let next = try peek(), next.indent >= indent else { break }
            guard next.indent == indent else { throw Unsupported() }
            guard isEntry(next) else {
                if indentless { break }
                throw Unsupported()
            }
            line = next
        }
        depth -= 1
        return DataNode(.list(items), line: nodeLine, column: indent + 1)
    }

    /// One `- …` entry of a sequence at `indent`.
    private mutating func entry(on line: Line, indent: Int) throws(Unsupported) -> DataNode {
        // `isEntry` wants a space or the line's end after the `-`, so a `#` here starts a comment.
        let start = skipSpaces(from: line.first + 1, in: line)
        guard start == line.end || bytes[start] == hash else {
            return try inlineNode(at: start, on: line, parentIndent: indent, allowingMap: true)
        }
        let emptyLine = lineNumber + 1 + lineOffset
        consume(line)
        return try nested(under: indent, allowingIndentlessSequence: false)
            ?? DataNode(.null, line: emptyLine, column: indent + 2)
    }

    /// A value that starts at `start` on `line`: a scalar or flow sequence ending the line, a
    /// literal block scalar, or (in a sequence entry) a map whose first key starts there.
    private mutating func inlineNode(at start: Int, on line: Line, parentIndent: Int, allowingMap: Bool)
        throws(Unsupported) -> DataNode
    {
        let nodeLine = lineNumber + 1 + lineOffset
        let nodeColumn = column(of: start, in: line)
        let value: DataValue
        switch bytes[start] {
        case doubleQuote:
            let (text, end) = try doubleQuoted(at: start, in: line)
            try expectEndOfLine(from: end, in: line)
            value = .string(text)
        case singleQuote:
            let (text, end) = try singleQuoted(at: start, in: line)
            try expectEndOfLine(from: end, in: line)
            value = .string(text)
        case openBracket:
            value = try flowSequence(at: start, in: line)
        case pipe:
            return try literal(at: start, on: line, parentIndent: parentIndent)
        default:
            let span = try plain(at: start, in: line)
            if span.colon != nil {
                guard allowingMap else { throw Unsupported() }
                return try mapping(on: line, keyStart: start, key: span)
            }
            value = ScalarTyping.value(of: string(start, span.end))
        }
        consume(line)
        return DataNode(value, line: nodeLine, column: nodeColumn)
    }

    private mutating func enterCollection() throws(Unsupported) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw Unsupported() }
    }

    // MARK: Scalars

    /// A plain scalar's extent: `end` after its last non-space byte, and the `:` that follows
    /// when the scalar is a key.
    private struct PlainSpan {
        var end: Int
        var colon: Int?
    }

    /// Scans a plain scalar in block context: up to the line's end, a ` #` comment, or a `:`
    /// followed by a space or the line's end (then it is a key).
    private func plain(at start: Int, in line: Line) throws(Unsupported) -> PlainSpan {
        try expectPlainStart(at: start, in: line)
        var index = start
        var end = start
        while index < line.end {
            let byte = bytes[index]
            if byte == colon, index + 1 == line.end || bytes[index + 1] == space {
                return PlainSpan(end: end, colon: index)
            }
            if byte == space {
                index += 1
                continue
            }
            // A `#` after a space starts a comment; the start is never a space or `#`.
            if byte == hash, bytes[index - 1] == space { break }
            // libyaml treats a tab as a separator with rules of its own: leave tabs to it.
            if byte == tab { throw Unsupported() }
            index += 1
            end = index
        }
        return PlainSpan(end: end, colon: nil)
    }

    /// Refuses a plain scalar that would start with an indicator: those begin anchors, aliases,
    /// tags, flow maps, block entries, folded scalars, directives or reserved syntax. A `-`
    /// followed by something else (`-3`, `---`) starts a plain scalar.
    private func expectPlainStart(at start: Int, in line: Line) throws(Unsupported) {
        switch bytes[start] {
        case dash:
            guard start + 1 < line.end, bytes[start + 1] != space, bytes[start + 1] != tab else { throw Unsupported() }
        case UInt8(ascii: "?"), colon, comma, openBracket, closeBracket, UInt8(ascii: "{"), UInt8(ascii: "}"),
             hash, UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), pipe, UInt8(ascii: ">"),
             singleQuote, doubleQuote, UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), space, tab:
            throw Unsupported()
        default:
            break
        }
    }

    /// A double-quoted scalar closed on its own line, and the offset just after its closing quote.
    private func doubleQuoted(at start: Int, in line: Line) throws(Unsupported) -> (String, Int) {
        var index = start + 1
        var chunkStart = index
        // Filled only once an escape is met: most quoted values have none and are copied as they are.
        var unescaped: [UInt8] = []
        var escaped = false
        while true {
            guard index < line.end else { throw Unsupported() }
            let byte = bytes[index]
            if byte == doubleQuote { break }
            guard byte == backslash else {
                index += 1
                continue
            }
            unescaped.append(contentsOf: bytes[chunkStart..<index])
            escaped = true
            guard index + 1 < line.end else { throw Unsupported() }
            switch bytes[index + 1] {
            case doubleQuote, backslash, UInt8(ascii: "/"):
                unescaped.append(bytes[index + 1])
                index += 2
            case UInt8(ascii: "n"):
                unescaped.append(newline)
                index += 2
            case UInt8(ascii: "t"):
                unescaped.append(tab)
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
    private func hexadecimal(_ start: Int, _ end: Int) throws(Unsupported) -> UInt32 {
        var value: UInt32 = 0
        for byte in bytes[start..<end] {
            let digit: UInt8 = switch byte {
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
    private func singleQuoted(at start: Int, in line: Line) throws(Unsupported) -> (String, Int) {
        var index = start + 1
        var chunkStart = index
        var unescaped: [UInt8] = []
        var escaped = false
        while true {
            guard index < line.end else { throw Unsupported() }
            if bytes[index] == singleQuote {
                guard index + 1 < line.end, bytes[index + 1] == singleQuote else { break }
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
    private func flowSequence(at start: Int, in line: Line) throws(Unsupported) -> DataValue {
        let itemLine = lineNumber + 1 + lineOffset
        var items: [DataNode] = []
        var index = skipSpaces(from: start + 1, in: line)
        if index < line.end, bytes[index] == closeBracket {
            try expectEndOfLine(from: index + 1, in: line)
            return .list(items)
        }
        while true {
            guard index < line.end else { throw Unsupported() }
            let itemColumn = column(of: index, in: line)
            switch bytes[index] {
            case doubleQuote:
                let (text, end) = try doubleQuoted(at: index, in: line)
                items.append(DataNode(.string(text), line: itemLine, column: itemColumn))
                index = end
            case singleQuote:
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
            if bytes[index] == closeBracket { break }
            guard bytes[index] == comma else { throw Unsupported() }
            index = skipSpaces(from: index + 1, in: line)
            // A trailing comma is valid YAML but rare: Yams reads it.
            if index < line.end, bytes[index] == closeBracket { throw Unsupported() }
        }
        try expectEndOfLine(from: index + 1, in: line)
        return .list(items)
    }

    /// The end of a plain item in a flow sequence, before the `,` or `]` that follows it.
    /// Characters with flow meaning inside (`:`, brackets, braces, `#`) are left to Yams.
    private func flowPlainEnd(at start: Int, in line: Line) throws(Unsupported) -> Int {
        try expectPlainStart(at: start, in: line)
        var index = start
        var end = start
        while index < line.end {
            switch bytes[index] {
            case comma, closeBracket:
                // `-` alone is a block entry indicator before `,` or `]` too.
                guard end > start + 1 || bytes[start] != dash else { throw Unsupported() }
                return end
            case space:
                index += 1
            case colon, openBracket, UInt8(ascii: "{"), UInt8(ascii: "}"), hash, tab:
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
    private mutating func literal(at start: Int, on line: Line, parentIndent: Int) throws(Unsupported) -> DataNode {
        let nodeLine = lineNumber + 1 + lineOffset
        let nodeColumn = column(of: start, in: line)
        var index = start + 1
        var chomping = Chomping.clip
        if index < line.end, bytes[index] == dash {
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
            if breakPending { text.append(newline) }
            text.append(contentsOf: repeatElement(newline, count: blankLines))
            blankLines = 0
            text.append(contentsOf: bytes[(line.start + indent)..<line.end])
            breakPending = line.hasBreak
            consume(line)
            content = try blockScalarBreaks(indent: &indent, parentIndent: parentIndent, blankLines: &blankLines)
        }
        if chomping != .strip, breakPending { text.append(newline) }
        if chomping == .keep { text.append(contentsOf: repeatElement(newline, count: blankLines)) }
        return DataNode(.string(String(decoding: text, as: UTF8.self)), line: nodeLine, column: nodeColumn)
    }

    private enum Chomping { case clip, strip, keep }

    /// Consumes the blank lines before a block scalar's next content line, counting them, and
    /// returns that line, or nil when the scalar ends. `indent` 0 means not known yet: it becomes
    /// the deepest indentation seen up to the first content line, but at least one more than the
    /// parent's (libyaml's `yaml_parser_scan_block_scalar_breaks`).
    private mutating func blockScalarBreaks(indent: inout Int, parentIndent: Int, blankLines: inout Int)
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
                if bytes[at] == tab, indent == 0 || column < indent { throw Unsupported() }
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

    // MARK: Lines

    /// The next line with content, skipping blank and comment lines and a leading `---`.
    private mutating func peek() throws(Unsupported) -> Line? {
        if let peeked { return peeked }
        while position < bytes.count {
            let line = try scanLine(from: position)
            if line.first < line.end {
                let byte = bytes[line.first]
                if byte == tab { throw Unsupported() }
                if byte != hash {
                    guard line.indent == 0, isDocumentMarker(line) else {
                        peeked = line
                        return line
                    }
                    guard bytes[line.start] == dash, beforeRoot, !sawDocumentStart else { throw Unsupported() }
                    try expectEndOfLine(from: line.start + 3, in: line)
                    sawDocumentStart = true
                }
            }
            consume(line)
        }
        return nil
    }

    private mutating func consume(_ line: Line) {
        position = line.next
        lineNumber += 1
        peeked = nil
    }

    /// Finds the line starting at `start`, refusing characters libyaml rejects or reads as line
    /// breaks: control characters, a `\r` outside `\r\n`, NEL, the line and paragraph
    /// separators, a byte order mark and U+FFFE/U+FFFF.
    private func scanLine(from start: Int) throws(Unsupported) -> Line {
        var index = start
        while index < bytes.count, bytes[index] == space { index += 1 }
        let first = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20, byte < 0x7F {
                index += 1
                continue
            }
            switch byte {
            case newline:
                return Line(start: start, first: first, end: index, next: index + 1)
            case carriageReturn:
                guard index + 1 < bytes.count, bytes[index + 1] == newline else { throw Unsupported() }
                return Line(start: start, first: min(first, index), end: index, next: index + 2)
            case tab:
                break
            case 0xC2:
                if index + 1 < bytes.count, bytes[index + 1] < 0xA0 { throw Unsupported() }
            case 0xE2:
                if index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 { throw Unsupported() }
            case 0xEF:
                if index + 2 < bytes.count,
                   (bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF) || (bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE) {
                    throw Unsupported()
                }
            default:
                if byte < 0x80 { throw Unsupported() }
            }
            index += 1
        }
        return Line(start: start, first: first, end: index, next: index)
    }

    /// Whether the line is `-` followed by a space or nothing: a block sequence entry.
    private func isEntry(_ line: Line) -> Bool {
        bytes[line.first] == dash && (line.first + 1 == line.end || bytes[line.first + 1] == space)
    }

    /// `---` or `...` at the start of a line, followed by a space, a tab or nothing.
    private func isDocumentMarker(_ line: Line) -> Bool {
        guard line.end - line.start >= 3 else { return false }
        let marker = bytes[line.start]
        guard marker == dash || marker == UInt8(ascii: "."),
              bytes[line.start + 1] == marker, bytes[line.start + 2] == marker else { return false }
        return line.end == line.start + 3 || bytes[line.start + 3] == space || bytes[line.start + 3] == tab
    }

    /// Refuses anything but spaces and a comment from `index` to the line's end.
    private func expectEndOfLine(from index: Int, in line: Line) throws(Unsupported) {
        let rest = skipSpaces(from: index, in: line)
        guard rest == line.end || (bytes[rest] == hash && rest > index) else { throw Unsupported() }
    }

    private func skipSpaces(from index: Int, in line: Line) -> Int {
        var index = index
        while index < line.end, bytes[index] == space { index += 1 }
        return index
    }

    /// The 1-based column of `index`, counted in Unicode scalars as libyaml does.
    private func column(of index: Int, in line: Line) -> Int {
        var column = 1
        for offset in line.start..<index where bytes[offset] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
