#if canImport(Glibc)
    import Glibc
#endif

extension FileBytes {
    /// The bytes of the file at `path`, bounded by `limit`; a failure is an error at `location`
    /// saying what was expected: `note` follows a file over the limit (which limit, whose), and
    /// `missing`, when given, replaces the system's words for a file that is not there.
    public static func read(
        path: String, at location: SourceLocation, limit: Int, tooLarge note: String,
        ifMissing missing: String? = nil
    ) throws(DiagnosticError) -> [UInt8] {
        do {
            return try read(path: path, limit: limit)
        } catch {
            if let missing, error.code == ENOENT { throw DiagnosticError(.error(at: location, missing)) }
            throw DiagnosticError(.error(at: location, "cannot read the file: \(error.explained(tooLarge: note))"))
        }
    }
}
