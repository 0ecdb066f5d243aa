import HeraldCore

extension FileBytes {
    /// The bytes of a source's file, a failure turned into a diagnostic that names it.
    public static func read(_ file: SourceFile, limit: Int = defaultLimit) throws(DiagnosticError) -> [UInt8] {
        do {
            return try read(path: file.fullPath, limit: limit)
        } catch {
            throw DiagnosticError(.error(at: SourceLocation(file: file.path), "cannot read '\(file.path)': \(error.reason)"))
        }
    }
}
