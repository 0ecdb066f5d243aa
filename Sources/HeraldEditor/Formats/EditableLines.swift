import HeraldCore

/// A text file edited line by line (todo.txt, Markdown checklists): each line's bytes are
/// replaced, inserted or removed with its ending, and no other byte moves.
struct EditableLines {
    /// The file's byte order mark: the readers count lines and columns after it, so it belongs
    /// to the file and never to its first line.
    let bom: [UInt8]
    /// The text after the byte order mark.
    private(set) var body: [UInt8]

    init(_ bytes: [UInt8]) {
        (bom, body) = splittingBOM(bytes)
    }

    /// The whole file: the byte order mark, then the text.
    var bytes: [UInt8] { bom.isEmpty ? body : bom + body }

    var lines: LineIndex { LineIndex(body) }

    /// The text of a 1-based line, without its ending.
    func text(ofLine line: Int) -> String {
        String(decoding: body[lines.content(ofLine: line)], as: UTF8.self)
    }

    /// Every line's text, without endings, index 0 for line 1: for a pass over the whole file,
    /// which `text(ofLine:)` would make quadratic.
    func texts() -> [String] {
        let lines = lines
        return (1...lines.count).map { String(decoding: body[lines.content(ofLine: $0)], as: UTF8.self) }
    }

    mutating func replace(line: Int, with text: String) {
        body = body.replacing(lines.content(ofLine: line), with: Array(text.utf8))
    }

    /// Removes lines `first...last` with their endings; when they end the file without an
    /// ending, the ending before them goes instead, so the file ends as it did.
    mutating func remove(lines first: Int, through last: Int) {
        let lines = lines
        var start = lines.starts[first - 1]
        let end = lines.whole(line: last).upperBound
        if end == body.count, body.last != UInt8(ascii: "\n"), first > 1 {
            start = lines.content(ofLine: first - 1).upperBound
        }
        body.removeSubrange(start..<end)
    }

    /// Inserts a line before line `before` (or at the end when `before` is past the last line),
    /// with the file's line ending.
    mutating func insert(_ text: String, before line: Int) {
        let lines = lines
        if line <= lines.count {
            body.insert(contentsOf: Array(text.utf8) + lines.lineEnding, at: lines.starts[line - 1])
        } else {
            append(text)
        }
    }

    /// The file's line ending, as `LineIndex.lineEnding` finds it, without finding every line.
    private var lineEnding: [UInt8] {
        guard let end = body.firstIndex(of: UInt8(ascii: "\n")) else { return [10] }
        return end > 0 && body[end - 1] == UInt8(ascii: "\r") ? [13, 10] : [10]
    }

    /// Appends a line at the end of the file, after an ending if the last line lacks one.
    mutating func append(_ text: String) {
        let ending = lineEnding
        if body.isEmpty {
            body = Array(text.utf8) + ending
        } else if body.last == UInt8(ascii: "\n") {
            body += Array(text.utf8) + ending
        } else {
            body += ending + Array(text.utf8)
        }
    }
}
