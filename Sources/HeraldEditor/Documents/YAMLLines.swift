/// The lines of a block YAML text as the editor needs them: indentation, blank and comment lines,
/// how far a key's value reaches, and which bytes to cut to remove whole lines.
struct YAMLLines {
    let text: [UInt8]
    let lines: LineIndex

    init(_ text: [UInt8]) {
        self.text = text
        lines = LineIndex(text)
    }

    var count: Int { lines.count }

    /// Where a 1-based line's content ends, before its line ending.
    func endOfContent(_ line: Int) -> Int { lines.content(ofLine: line).upperBound }

    func indent(_ line: Int) -> Int {
        lines.content(ofLine: line).prefix { text[$0] == UInt8(ascii: " ") }.count
    }

    func isBlank(_ line: Int) -> Bool {
        lines.content(ofLine: line).allSatisfy { text[$0] == UInt8(ascii: " ") || text[$0] == UInt8(ascii: "\t") }
    }

    func isComment(_ line: Int) -> Bool {
        let content = lines.content(ofLine: line)
        return content.first { text[$0] != UInt8(ascii: " ") }.map { text[$0] == UInt8(ascii: "#") } ?? false
    }

    /// Whether the line is a block sequence entry: `-` then a space or nothing.
    func isEntry(_ line: Int) -> Bool {
        let content = lines.content(ofLine: line)
        let dash = content.lowerBound + indent(line)
        return dash < content.upperBound && text[dash] == UInt8(ascii: "-")
            && (dash + 1 == content.upperBound || text[dash + 1] == UInt8(ascii: " "))
    }

    /// The last line of the value of a key written at `indent` on `line`: the lines after it that
    /// are indented deeper (a block scalar, a nested map, a continued scalar), or entries at the
    /// key's own indentation when `entriesAtIndent` (a list written under its key, unindented).
    /// Blank lines count only between such lines, never at the end.
    func lastLine(ofValueAt line: Int, indent: Int, entriesAtIndent: Bool) -> Int {
        var last = line
        var next = line + 1
        while next <= count {
            if isBlank(next) {
                next += 1
                continue
            }
            let depth = self.indent(next)
            guard depth > indent || (entriesAtIndent && depth == indent && isEntry(next)) else { break }
            last = next
            next += 1
        }
        return last
    }

    /// The bytes to cut to remove lines `first` through `last`: from the end of the line before
    /// (so that the last line's ending stays, and a text without a final line break keeps
    /// lacking one), or from the very start for the first line.
    func removal(lines first: Int, through last: Int) -> Range<Int> {
        if first > 1 { return endOfContent(first - 1)..<endOfContent(last) }
        return 0..<(last < count ? lines.starts[last] : text.count)
    }

    /// The first of the blank lines right before `line`; `line` itself when none are.
    func firstBlank(before line: Int) -> Int {
        var first = line
        while first > 1, isBlank(first - 1) { first -= 1 }
        return first
    }
}
