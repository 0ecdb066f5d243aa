import Foundation
import HeraldCore
import HeraldMustache

/// The theme built into the `herald` executable (`Sources/HeraldSite/Theme/`, embedded by the
/// EmbedFiles plugin): what a site without its own `Templates/` builds with.
public enum BuiltInTheme {
    /// Where a built-in template's errors are placed: no file on disk holds it, and
    /// `herald theme export` writes it to `Templates/` under the same name.
    public static let folderName = "(built-in)"

    /// Every file by its path inside the theme (`board.html.mustache`, `assets/herald.css`),
    /// sorted; decoded once, on first use.
    public static let files: [(name: String, bytes: [UInt8])] = EmbeddedTheme.files.map { file in
        // The plugin wrote the text with base64 itself; a file it could not encode fails the build.
        (file.name, Data(base64Encoded: file.base64).map { Array($0) } ?? [])
    }

    /// The bytes of the file at `name` inside the theme, or nil.
    public static func file(_ name: String) -> [UInt8]? {
        files.first { $0.name == name }?.bytes
    }

    /// The theme's templates, each named by its path without `.mustache`, as a folder of them
    /// would be; the theme's own tests keep them free of errors.
    static func templates() throws(DiagnosticError) -> [Template] {
        try parsed.get()
    }

    /// Parsed on first use, once: the dev server's every rebuild asks again for what never changes.
    private static let parsed = Result { () throws(DiagnosticError) in try parse() }

    private static func parse() throws(DiagnosticError) -> [Template] {
        var templates: [Template] = []
        var problems: [Diagnostic] = []
        for (name, bytes) in files where name.hasSuffix(".mustache") {
            let path = folderName + "/" + name
            do throws(DiagnosticError) {
                templates.append(
                    try Template(
                        name: String(name.dropLast(".mustache".count)), path: path,
                        source: String(decoding: bytes, as: UTF8.self)))
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return templates
    }
}
