/// The comma-separated items of one JSON array or object (elements, or members with their keys):
/// where to cut to remove one with its comma and spacing, and where to add one after the last,
/// so that adding and then removing an item gives back the same bytes.
struct JSONItems {
    let text: [UInt8]
    let items: [Range<Int>]
    /// Offsets of the opening and closing bracket or brace.
    let open: Int
    let close: Int
    let lineEnding: [UInt8]
    /// What follows a comma when a lone item on one line gives no example: a space, or nothing
    /// in minified JSON.
    let gap: [UInt8]

    /// The bytes to delete to remove item `index`: a later item takes the comma before it, the
    /// first item the comma after it, and a lone item on lines of its own takes those lines.
    func removal(of index: Int) -> Range<Int> {
        if items.count > 1 {
            return index > 0
                ? items[index - 1].upperBound..<items[index].upperBound
                : items[0].lowerBound..<items[1].lowerBound
        }
        let item = items[index]
        let lineStart = startOfLine(at: item.lowerBound)
        var lineEnd = item.upperBound
        while lineEnd < text.count, text[lineEnd] != UInt8(ascii: "\n") {
            guard Self.isWhitespace(text[lineEnd]) else { return item }
            lineEnd += 1
        }
        let alone =
            lineStart > open && text[lineStart..<item.lowerBound].allSatisfy(Self.isWhitespace)
            && lineEnd < close
        return alone ? lineStart..<(lineEnd + 1) : item
    }

    /// Where to insert a new last item and the bytes to insert. `item` writes the item; it gets
    /// the indentation of a line of its own when the container is empty but spread over lines,
    /// and nil when it goes after a sibling (whose layout it copies) or inside `[]`/`{}`.
    func insertion(_ item: (_ indent: [UInt8]?) -> [UInt8]) -> (offset: Int, bytes: [UInt8]) {
        if let last = items.last {
            let opening = Array(text[(open + 1)..<items[0].lowerBound])
            let separator =
                items.count > 1
                ? Array(text[items[items.count - 2].upperBound..<last.lowerBound])
                : [UInt8(ascii: ",")] + (opening.isEmpty ? gap : opening)
            return (last.upperBound, separator + item(nil))
        }
        let lineStart = startOfLine(at: close)
        let closeIndent = text[lineStart..<close]
        guard lineStart > open, closeIndent.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else {
            return (open + 1, item(nil))
        }
        let indent = Array(closeIndent) + Array("  ".utf8)
        return (lineStart, indent + item(indent) + lineEnding)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\n")
    }

    private func startOfLine(at offset: Int) -> Int {
        var start = offset
        while start > 0, text[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }
}
