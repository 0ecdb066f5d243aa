/// Where the lines of a text start, so that a reader's 1-based line and column (columns count
/// Unicode scalars) can be turned back into byte offsets for editing.
struct LineIndex {
    let bytes: [UInt8]
    /// The byte offset at which each line starts; line 1 is `starts[0]`.
    let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        self.starts = starts
    }

    var count: Int { starts.count }

    /// The byte offset of a 1-based line and scalar column; nil when the text has no such place.
    func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= starts.count, column >= 1 else { return nil }
        var offset = starts[line - 1]
        var remaining = column - 1
        while remaining > 0 {
            guard offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") else { return nil }
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        return offset
    }

    /// The byte range of a 1-based line without its line ending (`\n` or `\r\n`).
    func content(ofLine line: Int) -> Range<Int> {
        let start = starts[line - 1]
        var end = line < starts.count ? starts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<end
    }

    /// The byte range of a 1-based line with its line ending.
    func whole(line: Int) -> Range<Int> {
        starts[line - 1]..<(line < starts.count ? starts[line] : bytes.count)
    }

    /// The text's line ending: CRLF when its first line ends so, else LF.
    var lineEnding: [UInt8] {
        guard starts.count > 1 else { return [UInt8(ascii: "\n")] }
        let end = starts[1] - 1
        return end > 0 && bytes[end - 1] == UInt8(ascii: "\r") ? [13, 10] : [10]
    }
}

/// A UTF-8 byte order mark kept aside from the text after it, where the readers' lines and
/// columns start.
func splittingBOM(_ bytes: [UInt8]) -> (bom: [UInt8], text: [UInt8]) {
    bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? ([0xEF, 0xBB, 0xBF], Array(bytes.dropFirst(3))) : ([], bytes)
}

extension Array where Element == UInt8 {
    /// These bytes with `range` replaced by `replacement`.
    func replacing(_ range: Range<Int>, with replacement: some Collection<UInt8>) -> [UInt8] {
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}
