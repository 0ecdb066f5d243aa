import HeraldCore
import HeraldLoaders

/// A checklist item's line while `ChecklistEditor` changes it: its scalars, where its box and
/// text are, and its fields and block id where the reader finds them, as places in the line.
struct ChecklistItemLine {
    private(set) var scalars: [Unicode.Scalar]
    let box: Int
    let titleStart: Int
    /// The fields of the item's text, their places counted from the line's start.
    let spans: [ChecklistTaskFields.Span]
    /// The block id ending the text (` ^abc1`), blanks before it included.
    let blockID: Range<Int>?
    /// Where each `#tag` is.
    let tags: [Range<Int>]
    /// Where the text ends, before blanks at the end of the line.
    let endOfLine: Int
    /// Where text added at the end of the item goes: after its last word, before a block id.
    let endOfText: Int

    init(scalars: [Unicode.Scalar], box: Int, titleStart: Int) {
        self.scalars = scalars
        self.box = box
        self.titleStart = titleStart
        var end = scalars.count
        while end > titleStart, Self.isBlank(scalars[end - 1]) { end -= 1 }
        let fields = ChecklistTaskFields(String(String.UnicodeScalarView(scalars[titleStart..<end])))
        let shift = { (range: Range<Int>) in (range.lowerBound + titleStart)..<(range.upperBound + titleStart) }
        spans = fields.spans.map { span in
            var moved = span
            moved.whole = shift(span.whole)
            moved.value = shift(span.value)
            return moved
        }
        blockID = fields.blockID.map(shift)
        tags = fields.tagPlaces.map(shift)
        endOfText = blockID?.lowerBound ?? end
        endOfLine = end
    }

    /// Whether the item writes the Tasks plugin's fields as Dataview does (`[due:: …]`), so new
    /// ones are written so too; an item with none of them takes the plugin's emoji.
    var writesDataview: Bool {
        let tasksFields = spans.filter { Self.tasksFieldNames.contains($0.name) }
        return !tasksFields.isEmpty && tasksFields.allSatisfy(\.isDataview)
    }

    private static let tasksFieldNames: Set = [
        "due", "scheduled", "start", "created", "completed_at", "cancelled",
        "priority", "recurrence", "id"
    ]

    var line: String { String(String.UnicodeScalarView(scalars)) }

    /// The line without blanks at its end.
    var trimmedLine: String {
        var end = scalars.count
        while end > 0, Self.isBlank(scalars[end - 1]) { end -= 1 }
        return String(String.UnicodeScalarView(scalars[..<end]))
    }

    /// The text with `title` for its words: the fields, tags and block id stay, as they were
    /// when they all follow the old words (the usual order), else one blank apart after it.
    func retitled(_ title: String) -> String {
        let kept = (spans.map(\.whole) + tags + (blockID.map { [$0] } ?? [])).sorted { $0.lowerBound < $1.lowerBound }
        guard let first = kept.first else { return text(0..<titleStart) + title }
        let words = (titleStart..<endOfLine).filter { index in
            !Self.isBlank(scalars[index]) && !kept.contains { $0.contains(index) }
        }
        if words.allSatisfy({ $0 < first.lowerBound }) {
            var start = first.lowerBound
            while start < endOfLine, Self.isBlank(scalars[start]) { start += 1 }
            return text(0..<titleStart) + title + " " + text(start..<endOfLine)
        }
        let pieces = kept.map { range in text(range).trimmingBlanks() }
        return text(0..<titleStart) + ([title] + pieces).joined(separator: " ")
    }

    func text(_ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range]))
    }

    mutating func setBox(_ mark: Unicode.Scalar) {
        scalars[box] = mark
    }

    mutating func replace(_ range: Range<Int>, with text: String) {
        scalars.replaceSubrange(range, with: Array(text.unicodeScalars))
    }

    /// What taking `span` out of the text removes: the field and the blanks before it, or after
    /// it when it starts the text, so that the words around it keep one blank between them.
    func removal(of span: ChecklistTaskFields.Span) -> Range<Int> {
        var start = span.whole.lowerBound
        while start > titleStart, Self.isBlank(scalars[start - 1]) { start -= 1 }
        guard start == titleStart else { return start..<span.whole.upperBound }
        var end = span.whole.upperBound
        while end < scalars.count, Self.isBlank(scalars[end]) { end += 1 }
        return span.whole.lowerBound..<end
    }

    /// Applies edits whose places were all found in this line as it is now: from the last
    /// place back, so each place still holds when its turn comes; at one place, a removal before
    /// an insertion, so the insertion stays.
    mutating func apply(_ edits: [(range: Range<Int>, text: String)]) {
        let ordered = edits.sorted { left, right in
            left.range.lowerBound != right.range.lowerBound
                ? left.range.lowerBound > right.range.lowerBound : left.range.upperBound > right.range.upperBound
        }
        for edit in ordered { replace(edit.range, with: edit.text) }
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }
}
