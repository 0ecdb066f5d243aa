import HeraldCore
import HeraldMustache
import Synchronization

/// Fills templates from the build's template library. Under `strict`, unknown keys and missing
/// partials are errors; otherwise they render empty and are kept as warnings.
public final class PageRenderer: Sendable {
    public let library: TemplateLibrary
    public let strict: Bool
    private let collected = Mutex<Set<Diagnostic>>([])

    public init(library: TemplateLibrary, strict: Bool) {
        self.library = library
        self.strict = strict
    }

    /// The text of `template` filled with `data`.
    public func render(_ template: String, _ data: TemplateValue) throws(DiagnosticError) -> String {
        String(decoding: try renderBytes(template, data), as: UTF8.self)
    }

    /// The UTF-8 bytes of `template` filled with `data`, as they are written to a file.
    public func renderBytes(_ template: String, _ data: TemplateValue) throws(DiagnosticError) -> [UInt8] {
        do {
            return try library.renderBytes(template, data, strict: true)
        } catch {
            guard !strict, library[template] != nil else { throw error }
            // The same template mistake shows on every page that uses it: report it once.
            collected.withLock { seen in
                for diagnostic in error.diagnostics {
                    seen.insert(Diagnostic(.warning, at: diagnostic.location, diagnostic.message))
                }
            }
            return try library.renderBytes(template, data, strict: false)
        }
    }

    /// The warnings of every render so far, in file order.
    public var warnings: [Diagnostic] {
        collected.withLock { $0 }.sorted(by: Diagnostic.fileOrder)
    }
}

extension Diagnostic {
    /// Orders diagnostics by file, line and column, so reports read the same on every run.
    public static func fileOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.location.file, a.location.line, a.location.column, a.message)
            < (b.location.file, b.location.line, b.location.column, b.message)
    }
}
