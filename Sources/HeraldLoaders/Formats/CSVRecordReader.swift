import HeraldCore

/// Reads CSV (RFC 4180) or TSV into records, one per row, named by the header row.
public struct CSVRecordReader: TextRecordReader {
    /// The byte between fields: `,` for CSV, a tab for TSV.
    public var separator: UInt8

    /// A reader of comma-separated values.
    public static let csv = CSVRecordReader(separator: UInt8(ascii: ","))
    /// A reader of tab-separated values, which may quote fields the way CSV does.
    public static let tsv = CSVRecordReader(separator: UInt8(ascii: "\t"))

    public init(separator: UInt8) {
        self.separator = separator
    }

    /// Values stay strings (the models convert them) and keep their line and column; blank lines
    /// are skipped; every bad row is reported, not only the first.
    public func records(inText bytes: [UInt8], file: String) throws(DiagnosticError) -> [Record] {
        let text = try TextCheck.validText(bytes, file: file)
        let (records, diagnostics) = text.withUnsafeBufferPointer { buffer in
            var scanner = CSVScanner(bytes: buffer, separator: separator, file: file)
            return scanner.records()
        }
        guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
        return records
    }

    /// The records and where every row stands in `bytes` (the header's first), for an editor that
    /// changes a field or a row in place.
    public func recordsAndRows(inText bytes: [UInt8], file: String) throws(DiagnosticError) -> (
        records: [Record], rows: [CSVRow]
    ) {
        let text = try TextCheck.validText(bytes, file: file)
        let (records, rows, diagnostics) = text.withUnsafeBufferPointer { buffer in
            var scanner = CSVScanner(bytes: buffer, separator: separator, file: file)
            scanner.rows = []
            let (records, diagnostics) = scanner.records()
            return (records, scanner.rows ?? [], diagnostics)
        }
        guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
        // The scanner counts from after a byte order mark; the editor from the file's first byte.
        return (records, rows.map { $0.shifted(by: text.startIndex) })
    }
}

/// One row of a CSV or TSV text as the reader found it: its bytes with their line ending, and
/// each field's bytes with their quotes.
public struct CSVRow: Sendable {
    /// A field's bytes, and whether it was quoted.
    public struct Field: Sendable {
        public var range: Range<Int>
        public var quoted: Bool
    }

    public var range: Range<Int>
    public var fields: [Field]

    func shifted(by distance: Int) -> CSVRow {
        CSVRow(
            range: (range.lowerBound + distance)..<(range.upperBound + distance),
            fields: fields.map {
                Field(range: ($0.range.lowerBound + distance)..<($0.range.upperBound + distance), quoted: $0.quoted)
            })
    }
}
