import Foundation
import HeraldTestSupport
import Testing

// The options of `herald build` that change what it reports or builds. The ones that must not
// change the output (--jobs, --now against SOURCE_DATE_EPOCH, --base-url) are in DefaultSiteTests.

@Test func reportFileDescribesTheBuild() async throws {
    let site = try TemporarySite.smallSite()
    let summary = try await site.buildOK(["--report", "report.json"])
    let report = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: site.url("report.json"))) as? [String: Any])
    #expect(report["pages"] as? Int == summary.pages)
    #expect(report["written"] as? Int == summary.written)
    #expect(report["unchanged"] as? Int == 0)
    #expect(report["removed"] as? Int == 0)
    #expect((report["warnings"] as? [String])?.isEmpty == true)
    #expect((report["errors"] as? [String])?.isEmpty == true)
    let phases = try #require(report["phases"] as? [[String: Any]])
    #expect(!phases.isEmpty)
    #expect(phases.allSatisfy { ($0["name"] as? String)?.isEmpty == false && ($0["seconds"] as? Double ?? -1) >= 0 })

    // A failed build reports its errors, the same lines as on stderr. The small site's task 2 is
    // due on November 24th, which becomes the 34th.
    try site.edit("Content/tasks.yml", replacing: "due: 2026-11-24\n", with: "due: 2026-11-34\n")
    let failed = try await site.build(["--report", "report.json"])
    #expect(failed.status == 1)
    let failure = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: site.url("report.json"))) as? [String: Any])
    let errors = try #require(failure["errors"] as? [String])
    #expect(!errors.isEmpty)
    #expect(errors == failed.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init))
}

@Test func zeroJobsIsBadUsage() async throws {
    let site = try TemporarySite.smallSite()
    let result = try await site.build(["--jobs", "0"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--jobs"))
    #expect(!site.exists("Output"))
}

@Test func draftsAreBuiltOnlyWhenAskedFor() async throws {
    let site = try TemporarySite.smallSite()
    try #require(try site.read("Content/pages/draft-roadmap.md").contains("\ndraft: true\n"))
    try await site.buildOK(["--drafts"])
    #expect(site.exists("Output/draft-roadmap/index.html"))
    #expect(try site.read("Output/sitemap.xml").contains("/draft-roadmap/"))

    let without = try await site.buildOK()
    #expect(without.removed == 1)
    #expect(!site.exists("Output/draft-roadmap/index.html"))
    #expect(try !site.read("Output/sitemap.xml").contains("/draft-roadmap/"))
}

@Test func buildHelpListsEveryOption() async throws {
    let site = try TemporarySite.smallSite()
    let result = try await site.herald(["build", "--help"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let options = [
        "--source", "--output", "--strict", "--drafts", "--offline", "--base-url", "--now", "--report",
        "--quiet", "--verbose", "--jobs"
    ]
    #expect(options.filter { !result.output.contains($0) } == [])
    #expect(!site.exists("Output"))
}
