import HeraldCore
import HeraldLoaders

/// A CSV or TSV file edited in place: a changed field is written back with the file's quoting,
/// a new row quotes as the last row does, and every other byte stays.
struct CSVDocument: RecordDocument {
    private(set) var bytes: [UInt8]
    private(set) var records: [Record] = []
    let separator: UInt8
    let file: String
    private var header: [String] = []
    private var rows: [CSVRow] = []

    init(bytes: [UInt8], file: String, separator: UInt8) throws(DiagnosticError) {
        self.bytes = bytes
        self.file = file
        self.separator = separator
        try reread()
    }

    mutating func set(_ key: String, to value: FieldValue, inRecord index: Int) throws(DiagnosticError) {
        guard let column = header.firstIndex(of: key) else {
            throw DiagnosticError(
                .error(
                    at: SourceLocation(file: file, line: 1, column: 1),
                    "the file has no column '\(key)' to write (columns: \(header.joined(separator: ", ")))"))
        }
        try refuseRepeated(key)
        let field = rows[index + 1].fields[column]
        try splice(field.range, with: encode(Self.text(of: value), quoted: field.quoted))
    }

    /// A column the header repeats is read as one list of its cells, which no single cell holds:
    /// writing it is refused rather than done to one cell of it.
    private func refuseRepeated(_ key: String) throws(DiagnosticError) {
        guard header.lazy.filter({ $0 == key }).count > 1 else { return }
        throw DiagnosticError(
            .error(
                at: SourceLocation(file: file, line: 1, column: 1),
                "the column '\(key)' is repeated in the header, a list of its cells; herald tasks writes only a column the header names once"
            ))
    }

    mutating func removeField(_ key: String, inRecord index: Int) throws(DiagnosticError) {
        guard header.contains(key) else { return }
        try set(key, to: .text(""), inRecord: index)
    }

    mutating func removeRecord(_ index: Int) throws(DiagnosticError) {
        var range = rows[index + 1].range
        // The last row without a line ending takes the ending before it, so the file ends as it did.
        if range.upperBound == bytes.count, bytes.last != UInt8(ascii: "\n"), bytes.last != UInt8(ascii: "\r") {
            var start = range.lowerBound
            if start > 0, bytes[start - 1] == UInt8(ascii: "\n") { start -= 1 }
            if start > 0, bytes[start - 1] == UInt8(ascii: "\r") { start -= 1 }
            range = start..<range.upperBound
        }
        try splice(range, with: [])
    }

    mutating func appendRecord(_ fields: [(key: String, value: FieldValue)]) throws(DiagnosticError) {
        if let unknown = fields.first(where: { !header.contains($0.key) }) {
            throw DiagnosticError(
                .error(
                    at: SourceLocation(file: file, line: 1, column: 1),
                    "the file has no column '\(unknown.key)' for the new task (columns: \(header.joined(separator: ", ")))"
                ))
        }
        for field in fields { try refuseRepeated(field.key) }
        let values = Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let quoteAll = rows.last.map { row in !row.fields.isEmpty && row.fields.allSatisfy(\.quoted) } ?? false
        let line = header.map { encode(Self.text(of: values[$0] ?? .null), quoted: quoteAll) }
            .joined(separator: [separator])
        let ending = LineIndex(bytes).lineEnding
        var text = bytes
        if !text.isEmpty, text.last != UInt8(ascii: "\n"), text.last != UInt8(ascii: "\r") { text += ending }
        text += line
        if bytes.isEmpty || bytes.last == UInt8(ascii: "\n") || bytes.last == UInt8(ascii: "\r") { text += ending }
        try replace(with: text)
    }

    // MARK: Bytes

    private static func text(of value: FieldValue) -> String {
        switch value {
        case .text(let text): text
        case .number(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .list(let items): items.joined(separator: ", ")
        case .null: ""
        }
    }

    /// A field's bytes: quoted when it was, or when its text needs quotes.
    private func encode(_ text: String, quoted: Bool) -> [UInt8] {
        let bytes = Array(text.utf8)
        let needsQuotes = bytes.contains { $0 == separator || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard quoted || needsQuotes else { return bytes }
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { out.append(byte) }
            out.append(byte)
        }
        out.append(UInt8(ascii: "\""))
        return out
    }

    private mutating func splice(_ range: Range<Int>, with replacement: [UInt8]) throws(DiagnosticError) {
        try replace(with: bytes.replacing(range, with: replacement))
    }

    private mutating func replace(with newBytes: [UInt8]) throws(DiagnosticError) {
        let old = bytes
        bytes = newBytes
        do throws(DiagnosticError) {
            try reread()
        } catch {
            bytes = old
            throw error
        }
    }

    /// Reads the records through the format's reader, with the rows' byte ranges it found.
    private mutating func reread() throws(DiagnosticError) {
        (records, rows) = try CSVRecordReader(separator: separator).recordsAndRows(inText: bytes, file: file)
        header =
            rows.first.map { row in
                row.fields.map { field in
                    var text = String(decoding: bytes[field.range], as: UTF8.self)
                    if field.quoted { text = String(text.dropFirst().dropLast()).replacing("\"\"", with: "\"") }
                    return text.trimmingBlanks()
                }
            } ?? []
        guard rows.count == records.count + 1 else {
            throw DiagnosticError(
                .error(at: SourceLocation(file: file), "cannot find the rows of this file to edit them in place"))
        }
    }
}
