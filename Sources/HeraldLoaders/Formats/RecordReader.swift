import HeraldCore

/// Reads one source file into records; one conforming type per data format.
public protocol RecordReader: Sendable {
    /// The records of `file`, or every problem found in it.
    func records(in file: SourceFile) throws(DiagnosticError) -> [Record]
}

/// A reader of a text format, which can also read bytes that came from elsewhere than a file.
public protocol TextRecordReader: RecordReader {
    /// The records in `bytes`; `file` is the path diagnostics name.
    func records(inText bytes: [UInt8], file: String) throws(DiagnosticError) -> [Record]
    /// How many lines of `bytes` the reader skips as comments, which no record stands for.
    func commentLines(inText bytes: [UInt8]) -> Int
}

extension TextRecordReader {
    public func commentLines(inText bytes: [UInt8]) -> Int { 0 }

    public func records(in file: SourceFile) throws(DiagnosticError) -> [Record] {
        try records(inText: FileBytes.read(file), file: file.path)
    }
}
