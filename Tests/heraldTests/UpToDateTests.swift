import Foundation
import HeraldTestSupport
import Testing

/// The built-in theme's 404 page, which a site overrides by a file of the same name.
private let theme404 = Repository.url("Sources/HeraldSite/Theme/404.html.mustache")

/// Whether a rebuild skipped all work: its report has the up-to-date check and no render phase.
private func skippedWork(_ site: TemporarySite, now: String = buildInstant) async throws -> Bool {
    let report = site.url("report.json")
    #expect(try await site.herald(["build", "--now", now, "--report", report.path]).status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
    let phases = (json?["phases"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
    return phases == ["up-to-date check"]
}

@Test func anUnchangedSiteIsNotRenderedAgain() async throws {
    let site = try TemporarySite.defaultSite()
    try await site.buildOK()
    #expect(try await skippedWork(site))
}

@Test func touchingAFileWithoutChangingItKeepsTheSiteUpToDate() async throws {
    let site = try TemporarySite.smallSite()
    try await site.buildOK()
    // Same bytes, new modification time: the fingerprint hashes content, not times.
    try site.write("Content/tasks.yml", try site.read("Content/tasks.yml"))
    #expect(try await skippedWork(site))
}

@Test func everyKindOfInputChangeMakesTheBuildRunAgain() async throws {
    let site = try TemporarySite.smallSite()
    try await site.buildOK()
    let changes: [(String, () throws -> Void)] = [
        (
            "a hero file",
            { try site.write("Content/heroes/lantern.md", try site.read("Content/heroes/lantern.md") + "\nMore.\n") }
        ),
        ("a page", { try site.write("Content/pages/about.md", try site.read("Content/pages/about.md") + "\nMore.\n") }),
        (
            "a data file",
            { try site.write("Content/data/team.yml", try site.read("Content/data/team.yml") + "\n# note\n") }
        ),
        ("herald.yml", { try site.write("herald.yml", try site.read("herald.yml") + "\n# note\n") }),
        (
            "a site template",
            {
                try site.write("Templates/404.html.mustache", try String(contentsOf: theme404, encoding: .utf8) + "\n")
            }
        ),
        ("an output file deleted", { try site.remove("Output/about/index.html") })
    ]
    for (change, apply) in changes {
        try apply()
        #expect(try await !skippedWork(site), "after changing \(change)")
        #expect(try await skippedWork(site), "a second build after changing \(change)")
    }
    #expect(site.exists("Output/about/index.html"))
    // Another day changes "overdue by N days": the same site is built again, once.
    #expect(try await !skippedWork(site, now: "2026-11-22T10:00:00Z"))
    #expect(try await skippedWork(site, now: "2026-11-22T18:00:00Z"), "later the same day")
    #expect(try await !skippedWork(site), "back to the first day")
}

@Test func aBuildWithWarningsRunsAgainAndShowsThem() async throws {
    let site = try TemporarySite.smallSite()
    try site.write(
        "Templates/404.html.mustache",
        try String(contentsOf: theme404, encoding: .utf8).replacingOccurrences(of: "{{message}}", with: "{{mesage}}"))
    let first = try await site.build()
    let second = try await site.build()
    #expect(first.stderr.contains("warning: unknown key 'mesage'"))
    #expect(second.stderr.contains("warning: unknown key 'mesage'"))
}

@Test func aMovedSiteIsStillUpToDateHoweverItsFolderIsSpelled() async throws {
    let site = try TemporarySite.smallSite()
    try await site.buildOK()
    let moved = site.root.appendingPathComponent("moved")
    try FileManager.default.moveItem(at: site.folder, to: moved)
    // The fingerprint hashes each data file by its path inside the site: neither where the site
    // now lives nor `.` and `..` in the folder named on the command line change it.
    for source in ["moved", "./moved/../moved/.", moved.path] {
        let report = site.root.appendingPathComponent("report.json")
        let result = try await CLI.run(
            ["build", "--now", buildInstant, "--source", source, "--report", report.path],
            in: site.root)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        #expect(json?["written"] as? Int == 0, "--source \(source)")
        let phases = (json?["phases"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(phases == ["up-to-date check"], "--source \(source)")
    }
}

@Test func anEditOfTheSameSizeWithItsOldModificationTimeStillRebuilds() async throws {
    let site = try TemporarySite.smallSite()
    try await site.buildOK()
    // The next rebuild finds the inputs unchanged by their names, sizes and change times alone.
    #expect(try await skippedWork(site))
    let path = site.url("Content/heroes/lantern.md").path
    let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    let text = try site.read("Content/heroes/lantern.md")
    let edited = text.replacingOccurrences(of: "Meridian Comics", with: "Meridiam Comics")
    try #require(edited != text && edited.utf8.count == text.utf8.count)
    try site.write("Content/heroes/lantern.md", edited)
    // A tool that keeps modification times (rsync -t, tar) cannot hide the edit: the change time moves.
    try FileManager.default.setAttributes([.modificationDate: try #require(before)], ofItemAtPath: path)
    #expect(try await !skippedWork(site))
    #expect(try site.read("Output/heroes/lantern/index.html").contains("Meridiam Comics"))
    #expect(try await skippedWork(site))
}
