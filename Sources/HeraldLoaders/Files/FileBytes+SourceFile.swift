import HeraldCore

extension FileBytes {
    /// What follows the reason of a data file over its limit: the limit is the source's to raise.
    static let maxBytesNote = " (raise the source's max_bytes: to read it)"

    /// The bytes of a source's file, a failure turned into a diagnostic that names it.
    public static func read(_ file: SourceFile, limit: Int = defaultLimit) throws(DiagnosticError) -> [UInt8] {
        do {
            return try read(path: file.fullPath, limit: limit)
        } catch {
            throw problem(error, reading: file)
        }
    }

    /// The error at `file` that `failure` to read it is.
    static func problem(_ failure: Failure, reading file: SourceFile) -> DiagnosticError {
        DiagnosticError(
            .error(
                at: SourceLocation(file: file.path),
                "cannot read '\(file.path)': \(failure.explained(tooLarge: maxBytesNote))"))
    }
}
