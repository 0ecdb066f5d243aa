import Foundation
import HeraldTestSupport
import Testing

/// A `herald.yml` of the README, exactly as written but for its source: the YAML block that
/// begins with `opening`, its `  source:` line swapped for `source`.
func readmeExample(opening: String, source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String
{
    let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
    let start = try #require(
        readme.range(of: "```yaml\n" + opening), "the README has no such example", sourceLocation: sourceLocation)
    let end = try #require(
        readme.range(of: "```\n", range: start.upperBound..<readme.endIndex), sourceLocation: sourceLocation)
    let config = String(readme[readme.index(start.lowerBound, offsetBy: "```yaml\n".count)..<end.lowerBound])
    let url = try #require(
        config.split(separator: "\n").first { $0.hasPrefix("  source: ") }, sourceLocation: sourceLocation)
    return config.replacingOccurrences(of: url, with: "  source: \(source)")
}
