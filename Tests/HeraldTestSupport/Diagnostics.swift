import HeraldCore
import Testing

/// The diagnostics `body` throws; none, and a recorded issue, when it returns instead.
public func diagnostics<T>(
    sourceLocation: Testing.SourceLocation = #_sourceLocation,
    _ body: () throws(DiagnosticError) -> T
) -> [Diagnostic] {
    do {
        _ = try body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}
