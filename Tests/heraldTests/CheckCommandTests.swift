import AsyncHTTPClient
import Foundation
import HeraldTestSupport
import NIOCore
import Testing

// `herald check` run as a user runs it, on built sites: what it reports, where, and its exit code.

private let board = "https://herald.example.org/board/"

/// The lines of stderr, each a diagnostic.
private func problems(_ result: CLI.Result) -> [String] {
    result.stderr.split(separator: "\n").map(String.init)
}

@Test func theDefaultSiteUnderASubPathChecksCleanAndPlantedProblemsAreEachReportedWhereTheyAre() async throws {
    let site = try TemporarySite.defaultSite()
    try await site.buildOK(["--base-url", board])
    let clean = try await site.herald(["check", "--base-url", board])
    #expect(clean.status == 0, "\(clean.stderr)")
    #expect(clean.stderr == "")
    let summary = try #require(clean.output.firstMatch(of: #/^Checked ([\d,]+) pages, ([\d,]+) links: 0 broken/#))
    #expect(Int(summary.1.replacing(",", with: "")) ?? 0 > 50)
    #expect(Int(summary.2.replacing(",", with: "")) ?? 0 > 1000)

    // Four problems on one line of the about page: a page that is not there, an anchor that is not
    // on its page, an image that is not there, and a link that leaves /board/.
    let about = try site.read("Output/about/index.html")
    let lines = about.split(separator: "\n", omittingEmptySubsequences: false)
    let mainLine = try #require(lines.firstIndex { $0.contains("<main") })
    let planted =
        #"<p><a href="../heroes/zephyr/">Z</a> <a href="../tasks/#stats">S</a> "#
        + #"<img src="../assets/missing.png" alt=""> <a href="/tasks/">T</a></p>"#
    var edited = lines
    edited.insert(Substring(planted), at: mainLine + 1)
    try site.write("Output/about/index.html", edited.joined(separator: "\n"))
    let line = mainLine + 2
    let broken = try await site.herald(["check", "--base-url", board])
    #expect(broken.status == 1)
    #expect(
        problems(broken) == [
            "Output/about/index.html:\(line):13: error: broken link '../heroes/zephyr/' (no such page)",
            "Output/about/index.html:\(line):47: error: missing anchor '#stats' in tasks/index.html",
            "Output/about/index.html:\(line):80: error: broken link '../assets/missing.png' (no such file)",
            "Output/about/index.html:\(line):120: error: broken link '/tasks/' (outside the site's base path /board/)"
        ])
    #expect(broken.output.contains(": 4 broken"))

    // The same site read as if served from the root: /tasks/ is fine there, the others are not.
    let atRoot = try await site.herald(["check", "--base-url", "https://herald.example.org/"])
    #expect(atRoot.status == 1)
    #expect(problems(atRoot).filter { $0.contains("about/index.html:\(line):") }.count == 3)
}

@Test func theDataOnlyBenchmarkSiteOfAThousandHeroesChecksClean() async throws {
    let site = try TemporarySite()
    let generated = try await CLI.launch(
        URL(fileURLWithPath: "/usr/bin/env"),
        ["python3", Repository.url("benchmarks/site/generate.py").path, "1000", site.root.path + "/bench"],
        in: site.root)
    #expect(generated.status == 0, "\(generated.stderr)")
    let folder = site.root.appendingPathComponent("bench/herald")
    #expect(try await CLI.run(["build", "--quiet"], in: folder).status == 0)
    let check = try await CLI.run(["check"], in: folder)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stderr == "")
    #expect(check.output.hasPrefix("Checked 1,0"))
    #expect(check.output.contains("outside links not checked: add --external"))
}

@Test func foldersResolveToTheirIndexAndSitemapAndFeedURLsAreChecked() async throws {
    let site = try TemporarySite([
        "herald.yml": "title: Hand-made\nbase_url: https://example.org/docs/\n",
        "Output/index.html": """
        <!doctype html><title>Home</title><h1 id="top-heading">Home</h1>
        <a href="guide">no slash</a> <a href="guide/">slash</a> <a href="guide/index.html#install">file</a>
        <a href="#top">top</a> <a href="#">empty</a> <a href="mailto:docs@example.org">mail</a>
        <a href="/docs/guide/?tab=2#install">query</a> <a href="https://example.org/docs/guide/#Install">wrong case</a>
        <img srcset="logo.png 1x, logo@2x.png 2x" alt=""> <a href="empty/">folder without index</a>
        """,
        "Output/guide/index.html": #"<h2 id="install">Install</h2><a href="../">up</a>"#,
        "Output/logo.png": "png",
        "Output/empty/notes.txt": "not a page",
        "Output/sitemap.xml": """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset><url><loc>https://example.org/docs/</loc></url>
        <url><loc>https://example.org/docs/gone/</loc></url></urlset>
        """
    ])
    let result = try await site.herald(["check", "--exclude", "^mailto:"])
    #expect(result.status == 1)
    #expect(
        problems(result) == [
            "Output/index.html:4:57: error: missing anchor '#Install' in guide/index.html",
            "Output/index.html:5:27: error: broken link 'logo@2x.png' (no such file)",
            "Output/index.html:5:60: error: broken link 'empty/' (no such page)",
            "Output/sitemap.xml:3:11: error: broken link 'https://example.org/docs/gone/' (no such page)"
        ])
    #expect(result.output.hasPrefix("Checked 3 pages, 13 links: 4 broken"))

    // Excluded links, from the command line and from herald.yml, are not checked.
    try site.write(
        "herald.yml", "title: Hand-made\nbase_url: https://example.org/docs/\ncheck:\n  exclude: ['/gone/$', '@2x']\n")
    let excluded = try await site.herald(["check", "--exclude", "#Install$", "--exclude", "^empty/"])
    #expect(problems(excluded) == [])
    #expect(excluded.status == 0)
    #expect(excluded.output.contains("; 4 excluded"))
}

