import HeraldCore

/// Reads records from a YAML document, in the same shapes as `JSONRecordReader`.
public struct YAMLRecordReader: TextRecordReader {
    /// A dotted key path to the records inside the document, e.g. `data.results`.
    public var root: String?

    public init(root: String? = nil) {
        self.root = root
    }

    public func records(inText bytes: [UInt8], file: String) throws(DiagnosticError) -> [Record] {
        let text = String(decoding: try TextCheck.validText(bytes, file: file), as: UTF8.self)
        let document = try YAMLReader.parse(text, file: file)
        return try DocumentRecords(file: file, vocabulary: .yaml).records(in: document, root: root)
    }
}
