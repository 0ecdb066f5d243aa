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
}
