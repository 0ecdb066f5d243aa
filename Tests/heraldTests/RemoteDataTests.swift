import Foundation
import HeraldTestSupport
import Testing

// Heroes and tasks fetched over HTTP from a real server on 127.0.0.1 that each test starts and
// stops; builds run the binary with explicit instants, so `max_age` is exact.

private let heroesJSON = #"[{"name": "Ada", "publisher": "North"}, {"name": "Brick", "publisher": "South"}]"#

/// A site whose heroes come from `path` on `server`; `settings` are more lines of `heroes:`.
private func remoteSite(_ server: TestServer, _ path: String, _ settings: String = "") throws -> TemporarySite {
    try TemporarySite([
        "herald.yml": "title: Remote\nheroes:\n  source: \(server.url(path))\n  max_age: 1h\n\(settings)"
    ])
}

private extension TemporarySite {
    /// `herald build` as of `instant`.
    func build(at instant: String, _ arguments: [String] = [], environment: [String: String] = [:]) async throws
        -> CLI.Result
    {
        try await herald(["build", "--now", instant] + arguments, environment: environment)
    }
}

@Test func aSourceIsDownloadedOnceRevalidatedPastMaxAgeAndDownloadedAgainWhenItChanges() async throws {
    let server = try TestServer()
    try server.serve("heroes.json", heroesJSON)
    let site = try remoteSite(server, "/heroes.json")

    let first = try await site.build(at: "2026-11-21T10:00:00Z", ["--report", "report.json"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try site.read("Output/heroes/ada/index.html").contains("Ada"))
    #expect(try server.requests(to: "/heroes.json").map(\.status) == [200])
    #expect(try server.requests(to: "/heroes.json").first?.headers["user-agent"]?.hasPrefix("herald/") == true)
    #expect(try site.read("report.json").contains(#""outcome" : "downloaded""#))
    // The pages say where the data came from and as of when: the server's Last-Modified.
    #expect(try site.read("Output/heroes/ada/index.html").contains("Data from 127.0.0.1, as of Nov 21, 09:00."))

    // Within max_age: no request at all.
    #expect(try await site.build(at: "2026-11-21T10:30:00Z").status == 0)
    #expect(try server.requests(to: "/heroes.json").count == 1)

    // Past it: a conditional request, answered 304, and nothing downloaded or rewritten.
    let before = try TreeSnapshot(site.output)
    let third = try await site.build(at: "2026-11-21T12:00:00Z", ["--verbose"])
    #expect(third.status == 0)
    let requests = try server.requests(to: "/heroes.json")
    #expect(requests.map(\.status) == [200, 304])
    #expect(requests.last?.headers["if-none-match"] != nil)
    #expect(third.output.contains("\(server.url("/heroes.json")): revalidated, HTTP 304"))
    #expect(try TreeSnapshot(site.output).filesWithNewBytes(since: before).filter { $0.hasPrefix("heroes/") } == [])

    // A changed answer (a new ETag) is downloaded, and the changed hero's page changes.
    try server.serve("heroes.json", heroesJSON.replacingOccurrences(of: "North", with: "Northwind"))
    #expect(try await site.build(at: "2026-11-21T14:00:00Z").status == 0)
    #expect(try server.requests(to: "/heroes.json").map(\.status) == [200, 304, 200])
    #expect(try site.read("Output/heroes/ada/index.html").contains("Northwind"))
}

@Test func aServerDownWithACachedCopyBuildsWithANoticeAndFailsUnderStrict() async throws {
    let server = try TestServer()
    try server.serve("heroes.json", heroesJSON)
    let site = try remoteSite(server, "/heroes.json")
    #expect(try await site.build(at: "2026-11-20T10:00:00Z").status == 0)
    server.stop()

    let stale = try await site.build(at: "2026-11-23T10:00:00Z")
    #expect(stale.status == 0)
    #expect(
        stale.stderr.contains(
            "\(server.url("/heroes.json")): warning: cannot fetch the source (connection refused); "
                + "building from the copy of Nov 21, 2026 09:00"))
    let page = try site.read("Output/heroes/ada/index.html")
    #expect(page.contains("The source could not be reached (connection refused); showing the copy from Nov 21."))

    let strict = try await site.build(at: "2026-11-23T10:00:00Z", ["--strict"])
    #expect(strict.status == 1)
    #expect(
        strict.stderr.contains("\(server.url("/heroes.json")): error: cannot fetch the source (connection refused)"))
}

