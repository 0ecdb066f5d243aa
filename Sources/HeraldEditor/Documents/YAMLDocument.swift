import HeraldCore
import HeraldLoaders

/// A block YAML file of records, edited in place (see `RecordDocument`): an edit rewrites one
/// value or adds or removes whole lines, and leaves comments, quoting and blank lines alone.
struct YAMLDocument: RecordDocument {
    let file: String
    let root: String?
    private(set) var records: [Record]
    /// A UTF-8 byte order mark, kept aside: the reader's lines and columns start after it.
    private let bom: [UInt8]
    private var text: [UInt8]

    var bytes: [UInt8] { bom + text }

    init(bytes: [UInt8], file: String, root: String?) throws(DiagnosticError) {
        self.file = file
        self.root = root
        (bom, text) = splittingBOM(bytes)
        records = try YAMLRecordReader(root: root).records(inText: bytes, file: file)
    }

    mutating func set(_ key: String, to value: FieldValue, inRecord index: Int) throws(DiagnosticError) {
        let layout = try layout()
        let place = try layout.place(of: try checked(index, in: layout))
        let null = layout.nullSpelling()
        guard let position = place.fields.position(ofKey: key), let node = place.fields[key] else {
            let line =
                Self.spaces(place.keyIndent) + YAMLSpelling.key(key) + ": "
                + YAMLSpelling.value(value, quoting: .plain, null: null)
            let at = layout.lines.endOfContent(place.end)
            try commit(
                text.replacing(at..<at, with: layout.lines.lines.lineEnding + Array(line.utf8)),
                after: .set(key, value, index), at: place.location)
            return
        }
        let location = node.location(in: file)
        let last = layout.lines.lastLine(
            ofValueAt: position.line, indent: place.keyIndent, entriesAtIndent: node.line > position.line)
        let span: YAMLValueSpan
        do throws(YAMLValueSpan.Refusal) {
            guard node.line == position.line, let start = layout.offset(line: node.line, column: node.column) else {
                switch node.value {
                case .list: throw YAMLValueSpan.Refusal(reason: "a block list")
                case .map: throw YAMLValueSpan.Refusal(reason: "a block map")
                default: throw YAMLValueSpan.Refusal(reason: "a value written over several lines")
                }
            }
            span = try YAMLValueSpan.find(in: text, at: start, lineEnd: layout.lines.endOfContent(position.line))
            guard last == position.line else {
                throw YAMLValueSpan.Refusal(reason: "a value written over several lines")
            }
        } catch {
            throw DiagnosticError(
                .error(at: location, "cannot set '\(key)' in place: its value is \(error.reason); edit it by hand"))
        }
        let spelled = YAMLSpelling.value(value, quoting: span.quoting, null: null)
        try commit(
            text.replacing(span.range, with: Array(((span.isEmpty ? " " : "") + spelled).utf8)),
            after: .set(key, value, index), at: location)
    }

    mutating func removeField(_ key: String, inRecord index: Int) throws(DiagnosticError) {
        let layout = try layout()
        let place = try layout.place(of: try checked(index, in: layout))
        guard let position = place.fields.position(ofKey: key),
            let keyStart = layout.offset(line: position.line, column: position.column)
        else { return }
        let cut: Range<Int>
        if place.start == position.line, place.head < keyStart {
            // The key shares its line with the record's `-`: the next key moves up to take its place.
            let keys = place.fields.keys.compactMap(place.fields.position(ofKey:)).filter { $0.line > position.line }
            guard let next = keys.min(by: { $0.line < $1.line }),
                let nextStart = layout.offset(line: next.line, column: next.column)
            else {
                throw DiagnosticError(
                    .error(
                        at: place.location,
                        "'\(key)' is the only field of record \(index + 1): remove the record instead"))
            }
            cut = keyStart..<nextStart
        } else {
            let node = place.fields[key]
            let last = layout.lines.lastLine(
                ofValueAt: position.line, indent: place.keyIndent,
                entriesAtIndent: (node?.line ?? position.line) > position.line)
            cut = layout.lines.removal(lines: position.line, through: last)
        }
        try commit(
            text.replacing(cut, with: []),
            after: .removeField(key, index, keyIsID: layout.shape == .keyed && key == "id"), at: place.location)
    }

