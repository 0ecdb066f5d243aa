import HeraldCore

/// Scanning: one template line into text, tag and newline tokens, honouring set delimiters.
extension Parser {
    enum Token {
        case text(Range<Int>)
        case newline(Range<Int>)
        case tag(Tag)
    }

    struct Tag {
        enum Kind {
            case variable(escaped: Bool), section, inverted, close, comment, delimiters, partial, parent, block
        }

        var kind: Kind
        /// The tag's content without sigil and surrounding whitespace: the name, for most tags.
        var content: String
        var position: Position
        /// The delimiters in force, to quote the tag back the way its author wrote it.
        var openDelimiter: String
        var closeDelimiter: String
    }

    /// Scans up to and including the next line ending outside a tag.
    mutating func scanLine() throws(DiagnosticError) {
        tokens.removeAll(keepingCapacity: true)
        let dedent = frames[frames.count - 1].dedent
        if !dedent.isEmpty, matches(dedent, at: position) {
            position += dedent.count
        }
        var textStart = position
        var firstOpenByte = openDelimiter[0]
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                var newlineStart = position
                if newlineStart > textStart, bytes[newlineStart - 1] == UInt8(ascii: "\r") { newlineStart -= 1 }
                if textStart < newlineStart { tokens.append(.text(textStart..<newlineStart)) }
                tokens.append(.newline(newlineStart..<(position + 1)))
                position += 1
                startLine(at: position)
                return
            }
            if byte == firstOpenByte, matches(openDelimiter, at: position) {
                if textStart < position { tokens.append(.text(textStart..<position)) }
                tokens.append(.tag(try scanTag()))
                firstOpenByte = openDelimiter[0]
                textStart = position
                continue
            }
            position += 1
        }
        if textStart < position { tokens.append(.text(textStart..<position)) }
    }

    mutating func startLine(at offset: Int) {
        line += 1
        columnOffset = offset
        column = 1
    }

    func matches(_ needle: [UInt8], at offset: Int) -> Bool {
        guard offset + needle.count <= bytes.count else { return false }
        for index in needle.indices where bytes[offset + index] != needle[index] { return false }
        return true
    }

    func find(_ needle: [UInt8], from offset: Int) -> Int? {
        guard let first = needle.first else { return nil }
        var cursor = offset
        while cursor + needle.count <= bytes.count {
            if bytes[cursor] == first, matches(needle, at: cursor) { return cursor }
            cursor += 1
        }
        return nil
    }

    /// The 1-based column of `offset` on the current line, counted in characters (Unicode scalars).
    mutating func columnOf(_ offset: Int) -> Int {
        while columnOffset < offset {
            // UTF-8 continuation bytes (10xxxxxx) do not start a new scalar.
            if bytes[columnOffset] & 0xC0 != 0x80 { column += 1 }
            columnOffset += 1
        }
        return column
    }

    mutating func scanTag() throws(DiagnosticError) -> Tag {
        let start = position
        let tagPosition = Position(line: line, column: columnOf(start))
        let open = String(decoding: openDelimiter, as: UTF8.self)
        let close = String(decoding: closeDelimiter, as: UTF8.self)
        var cursor = start + openDelimiter.count
        var closing = closeDelimiter
        let kind: Tag.Kind
        var sigil = ""
        switch cursor < bytes.count ? bytes[cursor] : 0 {
        case UInt8(ascii: "{"):
            kind = .variable(escaped: false); closing = [UInt8(ascii: "}")] + closeDelimiter; sigil = "{"
        case UInt8(ascii: "&"): kind = .variable(escaped: false); sigil = "&"
        case UInt8(ascii: "#"): kind = .section; sigil = "#"
        case UInt8(ascii: "^"): kind = .inverted; sigil = "^"
        case UInt8(ascii: "/"): kind = .close; sigil = "/"
        case UInt8(ascii: "!"): kind = .comment; sigil = "!"
        case UInt8(ascii: "="): kind = .delimiters; closing = [UInt8(ascii: "=")] + closeDelimiter; sigil = "="
        case UInt8(ascii: ">"): kind = .partial; sigil = ">"
        case UInt8(ascii: "<"): kind = .parent; sigil = "<"
        case UInt8(ascii: "$"): kind = .block; sigil = "$"
        default: kind = .variable(escaped: true)
        }
        cursor += sigil.utf8.count
        guard let end = find(closing, from: cursor) else {
            let expected = String(decoding: closing, as: UTF8.self)
            throw error(at: tagPosition, "unclosed tag: no '\(expected)' after '\(open)\(sigil)'")
        }
        let raw = bytes[cursor..<end]
        position = end + closing.count
        // A tag may span lines (a long comment); later positions must count those lines.
        for offset in start..<position where bytes[offset] == UInt8(ascii: "\n") {
            startLine(at: offset + 1)
        }
        let content = String(decoding: trimmed(raw), as: UTF8.self)
        let tag = Tag(kind: kind, content: content, position: tagPosition, openDelimiter: open, closeDelimiter: close)
        switch kind {
        case .comment:
            break
        case .delimiters:
            try setDelimiters(content, at: tagPosition)
        case .partial, .parent:
            let name = content.hasPrefix("*") ? String(content.dropFirst()).trimmed() : content
            try validate(name, dotted: content.hasPrefix("*"), tag: tag)
        case .variable, .section, .inverted:
            try validate(content, dotted: true, tag: tag)
        case .close, .block:
            try validate(content, dotted: false, tag: tag)
        }
        return tag
    }

    func trimmed(_ raw: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = raw
        while let first = slice.first, isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
        return slice
    }

    func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    func validate(_ name: String, dotted: Bool, tag: Tag) throws(DiagnosticError) {
        if name.isEmpty {
            throw error(
                at: tag.position,
                "empty tag: expected a name between '\(tag.openDelimiter)' and '\(tag.closeDelimiter)'")
        }
        if name.utf8.contains(where: isSpace) {
            throw error(at: tag.position, "invalid name '\(name)': a name cannot contain spaces")
        }
        if dotted, name != ".", name.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
        {
            throw error(at: tag.position, "invalid name '\(name)': empty part in a dotted name")
        }
    }

    mutating func setDelimiters(_ content: String, at tagPosition: Position) throws(DiagnosticError) {
        let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error(
                at: tagPosition,
                "invalid delimiters '\(content)': expected two delimiters separated by a space, neither containing '='")
        }
        openDelimiter = Array(parts[0].utf8)
        closeDelimiter = Array(parts[1].utf8)
    }
}