@Test func aServerDownWithNoCachedCopyFailsAndLeavesTheOutputAsItWas() async throws {
    let server = try TestServer()
    try server.serve("heroes.json", heroesJSON)
    let site = try remoteSite(server, "/heroes.json")
    #expect(try await site.build(at: "2026-11-21T10:00:00Z").status == 0)
    let before = try TreeSnapshot(site.output)
    server.stop()
    // Another cache folder: no copy to fall back on.
    let result = try await site.build(at: "2026-11-21T10:00:00Z", ["--cache-dir", site.url("empty-cache").path])
    #expect(result.status == 1)
    #expect(
        result.stderr.contains(
            "\(server.url("/heroes.json")): error: cannot fetch the source (connection refused), "
                + "and there is no cached copy to build from"))
    #expect(try TreeSnapshot(site.output) == before)
}

@Test func offlineUsesTheCacheOnlyAndNamesASourceItDoesNotHave() async throws {
    let server = try TestServer()
    try server.serve("heroes.json", heroesJSON)
    let site = try remoteSite(server, "/heroes.json")
    #expect(try await site.build(at: "2026-11-21T10:00:00Z").status == 0)
    let offline = try await site.build(at: "2026-11-25T10:00:00Z", ["--offline"])
    #expect(offline.status == 0 && offline.stderr == "", "\(offline.stderr)")
    #expect(try server.requests().count == 1)
    // Offline is no failure: no notice on the pages.
    #expect(try !site.read("Output/heroes/ada/index.html").contains("could not be reached"))
    let missing = try await site.build(at: "2026-11-25T10:00:00Z", ["--offline", "--cache-dir", site.url("none").path])
    #expect(missing.status == 1)
    #expect(
        missing.stderr.contains(
            "\(server.url("/heroes.json")): error: no cached copy to build from, and --offline fetches nothing"))
}

@Test func misbehavingServersAreRetriedOrRefusedAsTheyDeserve() async throws {
    let server = try TestServer()
    // 500 twice, then 200: retried with backoff, built.
    let flaky = try remoteSite(server, "/flaky.json")
    #expect(try await flaky.build(at: "2026-11-21T10:00:00Z").status == 0)
    #expect(try server.requests(to: "/flaky.json").map(\.status) == [500, 500, 200])
    // 429 with Retry-After: 1: waited for, then built.
    let limited = try remoteSite(server, "/limited.json")
    #expect(try await limited.build(at: "2026-11-21T10:00:00Z").status == 0)
    #expect(try server.requests(to: "/limited.json").map(\.status) == [429, 200])
    // 404: one request, never retried.
    let missing = try remoteSite(server, "/missing.json")
    let notFound = try await missing.build(at: "2026-11-21T10:00:00Z")
    #expect(notFound.status == 1 && notFound.stderr.contains("cannot fetch the source (HTTP 404 Not Found)"))
    #expect(try server.requests(to: "/missing.json").count == 1)
    // Truncated JSON: an error at the URL's line and column.
    let truncated = try await remoteSite(server, "/truncated.json").build(at: "2026-11-21T10:00:00Z")
    #expect(truncated.status == 1 && truncated.stderr.contains("\(server.url("/truncated.json")):2:"))
    // A web page where data was expected.
    let html = try await remoteSite(server, "/page.html").build(at: "2026-11-21T10:00:00Z")
    #expect(html.status == 1 && html.stderr.contains("the server answered with a web page, not data"))
    // 300 MB against the 100 MB default: refused without downloading it all.
    let huge = try await remoteSite(server, "/huge.json").build(at: "2026-11-21T10:00:00Z")
    #expect(huge.status == 1 && huge.stderr.contains("the response is larger than 104857600 bytes"))
    // A redirect loop.
    let loop = try await remoteSite(server, "/redirect/a").build(at: "2026-11-21T10:00:00Z")
    #expect(loop.status == 1 && loop.stderr.contains("a redirect loop"), "\(loop.stderr)")
    // A server that stalls for five minutes, past the timeout, on each of four attempts. Four
    // timeouts and their backoff take seconds; one attempt not cut off would take the five minutes.
    // The bound leaves room for a machine loaded by the whole suite.
    let clock = ContinuousClock()
    let started = clock.now
    let stall = try await remoteSite(server, "/stall.json", "  timeout: 1s\n").build(at: "2026-11-21T10:00:00Z")
    #expect(clock.now - started < .seconds(120))
    #expect(
        stall.status == 1 && stall.stderr.contains("cannot fetch the source (timed out after 1 s)"), "\(stall.stderr)")
    // Gzip is understood.
    #expect(try await remoteSite(server, "/gzip.json").build(at: "2026-11-21T10:00:00Z").status == 0)
}

