import HeraldCore

/// A path inside the output folder, checked so that no page or asset can be written outside it.
public struct OutputPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Slash-separated, relative, with no empty, `.` or `..` components.
    public let value: String

    /// Checks a path that came from data or a template name; `nil` when it would leave the folder.
    public init?(_ raw: String) {
        // Byte checks: Foundation's substring search costs more than the rest of the check.
        guard !raw.isEmpty, !raw.hasPrefix("/"),
              !raw.utf8.contains(0), !raw.utf8.contains(UInt8(ascii: "\\")) else { return nil }
        let parts = raw.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts where part.isEmpty || part == "." || part == ".." {
            return nil
        }
        value = raw
    }

    /// The folder part, or "" for a file at the top of the output folder.
    public var directory: String {
        guard let slash = value.lastIndex(of: "/") else { return "" }
        return String(value[..<slash])
    }

    public var description: String { value }

    public static func < (lhs: OutputPath, rhs: OutputPath) -> Bool { lhs.value < rhs.value }
}
