import Foundation
import HeraldTestSupport
import Testing

// Bad data fails the build with one error at the place to fix, and changes nothing on disk.

/// A small site whose heroes (or tasks) go from good to bad, and where the error must point.
struct BadData: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var heroesSource: String
    var good: [String: Data]
    var bad: [String: Data]
    var file: String
    /// Where the error must point: the start of this text in the bad file; nil where the loader
    /// picks the place (there must still be one).
    var pointsAt: String?
    var mentions: [String] = []

    static let all: [BadData] = [truncatedJSON, unclosedCSVQuote, duplicateSlug, slugOutsideTheOutput, binaryTasks]

    static var truncatedJSON: BadData {
        let alpha = "  {\"name\": \"Alpha\", \"stats\": {\"speed\": 3}},\n"
        let good = "[\n" + alpha + "  {\"name\": \"Beta\", \"stats\": {\"power\": 5}}\n]\n"
        // Cut in the middle of the key "power": the end of the file leaves that string open.
        let bad = "[\n" + alpha + "  {\"name\": \"Beta\", \"stats\": {\"pow"
        return BadData(
            testDescription: "truncated JSON", heroesSource: "Content/heroes.json",
            good: ["Content/heroes.json": Data(good.utf8)], bad: ["Content/heroes.json": Data(bad.utf8)],
            file: "Content/heroes.json", pointsAt: "\"pow")
    }

    static var unclosedCSVQuote: BadData {
        let good = "name,publisher\nAlpha,Meridian\nBeta,Northwind\nGamma,Foxglove\n"
        return BadData(
            testDescription: "CSV with an unclosed quote", heroesSource: "Content/heroes.csv",
            good: ["Content/heroes.csv": Data(good.utf8)],
            bad: ["Content/heroes.csv": Data(good.replacingOccurrences(of: "Beta", with: "\"Beta").utf8)],
            file: "Content/heroes.csv", pointsAt: "\"Beta")
    }

    static func hero(_ name: String, slug: String) -> Data {
        Data("---\nname: \(name)\nslug: \(slug)\n---\n".utf8)
    }

    static var duplicateSlug: BadData {
        BadData(
            testDescription: "duplicate hero slug", heroesSource: "Content/heroes",
            good: [
                "Content/heroes/a.md": hero("Alpha One", slug: "twin"),
                "Content/heroes/b.md": hero("Beta Two", slug: "beta")
            ],
            bad: ["Content/heroes/b.md": hero("Beta Two", slug: "twin")],
            file: "Content/heroes/b.md", mentions: ["twin", "Alpha One", "Beta Two"])
    }

    static var slugOutsideTheOutput: BadData {
        BadData(
            testDescription: "slug leaving the output folder", heroesSource: "Content/heroes",
            good: [
                "Content/heroes/a.md": hero("Alpha One", slug: "alpha"),
                "Content/heroes/b.md": hero("Beta Two", slug: "beta")
            ],
            bad: ["Content/heroes/b.md": hero("Beta Two", slug: "../../etc/passwd")],
            file: "Content/heroes/b.md", pointsAt: "../../etc/passwd", mentions: ["Beta Two", "../../etc/passwd"])
    }

    static var binaryTasks: BadData {
        // Fixed pseudo-random bytes, with a NUL and bytes that are never UTF-8.
        var state: UInt32 = 2_026
        let garbage =
            [0x00, 0xFF]
            + (0..<510).map { _ -> UInt8 in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(state >> 24)
            }
        return BadData(
            testDescription: "binary tasks file", heroesSource: "Content/heroes",
            good: ["Content/heroes/a.md": hero("Alpha One", slug: "alpha")],
            bad: ["Content/tasks.yml": Data(garbage)], file: "Content/tasks.yml")
    }
}

@Test(arguments: BadData.all)
func badDataFailsTheBuildAtItsPositionAndLeavesTheOutputAsItWas(_ data: BadData) async throws {
    let site = try TemporarySite([
        "herald.yml":
            "title: Bad data\ntasks:\n  source: Content/tasks.yml\n  columns: [todo, done]\nheroes:\n  source: \(data.heroesSource)\n",
        "Content/tasks.yml": "- id: 1\n  title: Write the tests\n  status: todo\n"
    ])
    for (path, bytes) in data.good { try site.write(path, bytes) }
    try await site.buildOK(["--strict"])
    let before = try TreeSnapshot(site.root)
    for (path, bytes) in data.bad { try site.write(path, bytes) }
    let afterEdit = try TreeSnapshot(site.root)

    let result = try await site.build(["--strict"])
    #expect(result.status == 1)
    let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.count == 1, "\(errors)")
    let error = try #require(errors.first)
    let match = try #require(error.firstMatch(of: #/^(.+?):(\d+):(\d+): error: /#), "\(error)")
    #expect(match.1 == data.file)
    if let needle = data.pointsAt {
        let text = String(decoding: try #require(data.bad[data.file]), as: UTF8.self)
        let expected = try #require(position(of: needle, in: text))
        #expect(Int(match.2) == expected.line, "\(error)")
        #expect(Int(match.3) == expected.column, "\(error)")
    }
    for mention in data.mentions { #expect(error.contains(mention), "\(mention)") }
    // Nothing changed but the data: not the output, and nothing beside it (no `etc/passwd`).
    #expect(try TreeSnapshot(site.root) == afterEdit)
    #expect(afterEdit.filesWithNewBytes(since: before) == Set(data.bad.keys.map { "site/" + $0 }))
}