    mutating func removeRecord(_ index: Int) throws(DiagnosticError) {
        let layout = try layout()
        guard layout.shape != .single else { throw singleRecord(layout) }
        let place = try layout.place(of: try checked(index, in: layout))
        let lines = layout.lines
        let count = layout.entries.count
        let cut: Range<Int>
        var replacement: [UInt8] = []
        if count == 1 {
            // The last record goes, its list or map stays, empty: `tasks: []` rather than a null.
            let empty = layout.shape == .list ? "[]" : "{}"
            let before = place.start - 1
            if before >= 1, !lines.isBlank(before), !lines.isComment(before),
                lines.text[lines.lines.content(ofLine: before)].last == UInt8(ascii: ":")
            {
                cut = lines.endOfContent(before)..<lines.endOfContent(place.end)
                replacement = Array(" \(empty)".utf8)
            } else {
                cut = place.head..<lines.endOfContent(place.end)
                replacement = Array(empty.utf8)
            }
        } else if index == count - 1 {
            cut = lines.removal(lines: lines.firstBlank(before: place.start), through: place.end)
        } else {
            let next = try layout.place(of: index + 1)
            var last = place.end
            while last + 1 < next.start, lines.isBlank(last + 1) { last += 1 }
            cut = lines.removal(lines: place.start, through: last)
        }
        try commit(text.replacing(cut, with: replacement), after: .removeRecord, at: place.location)
    }

    mutating func appendRecord(_ fields: [(key: String, value: FieldValue)]) throws(DiagnosticError) {
        let layout = try layout()
        guard layout.shape != .single else { throw singleRecord(layout) }
        let null = layout.nullSpelling()
        let lineEnding = layout.lines.lines.lineEnding
        var inside = fields
        var memberKey: String?
        if layout.shape == .keyed {
            guard let id = fields.first(where: { $0.key == "id" })?.value, let key = Self.memberKey(id) else {
                throw DiagnosticError(
                    .error(
                        at: layout.container.location(in: file),
                        "the records here are keyed by id: a new record needs an 'id' that is a text or a number"))
            }
            memberKey = key
        }
        if let flowStart = layout.flowStart {
            guard layout.entries.isEmpty else { throw flowContainer(layout) }
            let (cut, indent, prefix) = try emptyFlowPlace(flowStart, in: layout)
            if memberKey != nil { inside.removeAll { $0.key == "id" } }
            var lines = Self.recordLines(
                inside, memberKey: memberKey, headIndent: indent, keyIndent: indent + 2, null: null)
            lines[0].removeFirst(prefix ? 0 : indent)
            let joined = lines.map { Array($0.utf8) }.joined(separator: lineEnding)
            try commit(
                text.replacing(cut, with: (prefix ? lineEnding : []) + joined), after: .appendRecord(inside),
                at: layout.container.location(in: file))
            return
        }
        guard !layout.entries.isEmpty else {
            throw DiagnosticError(
                .error(
                    at: layout.container.location(in: file),
                    "there is no record to lay out a new one like; write the first one by hand"))
        }
        let last = try layout.place(of: layout.entries.count - 1)
        if memberKey != nil, last.fields.position(ofKey: "id") == nil { inside.removeAll { $0.key == "id" } }
        let headIndent = last.head - layout.lines.lines.starts[last.start - 1]
        // As many blank lines as stand between the last two records; right after the last
        // record's own lines, so that removing the new record takes them along.
        var blankLines = 0
        if layout.entries.count > 1 {
            let previous = try layout.place(of: layout.entries.count - 2)
            blankLines = (previous.end + 1..<last.start).filter(layout.lines.isBlank).count
        }
        let lines = Self.recordLines(
            inside, memberKey: memberKey, headIndent: headIndent, keyIndent: last.keyIndent, null: null)
        let inserted =
            Array(repeating: lineEnding, count: blankLines).joined() + lines.flatMap { lineEnding + Array($0.utf8) }
        let at = layout.lines.endOfContent(last.end)
        try commit(text.replacing(at..<at, with: inserted), after: .appendRecord(inside), at: last.location)
    }

