import Foundation
import HeraldTestSupport
import Testing

/// The `herald.yml` worked examples of README.md, read out of it so that the tests build exactly
/// what a reader copies.
enum ReadmeExamples {
    /// The YAML block that starts with `opening` (its first lines), without its fences.
    static func config(startingWith opening: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        let fence = "```yaml\n"
        let start = try #require(
            readme.range(of: fence + opening), "the README has no example starting \(opening)",
            sourceLocation: sourceLocation)
        let end = try #require(
            readme.range(of: "```\n", range: start.upperBound..<readme.endIndex), sourceLocation: sourceLocation)
        return String(readme[readme.index(start.lowerBound, offsetBy: fence.count)..<end.lowerBound])
    }

    /// `config` with its `source:` URL swapped for a file of the site, the one change a test makes.
    static func replacingSource(in config: String, with path: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> String
    {
        let line = try #require(
            config.split(separator: "\n").first { $0.hasPrefix("  source: ") }, sourceLocation: sourceLocation)
        return config.replacingOccurrences(of: line, with: "  source: \(path)")
    }
}
