import HeraldBuilder
import HeraldCore
import HeraldMustache

/// Site routes and the output files they become: `tasks/` is written as `tasks/index.html`.
enum Route {
    static func outputPath(of route: String) throws(DiagnosticError) -> OutputPath {
        // The last byte, not the last character: a check per page that needs no grapheme walk.
        let file = route.isEmpty || route.utf8.last == UInt8(ascii: "/") ? route + "index.html" : route
        guard let path = OutputPath(file) else {
            throw DiagnosticError(
                .error(
                    at: SourceLocation(file: route),
                    "the page address '\(route)' would be written outside the output folder"))
        }
        return path
    }

    /// A page at `route` filled from `template`, listing about `size` entries.
    static func page(
        _ route: String, _ template: String, size: Int = 1, fingerprint: (@Sendable () -> UInt64)? = nil,
        _ makeData: @escaping @Sendable (PageRenderer) throws(DiagnosticError) -> TemplateValue
    )
        throws(DiagnosticError) -> OutputItem
    {
        .page(
            PageJob(
                output: try outputPath(of: route), template: template, size: size, fingerprint: fingerprint,
                makeData: makeData))
    }
}
