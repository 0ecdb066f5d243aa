import HeraldCore

/// A path inside the output folder, checked so that no page or asset can be written outside it.
public struct OutputPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Slash-separated, relative, with no empty, `.` or `..` components.
    public let value: String

    /// Checks a path that came from data or a template name; `nil` when it would leave the folder.
    public init?(_ raw: String) {
        // One pass over the bytes, without splitting, from their buffer where the string has one
        // (a native string does): this runs for every page and every line of the manifest.
        guard raw.utf8.withContiguousStorageIfAvailable(Self.isInside) ?? Self.isInside(raw.utf8) else { return nil }
        value = raw
    }

    /// Whether `bytes` has no empty, `.` or `..` component, no NUL and no backslash.
    private static func isInside(_ bytes: some Sequence<UInt8>) -> Bool {
        var length = 0
        var dots = 0
        for byte in bytes {
            switch byte {
            case 0, UInt8(ascii: "\\"):
                return false
            case UInt8(ascii: "/"):
                if length == 0 || (dots == length && length <= 2) { return false }
                length = 0
                dots = 0
            default:
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return !(length == 0 || (dots == length && length <= 2))
    }

    /// The folder part, or "" for a file at the top of the output folder.
    public var directory: String {
        guard let slash = value.lastIndex(of: "/") else { return "" }
        return String(value[..<slash])
    }

    /// The first folder on the path (`heroes` of `heroes/batman/index.html`); nil for a file at
    /// the top of the output folder.
    public var topFolder: Substring? {
        value.utf8.firstIndex(of: UInt8(ascii: "/")).map { value[..<$0] }
    }

    public var description: String { value }

    public static func < (lhs: OutputPath, rhs: OutputPath) -> Bool { lhs.value < rhs.value }
}