@Test func pagedAnswersAreFollowedAndALoopIsNamed() async throws {
    let server = try TestServer()
    let paged = try remoteSite(server, "/paged/1")
    let result = try await paged.build(at: "2026-11-21T10:00:00Z")
    #expect(result.status == 0, "\(result.stderr)")
    let index = try paged.read("Output/heroes/search-index.js")
    for page in 1...3 {
        for hero in 1...2 { #expect(index.components(separatedBy: "[\"Page \(page) hero \(hero)\",").count == 2) }
    }
    let capped = try await remoteSite(server, "/paged/1", "  max_pages: 2\n").build(at: "2026-11-21T10:00:00Z")
    #expect(
        capped.status == 1 && capped.stderr.contains("more than 2 pages (raise the source's max_pages: to read more)"))
    let looping = try remoteSite(server, "/looping/1", "  root: items\n  next: next\n")
    let loop = try await looping.build(at: "2026-11-21T10:00:00Z")
    #expect(loop.status == 1)
    #expect(
        loop.stderr.contains(
            "page 2 links back to page 1 (\(server.url("/looping/1"))) as its next page: the pages loop"))
}

@Test func aTokenFromTheEnvironmentIsSentButReachesNoFileOrMessage() async throws {
    let server = try TestServer()
    try server.serve("heroes.json", heroesJSON)
    let token = "secret-\(UUID().uuidString)"
    let site = try remoteSite(server, "/heroes.json", "  headers: {Authorization: \"Bearer ${HERALD_TEST_TOKEN}\"}\n")
    let result = try await site.build(
        at: "2026-11-21T10:00:00Z", ["--verbose", "--report", "report.json"],
        environment: ["HERALD_TEST_TOKEN": token])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try server.requests(to: "/heroes.json").first?.headers["authorization"] == "Bearer \(token)")
    #expect(!result.output.contains(token) && !result.stderr.contains(token))
    let everything = try FileManager.default.subpathsOfDirectory(atPath: site.folder.path)
    #expect(everything.contains { $0.hasPrefix(".herald-cache/") })
    for path in everything where !path.isEmpty {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: site.url(path).path, isDirectory: &isFolder), !isFolder.boolValue
        else { continue }
        #expect(try Data(contentsOf: site.url(path)).range(of: Data(token.utf8)) == nil, "\(path)")
    }
    // Without the variable: an error naming it, and no request.
    let missing = try await site.build(at: "2026-11-22T10:00:00Z")
    #expect(missing.status == 1)
    #expect(
        missing.stderr.contains(
            "header 'Authorization' uses the environment variable HERALD_TEST_TOKEN, which is not set"))
}

@Test func theSuperheroAPIBuildsThroughAConfigAlone() async throws {
    let server = try TestServer()
    try server.serve("all.json", try String(contentsOf: RealData.url("heroes-superhero-api/all.json"), encoding: .utf8))
    let site = try TemporarySite([
        "herald.yml": """
        title: Superheroes
        heroes:
          source: \(server.url("/all.json"))
          fields: {publisher: biography.publisher, alignment: biography.alignment, full_name: biography.fullName,
                   image: images.md, stats: powerstats, appearance: appearance}
          group_by: [publisher, alignment]

        """
    ])
    let result = try await site.build(at: "2026-11-21T10:00:00Z")
    #expect(result.status == 0, "\(result.stderr)")
    let heroes = try FileManager.default.contentsOfDirectory(atPath: site.url("Output/heroes").path)
        .filter { FileManager.default.fileExists(atPath: site.url("Output/heroes/\($0)/index.html").path) }
        .filter { !["page", "publisher", "alignment"].contains($0) }
    #expect(heroes.count == 563)
}

