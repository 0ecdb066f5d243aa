import HeraldCore

/// Reads records from a JSON document (see `DocumentRecords` for the shapes it accepts).
public struct JSONRecordReader: TextRecordReader {
    /// A dotted key path to the records inside the document, e.g. `data.results`.
    public var root: String?

    public init(root: String? = nil) {
        self.root = root
    }

    public func records(inText bytes: [UInt8], file: String) throws(DiagnosticError) -> [Record] {
        guard let document = try JSONParser.parse(bytes, file: file) else { return [] }
        return try DocumentRecords(file: file, vocabulary: .json).records(in: document, root: root)
    }
}
