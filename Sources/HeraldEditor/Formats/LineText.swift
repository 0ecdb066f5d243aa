import HeraldCore

/// A text file edited line by line (todo.txt, Markdown checklists): each line's bytes are
/// replaced, inserted or removed with its ending, and no other byte moves.
struct LineText {
    private(set) var bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var lines: TextLines { TextLines(bytes) }

    /// The text of a 1-based line, without its ending.
    func text(ofLine line: Int) -> String {
        String(decoding: bytes[lines.content(ofLine: line)], as: UTF8.self)
    }

    /// Every line's text, without endings, index 0 for line 1: for a pass over the whole file,
    /// which `text(ofLine:)` would make quadratic.
    func texts() -> [String] {
        let lines = lines
        return (1...lines.count).map { String(decoding: bytes[lines.content(ofLine: $0)], as: UTF8.self) }
    }

    mutating func replace(line: Int, with text: String) {
        bytes = bytes.replacing(lines.content(ofLine: line), with: Array(text.utf8))
    }

    /// Removes lines `first...last` with their endings; when they end the file without an
    /// ending, the ending before them goes instead, so the file ends as it did.
    mutating func remove(lines first: Int, through last: Int) {
        let lines = lines
        var start = lines.starts[first - 1]
        let end = lines.whole(line: last).upperBound
        if end == bytes.count, bytes.last != UInt8(ascii: "\n"), first > 1 {
            start = lines.content(ofLine: first - 1).upperBound
        }
        bytes.removeSubrange(start..<end)
    }

    /// Inserts a line before line `before` (or at the end when `before` is past the last line),
    /// with the file's line ending.
    mutating func insert(_ text: String, before line: Int) {
        let lines = lines
        if line <= lines.count {
            bytes.insert(contentsOf: Array(text.utf8) + lines.lineEnding, at: lines.starts[line - 1])
        } else {
            append(text)
        }
    }

    /// Appends a line at the end of the file, after an ending if the last line lacks one.
    mutating func append(_ text: String) {
        let ending = lines.lineEnding
        if bytes.isEmpty {
            bytes = Array(text.utf8) + ending
        } else if bytes.last == UInt8(ascii: "\n") {
            bytes += Array(text.utf8) + ending
        } else {
            bytes += ending + Array(text.utf8)
        }
    }
}
