import Foundation
import HeraldTestSupport
import Testing

// A build keeps the catalog pages whose fingerprints are the last build's without rendering them
// (`reused` in the report). What they must keep is checked here through the CLI, as a user runs
// it; that the kept pages are always those a clean build writes is DifferentialBuildTests' work.

private let heroCount = 30

/// A site of `heroCount` heroes, four to a list page, grouped by publisher and alignment, with a
/// task file whose edits make a build run without changing a hero.
private func catalogSite() throws -> TemporarySite {
    var files = [
        "herald.yml": """
        title: Kept pages
        tasks:
          source: Content/tasks.yml
        heroes:
          source: Content/heroes
          group_by: [publisher, alignment]
          per_page: 4

        """,
        "Content/tasks.yml": "- title: Count the heroes\n  status: todo\n"
    ]
    for number in 1...heroCount {
        let name = "Hero \(String(format: "%02d", number))"
        files["Content/heroes/hero-\(number).md"] = """
            ---
            name: \(name)
            publisher: \(["North", "South", "East"][number % 3])
            alignment: \(number % 2 == 0 ? "good" : "bad")
            stats:
              strength: \(number * 3)
            ---
            The story of \(name).

            """
    }
    return try TemporarySite(files)
}

/// `herald build --report` and the report's numbers.
private func buildReport(_ site: TemporarySite, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> (reused: Int, pages: Int, written: Int, warnings: Int)
{
    let report = site.root.appendingPathComponent("report.json")
    let result = try await site.build(["--report", report.path])
    #expect(result.status == 0, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    let json = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any],
        sourceLocation: sourceLocation)
    func number(_ key: String) -> Int { json[key] as? Int ?? -1 }
    return (number("reused"), number("pages"), number("written"), (json["warnings"] as? [Any])?.count ?? -1)
}

/// Makes the next build run without changing any hero.
private func editTasks(_ site: TemporarySite, _ number: Int) throws {
    try site.write("Content/tasks.yml", "- title: Count the heroes \(number)\n  status: todo\n")
}

/// The site's own copy of the hero page's template, with `text` at the end of its content.
private func overrideHeroTemplate(_ site: TemporarySite, adding text: String) throws {
    let hero = try String(contentsOf: Repository.url("Sources/HeraldSite/Theme/hero.html.mustache"), encoding: .utf8)
    try site.write(
        "Templates/hero.html.mustache", hero.replacingOccurrences(of: "{{/content}}", with: text + "{{/content}}"))
}

/// Every file of the site's output, by path.
private func outputFiles(_ site: TemporarySite, _ folder: String = "Output") throws -> [String: Data] {
    let root = site.url(folder)
    var files: [String: Data] = [:]
    let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = walker?.nextObject() as? URL {
        guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
        files[String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))] =
            try Data(contentsOf: url)
    }
    return files
}

@Test func aBuildAfterOneHerosEditRendersOnlyThePagesThatShowIt() async throws {
    let site = try catalogSite()
    let first = try await buildReport(site)
    #expect(first.reused == 0, "a first build has nothing to keep")
    // Nothing of the catalog changed: every page with a fingerprint is kept.
    try editTasks(site, 1)
    let kept = try await buildReport(site).reused
    #expect(kept > heroCount, "every hero page, list page and group page")

    // A new biography: the hero's page, the one list page and two group pages showing its card.
    try site.edit("Content/heroes/hero-7.md", replacing: "The story", with: "The new story")
    let edited = try await buildReport(site)
    #expect((1...4).contains(kept - edited.reused), "rendered again: \(kept - edited.reused)")
    #expect(edited.written >= 1)
    #expect(try site.read("Output/heroes/hero-07/index.html").contains("The new story of Hero 07"))

    // The same bytes a clean build writes.
    let clean = try await site.build(["--output", "Clean"])
    #expect(clean.status == 0, "stderr: \(clean.stderr)")
    #expect(try outputFiles(site) == outputFiles(site, "Clean"))
}

@Test func aNewStatLeaderRendersEveryHeroPageThatShowsTheRanks() async throws {
    let site = try catalogSite()
    _ = try await buildReport(site)
    // The largest strength fills every bar: each hero's stat bar, so every hero page, changes.
    try site.edit("Content/heroes/hero-3.md", replacing: "strength: 9\n", with: "strength: 900\n")
    let after = try await buildReport(site)
    let clean = try await site.build(["--output", "Clean"])
    #expect(clean.status == 0)
    #expect(try outputFiles(site) == outputFiles(site, "Clean"))
    #expect(after.reused < heroCount / 2, "kept \(after.reused)")
}

@Test func aTemplateEditOrAnotherDayKeepsNoPage() async throws {
    let site = try catalogSite()
    _ = try await buildReport(site)
    try overrideHeroTemplate(site, adding: "<p>Edited</p>")
    let edited = try await buildReport(site)
    #expect(edited.reused == 0)
    #expect(try site.read("Output/heroes/hero-12/index.html").contains("<p>Edited</p>"))

    // Another day may change any page that counts from today: none is taken on trust.
    let report = site.root.appendingPathComponent("report.json")
    let nextDay = try await site.herald(["build", "--now", "2026-11-22T10:00:00Z", "--report", report.path])
    #expect(nextDay.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
    #expect(json?["reused"] as? Int == 0)
}

@Test func aPageEditedByHandIsRenderedAgain() async throws {
    let site = try catalogSite()
    _ = try await buildReport(site)
    let page = "Output/heroes/hero-05/index.html"
    let built = try site.read(page)
    try site.write(page, built.replacingOccurrences(of: "Hero 05", with: "Vandal"))
    try editTasks(site, 2)
    _ = try await buildReport(site)
    #expect(try site.read(page) == built)
}

@Test func aBuildWithWarningsKeepsNoFingerprintsSoTheNextOneWarnsAgain() async throws {
    let site = try catalogSite()
    try overrideHeroTemplate(site, adding: "{{mistake}}")
    let first = try await buildReport(site)
    #expect(first.warnings == 1)
    try editTasks(site, 3)
    let second = try await buildReport(site)
    #expect(second.warnings == 1, "the hero pages were rendered, and warned, again")
    #expect(second.reused == 0)
}
