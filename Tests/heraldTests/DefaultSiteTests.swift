import Foundation
import HeraldTestSupport
import Testing

// End-to-end tests of `herald build`: each test makes a site in a temporary folder of its own,
// runs the built binary in it as a user would, and checks the files, exit codes and messages.
// The tests here build a copy of the repository's own site and hold whatever its content is;
// tests that need particular tasks or heroes build `SmallSite`.

@Test func defaultSiteBuildsUnderStrictWithEveryLinkLanding() async throws {
    let site = try TemporarySite.defaultSite()
    let result = try await site.build(["--strict"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let summary = try #require(BuildSummary(result.output), "stdout: \(result.output)")
    let output = try TreeSnapshot(site.output)
    // Every file is a page the summary counts: Herald's own bookkeeping is kept in .herald/.
    #expect(try site.hiddenOutputFiles() == [])
    #expect(summary.pages == output.files.count)
    #expect(summary.written == summary.pages)
    #expect((summary.unchanged, summary.removed, summary.warnings) == (0, 0, 0))

    let links = SiteLinks(output)
    // The checker itself must be able to say no, or an empty result would prove nothing.
    #expect(!links.lands("tasks/index.html#no-such-card", from: "index.html"))
    #expect(!links.lands("no-such-page/", from: "index.html"))
    #expect(!links.lands("../../outside.html", from: "tasks/index.html"))
    #expect(links.htmlFiles.flatMap { links.links(in: $0) }.contains { $0.contains("#task-") })
    #expect(links.broken() == [])

    for page in links.htmlFiles {
        let html = output.text(page) ?? ""
        #expect(html.hasPrefix("<!doctype html>"), "\(page)")
        #expect(html.matches(of: #/<main[\s>]/#).count == 1, "\(page)")
        #expect(html.matches(of: #/<h1[\s>]/#).count == 1, "\(page)")
        #expect(html.contains(#/<html lang="[^"]+"/#), "\(page)")
    }

    // The sitemap and the feed give absolute URLs under base_url: each must land too.
    let baseURL = String(try #require(try site.read("herald.yml").firstMatch(of: #/\nbase_url: (\S+)/#)).1)
    let sitemap = (output.text("sitemap.xml") ?? "").matches(of: #/<loc>([^<]*)</loc>/#).map { String($0.1) }
    let feed = (output.text("feed.xml") ?? "").matches(of: #/<link href="([^"]*)"/#).map { String($0.1) }
    #expect(sitemap.count > 20 && feed.count > 2)
    for url in sitemap + feed {
        #expect(
            url.hasPrefix(baseURL) && links.lands(String(url.dropFirst(baseURL.count)), from: "index.html"), "\(url)")
    }
    // Every page can be found from the sitemap (the 404 page may or may not be listed).
    let listed = Set(
        sitemap.compactMap { links.resolve(String($0.dropFirst(baseURL.count)), from: "index.html")?.file })
    #expect(Set(links.htmlFiles).subtracting(listed).subtracting(["404.html"]) == [])
}

@Test func buildsWithTheSameInstantAreByteIdentical() async throws {
    let site = try TemporarySite.defaultSite()
    // At the same time, too: two builds must not share any state but their inputs.
    async let first = site.buildOK(["--output", "First"])
    async let second = site.buildOK(["--output", "Second"])
    _ = try await (first, second)
    let one = try TreeSnapshot(site.url("First"))
    let two = try TreeSnapshot(site.url("Second"))
    #expect(one.files.count > 50)
    #expect(two.filesWithNewBytes(since: one) == [])
    // Hidden files included: the trees are the same to `diff -r`.
    let diff = try await CLI.launch(URL(fileURLWithPath: "/usr/bin/diff"), ["-r", "First", "Second"], in: site.folder)
    #expect(diff.status == 0 && diff.stdout.isEmpty, "\(diff.stdout)")
    // A rebuild of one of them, which finds its state beside the site, leaves them the same.
    _ = try await site.buildOK(["--output", "Second"])
    #expect(
        try await CLI.launch(URL(fileURLWithPath: "/usr/bin/diff"), ["-r", "First", "Second"], in: site.folder).status
            == 0)
}

@Test func rebuildingAnUnchangedSiteTouchesNothing() async throws {
    let site = try TemporarySite.defaultSite()
    let first = try await site.buildOK()
    let before = try TreeSnapshot(site.output)
    let second = try await site.buildOK()
    #expect(second.pages == first.pages)
    #expect((second.written, second.unchanged, second.removed) == (0, first.pages, 0))
    let after = try TreeSnapshot(site.output)
    #expect(after.filesWithNewTimes(since: before) == [])
    #expect(after == before)
}

@Test func jobCountDoesNotChangeTheOutput() async throws {
    let site = try TemporarySite.defaultSite()
    async let one = site.buildOK(["--jobs", "1", "--output", "One"])
    async let four = site.buildOK(["--jobs", "4", "--output", "Four"])
    _ = try await (one, four)
    let serial = try TreeSnapshot(site.url("One"))
    #expect(serial.files.count > 50)
    #expect(try TreeSnapshot(site.url("Four")).filesWithNewBytes(since: serial) == [])
}

@Test func baseURLWithASubPathReachesEveryAbsoluteLink() async throws {
    let site = try TemporarySite.defaultSite()
    let base = "https://example.com/sub/"
    try await site.buildOK(["--base-url", base])
    let output = try TreeSnapshot(site.output)
    let links = SiteLinks(output, basePath: "/sub/")
    let locations = (output.text("sitemap.xml") ?? "").matches(of: #/<loc>([^<]*)</loc>/#).map { String($0.1) }
    #expect(!locations.isEmpty)
    #expect(
        locations.allSatisfy { $0.hasPrefix(base) && links.lands(String($0.dropFirst(base.count)), from: "index.html") }
    )
    for page in links.htmlFiles {
        let route = page.hasSuffix("index.html") ? String(page.dropLast("index.html".count)) : page
        #expect(output.text(page)?.contains("<link rel=\"canonical\" href=\"\(base)\(route)\">") == true, "\(page)")
    }
    // The 404 page is served at any depth, so its links start at the base path.
    let notFound = links.links(in: "404.html").filter { !SiteLinks.isExternal($0) && !$0.hasPrefix("#") }
    #expect(!notFound.isEmpty)
    #expect(notFound.filter { !$0.hasPrefix("/sub/") || !links.lands($0, from: "404.html") } == [])
    #expect(output.text("robots.txt")?.contains("\(base)sitemap.xml") == true)
}

@Test func sourceDateEpochIsTheSameAsNow() async throws {
    let site = try TemporarySite.defaultSite()
    // Far from the clock of any machine running this, so ignoring the variable cannot pass.
    let instant = "2025-01-15T12:00:00Z"
    let epoch = Int(try #require(ISO8601DateFormatter().date(from: instant)).timeIntervalSince1970)
    async let fromEnvironment = site.herald(
        ["build", "--output", "Epoch"], environment: ["SOURCE_DATE_EPOCH": String(epoch)])
    async let fromOption = site.herald(["build", "--output", "Now", "--now", instant])
    let results = try await [fromEnvironment, fromOption]
    #expect(results.map(\.status) == [0, 0])
    let viaOption = try TreeSnapshot(site.url("Now"))
    #expect(viaOption.text("index.html")?.contains("2025") == true)
    #expect(try TreeSnapshot(site.url("Epoch")).filesWithNewBytes(since: viaOption) == [])
}

@Test func aBareDayAsNowIsThatDayAtNoonUTC() async throws {
    let site = try TemporarySite.defaultSite()
    // Far from the clock of any machine running this, so ignoring the option cannot pass.
    async let day = site.herald(["build", "--output", "Day", "--now", "2025-01-15"])
    async let noon = site.herald(["build", "--output", "Noon", "--now", "2025-01-15T12:00:00Z"])
    async let later = site.herald(["build", "--output", "Later", "--now", "2025-01-16T12:00:00Z"])
    let results = try await [day, noon, later]
    #expect(results.map(\.status) == [0, 0, 0])
    let atNoon = try TreeSnapshot(site.url("Noon"))
    #expect(try TreeSnapshot(site.url("Day")).filesWithNewBytes(since: atNoon) == [])
    #expect(try TreeSnapshot(site.url("Later")).filesWithNewBytes(since: atNoon) != [])
}
