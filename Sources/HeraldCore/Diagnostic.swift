/// A place in a source file: 1-based line and column (0 when unknown).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `path:line:column`, leaving out what is unknown, as compilers print it.
    public var description: String {
        guard line > 0 else { return file }
        guard column > 0 else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}

/// One problem found in the user's input, printed compiler style.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad a diagnostic is; warnings become errors under `--strict`.
    public enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    public var location: SourceLocation
    public var severity: Severity
    public var message: String

    public init(_ severity: Severity = .error, at location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public static func error(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.error, at: location, message)
    }

    public static func warning(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, at: location, message)
    }

    /// `path:line:column: error: message`, on one line: control characters that came in with
    /// the data are shown escaped.
    public var description: String {
        "\(location.description.escapingControls): \(severity.rawValue): \(message.escapingControls)"
    }
}

/// An error that carries every diagnostic a step collected, so all of them get reported.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public init(_ diagnostic: Diagnostic) {
        self.diagnostics = [diagnostic]
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
