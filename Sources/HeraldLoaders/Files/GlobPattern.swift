/// A path pattern: `*` matches within one path segment, `?` one character, and a `**` segment
/// any number of folders (none included), as in `Content/**/*.md`.
public struct GlobPattern: Sendable {
    /// The leading segments without wildcards: the folder to search from.
    let base: [Substring]
    /// The segments to match below `base`.
    private let rest: [[Character]]

    /// Whether `path` holds a wildcard at all; a path without one is a plain file or folder.
    static func isPattern(_ path: String) -> Bool {
        path.contains("*") || path.contains("?")
    }

    /// The folder a glob searches: its leading segments without wildcards (`Content` for
    /// `Content/**/*.md`), `.` when it starts with one.
    public static func base(of pattern: String) -> String {
        let base = GlobPattern(pattern).base.joined(separator: "/")
        return pattern.hasPrefix("/") ? "/" + base : (base.isEmpty ? "." : base)
    }

    init(_ pattern: String) {
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: true)
        let firstWild = segments.firstIndex { GlobPattern.isPattern(String($0)) } ?? segments.endIndex
        base = Array(segments[..<firstWild])
        rest = segments[firstWild...].map { Array($0) }
    }

    /// Whether a path relative to `base`, split into segments, matches the pattern.
    func matches(_ segments: [Substring]) -> Bool {
        Self.match(rest[...], segments.map { Array($0) }[...])
    }

    private static func match(_ pattern: ArraySlice<[Character]>, _ path: ArraySlice<[Character]>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == ["*", "*"] {
            // Zero folders, or one more folder and try again; paths are a few segments deep.
            return match(pattern.dropFirst(), path) || (!path.isEmpty && match(pattern, path.dropFirst()))
        }
        guard let segment = path.first, matchSegment(first[...], segment[...]) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one segment, backtracking only to the last `*` (the classic wildcard
    /// matcher), so a long name against `*a*b*c` takes no exponential time.
    private static func matchSegment(_ pattern: ArraySlice<Character>, _ name: ArraySlice<Character>) -> Bool {
        var p = pattern.startIndex
        var n = name.startIndex
        var star: (p: Int, n: Int)?
        while n < name.endIndex {
            if p < pattern.endIndex, pattern[p] == "?" || pattern[p] == name[n] {
                p += 1
                n += 1
            } else if p < pattern.endIndex, pattern[p] == "*" {
                star = (p, n)
                p += 1
            } else if let backtrack = star {
                p = backtrack.p + 1
                n = backtrack.n + 1
                star = (backtrack.p, backtrack.n + 1)
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}