@Test func aNightlyRebuildOfTheSameDataRewritesOnlyWhatDependsOnTheDay() async throws {
    let site = try TemporarySite.smallSite()
    #expect(try await site.build(at: "2026-11-21T03:00:00Z").status == 0)
    let before = try TreeSnapshot(site.output)
    try await Task.sleep(for: .milliseconds(20))
    #expect(try await site.build(at: "2026-11-22T03:00:00Z").status == 0)
    let written = try TreeSnapshot(site.output).filesWithNewTimes(since: before)
    #expect(!written.isEmpty)
    for path in written {
        #expect(
            path == "index.html" || path == "feed.xml" || path.hasPrefix("tasks/"),
            "\(path) changed from one day to the next")
    }
}

@Test func anAnswerThatEmptiedIsAWarning() async throws {
    let server = try TestServer()
    try server.serve("heroes.json", heroesJSON)
    let site = try remoteSite(server, "/heroes.json")
    #expect(try await site.build(at: "2026-11-21T10:00:00Z").status == 0)
    try server.serve("heroes.json", "[]")
    let emptied = try await site.build(at: "2026-11-21T12:00:00Z")
    #expect(emptied.status == 0)
    #expect(
        emptied.stderr.contains(
            "\(server.url("/heroes.json")): warning: the source now gives no records, where its last copy gave 2"))
}

@Test func anIssueTrackerIsATaskBoardAndDataFilesMayBeURLs() async throws {
    let server = try TestServer()
    try server.serve(
        "issues.json",
        """
        [{"number": 7, "title": "Crash on empty file", "state": "open", "assignee": {"login": "maren"}, "labels": [{"name": "bug"}],
          "created_at": "2026-11-01T10:00:00Z", "closed_at": null, "html_url": "https://example.org/7"},
         {"number": 8, "title": "Ship 1.0", "state": "closed", "assignee": null, "labels": [],
          "created_at": "2026-10-01T10:00:00Z", "closed_at": "2026-11-20T16:00:00Z", "html_url": "https://example.org/8"}]
        """)
    try server.serve("team.json", #"[{"name": "Maren"}, {"name": "Tobi"}]"#)
    let site = try TemporarySite([
        "herald.yml": """
        title: Issues
        tasks:
          source: \(server.url("/issues.json"))
          columns: [todo, done]
          status_map: {open: todo, closed: done}
          fields: {id: number, title: title, status: state, assignee: assignee.login, url: html_url,
                   created: created_at, completed_at: closed_at, tags: labels.0.name}
        data:
          team: \(server.url("/team.json"))

        """,
        "Templates/404.html.mustache": "{{#data.team}}{{name}} {{/data.team}}"
    ])
    let result = try await site.build(at: "2026-11-21T10:00:00Z", ["--strict"])
    #expect(result.status == 0, "\(result.stderr)")
    let board = try site.read("Output/tasks/index.html")
    #expect(board.contains("Crash on empty file") && board.contains("maren") && board.contains("Ship 1.0"))
    #expect(board.contains("Data from 127.0.0.1"))
    #expect(site.exists("Output/tasks/tags/bug/index.html"))
    #expect(try site.read("Output/404.html") == "Maren Tobi ")
    #expect(try server.requests(to: "/team.json").count == 1)
}

@Test func aDamagedCacheEntryIsDiscardedAndRefreshRevalidatesAFreshCopy() async throws {
    let server = try TestServer()
    try server.serve("heroes.json", heroesJSON)
    let site = try remoteSite(server, "/heroes.json")
    #expect(try await site.build(at: "2026-11-21T10:00:00Z").status == 0)
    // --refresh asks even within max_age (and is answered 304).
    #expect(try await site.build(at: "2026-11-21T10:05:00Z", ["--refresh"]).status == 0)
    #expect(try server.requests(to: "/heroes.json").map(\.status) == [200, 304])
    // A body that no longer matches its entry is thrown away, with a warning, and fetched anew.
    let cache = site.url(".herald-cache")
    for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) where name.hasSuffix(".body") {
        try Data("garbage".utf8).write(to: cache.appendingPathComponent(name))
    }
    let damaged = try await site.build(at: "2026-11-21T10:10:00Z")
    #expect(damaged.status == 0)
    #expect(
        damaged.stderr.contains("\(server.url("/heroes.json")): warning: the cached copy was damaged and is discarded"))
    #expect(try server.requests(to: "/heroes.json").map(\.status) == [200, 304, 200])
}
