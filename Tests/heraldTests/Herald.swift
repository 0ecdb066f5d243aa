import Foundation
import HeraldTestSupport
import Testing

/// The instant every build here runs as: pages show "today", relative due dates and overdue
/// counts, so a fixed instant makes them reproducible.
let buildInstant = "2026-11-21T10:00:00Z"

// Builds run the `herald` binary in the site folder, as a user would.
extension TemporarySite {
    /// A copy of the repository's own site: `herald.yml` and `Content/` (the theme is built in).
    /// Only for tests that hold for any content; the others build `smallSite()`.
    static func defaultSite() throws -> TemporarySite {
        let site = try TemporarySite()
        for name in ["herald.yml", "Content"] {
            try site.copy(Repository.url(name), to: name)
        }
        return site
    }

    /// `herald arguments` run in the site folder.
    func herald(_ arguments: [String], environment: [String: String] = [:]) async throws -> CLI.Result {
        try await CLI.run(arguments, in: folder, environment: environment)
    }

    /// `herald build --now <buildInstant> arguments`.
    func build(_ arguments: [String] = []) async throws -> CLI.Result {
        try await herald(["build", "--now", buildInstant] + arguments)
    }

    /// Builds and requires success: the starting point of the tests that then change something.
    @discardableResult
    func buildOK(_ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> BuildSummary
    {
        let result = try await build(arguments)
        #expect(result.status == 0, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        return try #require(BuildSummary(result.output), "stdout: \(result.output)", sourceLocation: sourceLocation)
    }
}

/// The summary line of a build: `Built 10,004 pages (12 written, 9,992 unchanged, 3 removed) in 0.84 s`.
struct BuildSummary: Equatable {
    var pages: Int
    var written: Int
    var unchanged: Int
    var removed: Int
    var warnings: Int

    /// Parses stdout, which must be the summary line and nothing else.
    init?(_ stdout: String) {
        let pattern =
            #/Built ([0-9,]+) pages \(([0-9,]+) written, ([0-9,]+) unchanged, ([0-9,]+) removed(?:, ([0-9,]+) warnings?)?\) in [0-9]+\.[0-9]+ s\n/#
        guard let match = stdout.wholeMatch(of: pattern) else { return nil }
        func number(_ text: Substring) -> Int { Int(text.filter { $0 != "," }) ?? -1 }
        pages = number(match.1)
        written = number(match.2)
        unchanged = number(match.3)
        removed = number(match.4)
        warnings = match.5.map(number) ?? 0
    }
}

/// 1-based line and column of the first `needle` in `text`.
func position(of needle: String, in text: String) -> (line: Int, column: Int)? {
    guard let range = text.range(of: needle) else { return nil }
    let before = text[..<range.lowerBound]
    let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
    return (before.filter { $0 == "\n" }.count + 1, before.distance(from: lineStart, to: range.lowerBound) + 1)
}
