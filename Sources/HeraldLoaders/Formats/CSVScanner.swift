import HeraldCore

/// Splits delimited text into rows of positioned fields and pairs them with the header, keeping
/// on after a bad row so that every bad row of a file is reported in one go.
struct CSVScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let separator: UInt8
    private let file: String
    private var offset = 0
    private var position = TextPosition()
    private var diagnostics: [Diagnostic] = []
    // Each unclosed quote costs a scan (up to the end of the file) before reading resumes on the
    // next line; a cap keeps a file full of stray quotes linear.
    private var unclosedQuotes = 0
    private static let maxUnclosedQuotes = 20
    /// Every row's bytes, the header's included, kept only when an editor asks for them.
    var rows: [CSVRow]?

    init(bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, file: String) {
        self.bytes = bytes
        self.separator = separator
        self.file = file
    }

    private struct Field {
        var value: String
        var line: Int
        var column: Int
    }

    private enum Row {
        case fields([Field], line: Int)
        case failed
        case end
    }

    mutating func records() -> ([Record], [Diagnostic]) {
        guard case .fields(let headerFields, _) = nextRow() else { return ([], diagnostics) }
        let header = names(of: headerFields)
        // A name the header repeats (Jira's export has a `Labels` column per label) is one field,
        // a list of the row's non-empty cells under it.
        let repeated = Set(Dictionary(header.map { ($0, 1) }, uniquingKeysWith: +).filter { $0.value > 1 }.keys)
        // Every row has the header's keys: copying a map that already holds them costs one
        // allocation per row, where building each map afresh regrows and rehashes it several times.
        var seen = Set<String>()
        let unique = header.filter { seen.insert($0).inserted }
        let template = DataMap(unique.map { ($0, DataNode(repeated.contains($0) ? .list([]) : .null)) })
        var records: [Record] = []
        var rowNumber = 0
        while true {
            let row = nextRow()
            switch row {
            case .end:
                return (records, diagnostics)
            case .failed:
                rowNumber += 1
            case .fields(let fields, let line):
                rowNumber += 1
                guard fields.count == header.count else {
                    let extra = fields.count > header.count ? fields[header.count] : nil
                    let location = SourceLocation(file: file, line: extra?.line ?? line, column: extra?.column ?? 1)
                    diagnostics.append(
                        .error(
                            at: location,
                            "data row \(rowNumber) has \(fields.count) field\(fields.count == 1 ? "" : "s"), but the header has \(header.count)"
                        ))
                    continue
                }
                var map = template
                var lists: [String: [DataNode]] = [:]
                for (name, field) in zip(header, fields) {
                    let node = DataNode(.string(field.value), line: field.line, column: field.column)
                    if repeated.isEmpty || !repeated.contains(name) {
                        map[name] = node
                    } else if !field.value.trimmingBlanks().isEmpty {
                        lists[name, default: []].append(node)
                    }
                }
                for (name, items) in lists {
                    map[name] = DataNode(.list(items), line: items[0].line, column: items[0].column)
                }
                records.append(
                    Record(
                        fields: DataNode(.map(map), line: line, column: 1),
                        location: SourceLocation(file: file, line: line, column: 1)))
            }
        }
    }

    /// The header's field names. Spaces around a name are dropped: `key, name` means `name`, and
    /// a stray space must not make a column unreachable by its name.
    private mutating func names(of header: [Field]) -> [String] {
        header.enumerated().map { index, field in
            let name = field.value.trimmingBlanks()
            if name.isEmpty {
                let location = SourceLocation(file: file, line: field.line, column: field.column)
                diagnostics.append(.error(at: location, "column \(index + 1) of the header has no name"))
            }
            return name
        }
    }

    // MARK: Rows and fields

    private mutating func nextRow() -> Row {
        // Blank lines carry no record; skipping them also drops the usual trailing empty line.
        while offset < bytes.count, isLineBreak(bytes[offset]) { consumeLineBreak() }
        guard offset < bytes.count else { return .end }
        let line = position.line
        let rowStart = offset
        var fields: [Field] = []
        var extents: [CSVRow.Field] = []
        while true {
            let fieldLine = position.line
            let column = position.column(at: offset, in: bytes)
            let fieldStart = offset
            let value: String
            let quoted = offset < bytes.count && bytes[offset] == UInt8(ascii: "\"")
            if quoted {
                guard let text = quotedField(line: fieldLine, column: column) else { return .failed }
                value = text
            } else {
                while offset < bytes.count, bytes[offset] != separator, !isLineBreak(bytes[offset]) { offset += 1 }
                value = string(fieldStart..<offset)
            }
            fields.append(Field(value: value, line: fieldLine, column: column))
            if rows != nil { extents.append(CSVRow.Field(range: fieldStart..<offset, quoted: quoted)) }
            if offset < bytes.count, bytes[offset] == separator {
                offset += 1
                continue
            }
            if offset < bytes.count { consumeLineBreak() }
            rows?.append(CSVRow(range: rowStart..<offset, fields: extents))
            return .fields(fields, line: line)
        }
    }

    /// The value of the quoted field at `offset`, or nil after reporting why it cannot be read
    /// (reading then resumes on a later line).
    private mutating func quotedField(line: Int, column: Int) -> String? {
        let quote = offset
        let before = position
        offset += 1
        var segmentStart = offset
        var escaped: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                if offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\"") {
                    escaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart...offset]))
                    offset += 2
                    segmentStart = offset
                    continue
                }
                let value: String
                if escaped.isEmpty {
                    value = string(segmentStart..<offset)
                } else {
                    escaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<offset]))
                    value = String(decoding: escaped, as: UTF8.self)
                }
                offset += 1
                guard offset >= bytes.count || bytes[offset] == separator || isLineBreak(bytes[offset]) else {
                    // Text after a quote that closed on a later line means the quote that opened
                    // the field was never meant to span lines: blame it, as a person would.
                    if position.line != line {
                        unclosed(quote: quote, line: line, column: column, before: before)
                        return nil
                    }
                    let location = SourceLocation(
                        file: file, line: position.line, column: position.column(at: offset, in: bytes))
                    diagnostics.append(
                        .error(
                            at: location,
                            "expected '\(separatorName)' or a line break after the closing quote of a field, found \(found())"
                        ))
                    skipRestOfLine()
                    return nil
                }
                return value
            }
            if byte == UInt8(ascii: "\n")
                || (byte == UInt8(ascii: "\r")
                    && (offset + 1 >= bytes.count || bytes[offset + 1] != UInt8(ascii: "\n")))
            {
                position.startLine(at: offset + 1)
            }
            offset += 1
        }
        unclosed(quote: quote, line: line, column: column, before: before)
        return nil
    }

    /// Reports the quote at `quote` as never closed and goes on reading from the next line.
    private mutating func unclosed(quote: Int, line: Int, column: Int, before: TextPosition) {
        diagnostics.append(
            .error(at: SourceLocation(file: file, line: line, column: column), "unclosed quoted field (opened here)"))
        unclosedQuotes += 1
        if unclosedQuotes >= Self.maxUnclosedQuotes {
            diagnostics.append(
                .error(
                    at: SourceLocation(file: file, line: line, column: column),
                    "too many unclosed quotes; stopped reading the file here"))
            offset = bytes.count
            return
        }
        // The quote most likely belongs to this line only: read on from the next one.
        offset = quote + 1
        position = before
        skipRestOfLine()
    }

    private mutating func skipRestOfLine() {
        while offset < bytes.count, !isLineBreak(bytes[offset]) { offset += 1 }
        if offset < bytes.count { consumeLineBreak() }
    }

    private func isLineBreak(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Consumes one LF, CRLF or lone CR.
    private mutating func consumeLineBreak() {
        if bytes[offset] == UInt8(ascii: "\r"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\n") {
            offset += 2
        } else {
            offset += 1
        }
        position.startLine(at: offset)
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private var separatorName: String {
        separator == UInt8(ascii: "\t") ? "\\t" : String(UnicodeScalar(separator))
    }

    private func found() -> String {
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(string(offset..<end))'"
    }
}