    // MARK: Writing records

    /// The lines of a new record: `- key: value` then its other keys, or `id:` then its keys.
    private static func recordLines(
        _ fields: [(key: String, value: FieldValue)], memberKey: String?,
        headIndent: Int, keyIndent: Int, null: String
    ) -> [String] {
        let pairs = fields.map {
            YAMLSpelling.key($0.key) + ": " + YAMLSpelling.value($0.value, quoting: .plain, null: null)
        }
        if let memberKey {
            return [spaces(headIndent) + YAMLSpelling.key(memberKey) + ":"] + pairs.map { spaces(keyIndent) + $0 }
        }
        guard let first = pairs.first else { return [spaces(headIndent) + "- {}"] }
        return [spaces(headIndent) + "-" + spaces(max(1, keyIndent - headIndent - 1)) + first]
            + pairs.dropFirst().map { spaces(keyIndent) + $0 }
    }

    /// For a first record in `[]` or `{}`: the bytes it replaces, the indentation of its `-` or
    /// key, and whether it starts on a line of its own after a `key:` (else it takes the
    /// place of the brackets, already indented).
    private func emptyFlowPlace(_ start: Int, in layout: YAMLLayout) throws(DiagnosticError) -> (Range<Int>, Int, Bool)
    {
        let lines = layout.lines
        let line = layout.container.line
        guard line >= 1, line <= lines.count,
            let end = text[start...].firstIndex(where: { $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "}") })
        else {
            throw flowContainer(layout)
        }
        let lineStart = lines.lines.starts[line - 1]
        if lineStart + lines.indent(line) == start { return (start..<(end + 1), start - lineStart, false) }
        var colon = start
        while colon > lineStart, text[colon - 1] == UInt8(ascii: " ") { colon -= 1 }
        guard colon > lineStart, text[colon - 1] == UInt8(ascii: ":") else { throw flowContainer(layout) }
        return (colon..<(end + 1), lines.indent(line) + 2, true)
    }

    private static func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }

    /// A keyed record's key: the id's text, or its number written out.
    private static func memberKey(_ id: FieldValue) -> String? {
        switch id {
        case .text(let text): text
        case .number(let number): String(number)
        default: nil
        }
    }

    // MARK: Finding records and keeping edits

    private func layout() throws(DiagnosticError) -> YAMLLayout {
        try YAMLLayout(text: text, file: file, root: root)
    }

    private func checked(_ index: Int, in layout: YAMLLayout) throws(DiagnosticError) -> Int {
        guard layout.entries.indices.contains(index), records.indices.contains(index) else {
            throw DiagnosticError(
                .error(
                    at: SourceLocation(file: file, line: 1, column: 1),
                    "there is no record \(index + 1): \(file) has \(records.count)"))
        }
        guard layout.flowStart == nil || layout.shape == .single else { throw flowContainer(layout) }
        return index
    }

    /// Adopts `edited` once its records read back as `edit` intends.
    private mutating func commit(_ edited: [UInt8], after edit: ReadBack.Edit, at location: SourceLocation)
        throws(DiagnosticError)
    {
        records = try ReadBack.records(
            of: bom + edited, reader: YAMLRecordReader(root: root), file: file,
            after: edit, old: records, at: location)
        text = edited
    }

    private func flowContainer(_ layout: YAMLLayout) -> DiagnosticError {
        DiagnosticError(
            .error(
                at: layout.container.location(in: file),
                "the records are written in flow style ([…] or {…}), which cannot be edited in place; write them as a block list"
            ))
    }

    private func singleRecord(_ layout: YAMLLayout) -> DiagnosticError {
        DiagnosticError(
            .error(
                at: layout.container.location(in: file),
                "this map is a single record, not a list or a map of records: records cannot be added or removed here"))
    }
}
