/// Lines: finding the next content line, and refusing what libyaml would read differently.
extension BlockYAMLReader {
    /// The next line with content, skipping blank and comment lines and a leading `---`.
    mutating func peek() throws(Unsupported) -> Line? {
        if let peeked { return peeked }
        while position < bytes.count {
            let line = try scanLine(from: position)
            if line.first < line.end {
                let byte = bytes[line.first]
                if byte == Byte.tab { throw Unsupported() }
                if byte != Byte.hash {
                    guard line.indent == 0, isDocumentMarker(line) else {
                        peeked = line
                        return line
                    }
                    guard bytes[line.start] == Byte.dash, beforeRoot, !sawDocumentStart else { throw Unsupported() }
                    try expectEndOfLine(from: line.start + 3, in: line)
                    sawDocumentStart = true
                }
            }
            consume(line)
        }
        return nil
    }

    mutating func consume(_ line: Line) {
        position = line.next
        lineNumber += 1
        peeked = nil
    }

    /// Finds the line starting at `start`, refusing characters libyaml rejects or reads as line
    /// breaks: control characters, a `\r` outside `\r\n`, NEL, the line and paragraph
    /// separators, a byte order mark and U+FFFE/U+FFFF.
    func scanLine(from start: Int) throws(Unsupported) -> Line {
        var index = start
        while index < bytes.count, bytes[index] == Byte.space { index += 1 }
        let first = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20, byte < 0x7F {
                index += 1
                continue
            }
            switch byte {
            case Byte.newline:
                return Line(start: start, first: first, end: index, next: index + 1)
            case Byte.carriageReturn:
                guard index + 1 < bytes.count, bytes[index + 1] == Byte.newline else { throw Unsupported() }
                return Line(start: start, first: min(first, index), end: index, next: index + 2)
            case Byte.tab:
                break
            case 0xC2:
                if index + 1 < bytes.count, bytes[index + 1] < 0xA0 { throw Unsupported() }
            case 0xE2:
                if index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 {
                    throw Unsupported()
                }
            case 0xEF:
                if index + 2 < bytes.count,
                    (bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF)
                        || (bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE)
                {
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
    func isEntry(_ line: Line) -> Bool {
        bytes[line.first] == Byte.dash && (line.first + 1 == line.end || bytes[line.first + 1] == Byte.space)
    }

    /// `---` or `...` at the start of a line, followed by a space, a tab or nothing.
    func isDocumentMarker(_ line: Line) -> Bool {
        guard line.end - line.start >= 3 else { return false }
        let marker = bytes[line.start]
        guard marker == Byte.dash || marker == UInt8(ascii: "."),
            bytes[line.start + 1] == marker, bytes[line.start + 2] == marker
        else { return false }
        return line.end == line.start + 3 || bytes[line.start + 3] == Byte.space || bytes[line.start + 3] == Byte.tab
    }

    /// Refuses anything but spaces and a comment from `index` to the line's end.
    func expectEndOfLine(from index: Int, in line: Line) throws(Unsupported) {
        let rest = skipSpaces(from: index, in: line)
        guard rest == line.end || (bytes[rest] == Byte.hash && rest > index) else { throw Unsupported() }
    }

    func skipSpaces(from index: Int, in line: Line) -> Int {
        var index = index
        while index < line.end, bytes[index] == Byte.space { index += 1 }
        return index
    }

    /// The 1-based column of `index`, counted in Unicode scalars as libyaml does.
    func column(of index: Int, in line: Line) -> Int {
        var column = 1
        for offset in line.start..<index where bytes[offset] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