@Test func badCheckInvocationsAreClearErrors() async throws {
    let site = try TemporarySite(["herald.yml": "title: Nothing built\ncheck:\n  exclude: ['(unclosed']\n"])
    let badConfig = try await site.herald(["check"])
    #expect(badConfig.status == 1)
    #expect(
        badConfig.stderr.hasPrefix(
            "herald.yml:3:13: error: 'check.exclude' has an invalid regular expression '(unclosed'"))

    try site.write("herald.yml", "title: Nothing built\n")
    let unbuilt = try await site.herald(["check"])
    #expect(unbuilt.status == 1)
    #expect(unbuilt.stderr == "Output: error: no pages to check here; run herald build first\n")

    let badPattern = try await site.herald(["check", "--exclude", "[z-a]"])
    #expect(badPattern.status == 2)
    #expect(badPattern.stderr.contains("--exclude '[z-a]' is not a regular expression"))
}

@Test func outsideLinksAreAskedPolitelyAndOnlySuccessesAreRemembered() async throws {
    let server = try TestServer()
    let links = ["ok", "missing", "forbidden", "limited", "no-head", "stall"]
        .map { #"<a href="\#(server.url("/links/" + $0))">\#($0)</a>"# }
    // Through another name of the same server: its own host, so the stall above does not hold
    // one of its two places.
    let slow = (1...6).map { #"<a href="http://localhost:\#(server.port)/links/slow/\#($0)">slow</a>"# }
    let site = try TemporarySite([
        "herald.yml": "title: Outside\n",
        "Output/index.html": "<!doctype html><title>Links</title>\n" + links.joined(separator: "\n") + "\n"
            + slow.joined() + "\n",
        "Output/more/index.html": #"<a href="\#(server.url("/links/missing"))">again</a>"#
    ])
    // The stalled link answers after 30 s: the checker gives up at its timeout and says so (below),
    // and does not ask again. No bound on the run's time: a busy machine would make it fail.
    let first = try await site.herald(["check", "--external", "--timeout", "2s"])
    #expect(first.status == 1)
    #expect(
        problems(first) == [
            "Output/index.html:3:10: error: broken link '\(server.url("/links/missing"))' (HTTP 404 Not Found)",
            "Output/index.html:4:10: warning: inconclusive link '\(server.url("/links/forbidden"))' "
                + "(HTTP 403 Forbidden: the server refuses unknown visitors; check it in a browser)",
            "Output/index.html:7:10: error: broken link '\(server.url("/links/stall"))' (timed out after 2 s)",
            "Output/more/index.html:1:10: error: broken link '\(server.url("/links/missing"))' (HTTP 404 Not Found)"
        ])
    #expect(
        first.output.hasPrefix(
            "Checked 2 pages, 13 links: 3 broken, 1 inconclusive (12 outside URLs: 12 asked, 0 cached)"))
    // HEAD first; GET only where HEAD was refused; the 429 waited for and asked again.
    #expect(try server.requests(to: "/links/ok").map(\.method) == ["HEAD"])
    #expect(try server.requests(to: "/links/no-head").map(\.method) == ["HEAD", "GET"])
    #expect(try server.requests(to: "/links/limited").map(\.status) == [429, 200])
    // Never more than two requests at once to one host.
    let most = try await HTTPClient.shared.execute(
        HTTPClientRequest(url: server.url("/links/most-at-once")), timeout: .seconds(10))
    #expect(String(buffer: try await most.body.collect(upTo: 100)) == "2")

    let second = try await site.herald(["check", "--external", "--timeout", "2s"])
    #expect(second.status == 1)
    #expect(second.output.contains("(12 outside URLs: 3 asked, 9 cached)"))
    // What worked is not asked again; what failed or was inconclusive is.
    #expect(try server.requests(to: "/links/ok").count == 1)
    #expect(try server.requests(to: "/links/limited").count == 2)
    #expect(try server.requests(to: "/links/missing").count == 4)
    #expect(try server.requests(to: "/links/forbidden").count == 4)
    let cache = try site.read(".herald-cache/links.json")
    #expect(cache.contains(server.url("/links/ok")))
    #expect(!cache.contains(server.url("/links/missing")))

    // --max-age 0 asks everything again.
    let fresh = try await site.herald(["check", "--external", "--timeout", "2s", "--max-age", "0"])
    #expect(fresh.output.contains("(12 outside URLs: 12 asked, 0 cached)"))
}
