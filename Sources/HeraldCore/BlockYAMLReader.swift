/// Reads the common subset of block YAML byte by byte into exactly the tree Yams gives, or nil outside it.
///
/// Yams makes libyaml events, then `Yams.Node`, then converts those: three passes for front
/// matter that uses a small part of YAML. The subset read here: comments, blank
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
struct BlockYAMLReader {
    static func parse(_ text: String, lineOffset: Int) -> DataNode? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = BlockYAMLReader(bytes: bytes, lineOffset: lineOffset)
            return try? reader.document()
        }
    }

    /// Thrown for anything outside the subset; `parse` then returns nil, and the caller reads
    /// the text with Yams.
    struct Unsupported: Error {}

    /// One line of the text, as byte offsets.
    struct Line {
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

    /// The bytes the subset's syntax is made of.
    enum Byte {
        static let space = UInt8(ascii: " ")
        static let tab = UInt8(ascii: "\t")
        static let newline = UInt8(ascii: "\n")
        static let carriageReturn = UInt8(ascii: "\r")
        static let hash = UInt8(ascii: "#")
        static let colon = UInt8(ascii: ":")
        static let dash = UInt8(ascii: "-")
        static let doubleQuote = UInt8(ascii: "\"")
        static let singleQuote = UInt8(ascii: "'")
        static let backslash = UInt8(ascii: "\\")
        static let openBracket = UInt8(ascii: "[")
        static let closeBracket = UInt8(ascii: "]")
        static let comma = UInt8(ascii: ",")
        static let pipe = UInt8(ascii: "|")
    }

    // The reading itself; scalars are in BlockYAMLReader+Scalars.swift, lines in
    // BlockYAMLReader+Lines.swift. Only `parse` makes a reader, so the buffer cannot escape it.
    let bytes: UnsafeBufferPointer<UInt8>
    let lineOffset: Int
    /// The start of the first line not consumed yet, and its 0-based number.
    var position = 0
    var lineNumber = 0
    /// The content line at `position`, once `peek` has found it.
    var peeked: Line?
    /// A `---` line is accepted only before the root node, and only once.
    var beforeRoot = true
    var sawDocumentStart = false
    /// How many collections enclose the one being read: deep nesting is left to Yams rather
    /// than risking this reader's stack.
    var depth = 0

    /// libyaml forgets a possible key after 1,024 characters and then fails on its `:`; longer
    /// keys (counted here in bytes, never fewer than characters) go to Yams for that message.
    static let maximumKeyLength = 1000
    static let maximumDepth = 64

    private init(bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) {
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
    mutating func collection(on line: Line) throws(Unsupported) -> DataNode {
        if isEntry(line) { return try sequence(on: line, indentless: false) }
        return try mapping(on: line, keyStart: line.first, key: try plain(at: line.first, in: line))
    }

    /// The collection written on the lines after a `key:` or `-` that has nothing after it on its
    /// own line; nil when none follows. A map's value may be a sequence at the key's own indentation.
    mutating func nested(under parentIndent: Int, allowingIndentlessSequence: Bool) throws(Unsupported) -> DataNode? {
        guard let line = try peek() else { return nil }
        if line.indent > parentIndent { return try collection(on: line) }
        if allowingIndentlessSequence, line.indent == parentIndent, isEntry(line) {
            return try sequence(on: line, indentless: true)
        }
        return nil
    }

    /// A block map whose first key, already scanned as `key`, starts at `keyStart` on `line`.
    mutating func mapping(on line: Line, keyStart: Int, key: PlainSpan) throws(Unsupported) -> DataNode {
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
    mutating func value(after afterColon: Int, on line: Line, mapIndent: Int) throws(Unsupported) -> DataNode {
        let start = skipSpaces(from: afterColon, in: line)
        // `plain` ends a key only at a `:` followed by a space or the line's end, so a `#`
        // here follows a space and starts a comment.
        guard start == line.end || bytes[start] == Byte.hash else {
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
    mutating func sequence(on line: Line, indentless: Bool) throws(Unsupported) -> DataNode {
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
    mutating func entry(on line: Line, indent: Int) throws(Unsupported) -> DataNode {
        // `isEntry` wants a space or the line's end after the `-`, so a `#` here starts a comment.
        let start = skipSpaces(from: line.first + 1, in: line)
        guard start == line.end || bytes[start] == Byte.hash else {
            return try inlineNode(at: start, on: line, parentIndent: indent, allowingMap: true)
        }
        let emptyLine = lineNumber + 1 + lineOffset
        consume(line)
        return try nested(under: indent, allowingIndentlessSequence: false)
            ?? DataNode(.null, line: emptyLine, column: indent + 2)
    }

    /// A value that starts at `start` on `line`: a scalar or flow sequence ending the line, a
    /// literal block scalar, or (in a sequence entry) a map whose first key starts there.
    mutating func inlineNode(at start: Int, on line: Line, parentIndent: Int, allowingMap: Bool)
        throws(Unsupported) -> DataNode
    {
        let nodeLine = lineNumber + 1 + lineOffset
        let nodeColumn = column(of: start, in: line)
        let value: DataValue
        switch bytes[start] {
        case Byte.doubleQuote:
            let (text, end) = try doubleQuoted(at: start, in: line)
            try expectEndOfLine(from: end, in: line)
            value = .string(text)
        case Byte.singleQuote:
            let (text, end) = try singleQuoted(at: start, in: line)
            try expectEndOfLine(from: end, in: line)
            value = .string(text)
        case Byte.openBracket:
            value = try flowSequence(at: start, in: line)
        case Byte.pipe:
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

    mutating func enterCollection() throws(Unsupported) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw Unsupported() }
    }
}
