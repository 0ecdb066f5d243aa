import Foundation
import HeraldTestSupport
import Testing

// `herald inspect URL-PATH` prints the template of a page and its view data, made by the build's
// own coordinators and presenters; `--keys` the key paths only.

/// One page of each kind of the default site, and the template that makes it.
let defaultSitePageKinds: [(path: String, template: String)] = [
    ("/", "home.html"), ("/tasks/", "board.html"), ("/tasks/projects/engine/", "task-list.html"),
    ("/tasks/report/", "report.html"), ("/tasks/report.md", "report.md"),
    ("/heroes/", "heroes.html"), ("/heroes/page/2/", "heroes.html"), ("/heroes/ashen-regent/", "hero.html"),
    ("/heroes/publisher/", "hero-groups.html"), ("/heroes/publisher/foxglove-press/", "hero-group.html"),
    ("/heroes/search-index.js", "search-index.js"), ("/about/", "page.html"), ("/404.html", "404.html"),
    ("/feed.xml", "feed.xml"), ("/sitemap.xml", "sitemap.xml"), ("/robots.txt", "robots.txt"),
    ("/tasks/calendar.ics", "calendar.ics")
]

private func inspect(_ arguments: [String]) async throws -> CLI.Result {
    try await CLI.run(["inspect"] + arguments + ["--now", "2026-11-21T10:00:00Z"], in: Repository.folder)
}

@Test(arguments: defaultSitePageKinds.map(\.path))
func inspectPrintsEveryPageKindsTemplateAndViewDataAsJSON(path: String) async throws {
    let template = try #require(defaultSitePageKinds.first { $0.path == path }?.template)
    let result = try await inspect([path])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    #expect(object["template"] as? String == template)
    #expect(object["file"] as? String == "Templates/\(template).mustache")
    let data = try #require(object["data"] as? [String: Any])
    #expect(!data.isEmpty)

    // The key paths are those of the JSON, sorted, each once.
    let keys = try await inspect([path, "--keys"])
    #expect(keys.status == 0)
    let lines = keys.output.split(separator: "\n").map(String.init)
    #expect(lines == Array(Set(lines)).sorted())
    #expect(Set(lines) == keyPaths(of: data, prefix: ""))
    // Printed twice, the same text: every map's keys in one order.
    #expect(try await inspect([path]).stdout == result.stdout)
}

private func keyPaths(of value: Any, prefix: String) -> Set<String> {
    if let map = value as? [String: Any] {
        return map.reduce(into: Set<String>()) { paths, entry in
            paths.insert(prefix + entry.key)
            paths.formUnion(keyPaths(of: entry.value, prefix: prefix + entry.key + "."))
        }
    }
    if let list = value as? [Any] {
        return list.reduce(into: Set<String>()) { $0.formUnion(keyPaths(of: $1, prefix: prefix + "*.")) }
    }
    return []
}

@Test func inspectShowsTheDataTheBuildFillsTheTemplateWith() async throws {
    let result = try await inspect(["/heroes/ashen-regent/"])
    let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let hero = try #require((object["data"] as? [String: Any])?["hero"] as? [String: Any])
    #expect(hero["name"] as? String == "Ashen Regent")
    // Built-in theme, no Templates/: the template is the one inside herald.
    let site = try TemporarySite()
    try FileManager.default.copyItem(at: Repository.url("Content"), to: site.url("Content"))
    try FileManager.default.copyItem(at: Repository.url("herald.yml"), to: site.url("herald.yml"))
    let builtIn = try await CLI.run(["inspect", "/tasks/"], in: site.folder)
    let board = try #require(try JSONSerialization.jsonObject(with: builtIn.stdout) as? [String: Any])
    #expect(board["file"] as? String == "(built-in)/board.html.mustache")
}

@Test func aPathTheSiteDoesNotHaveIsAnErrorNamingTheNearest() async throws {
    let result = try await inspect(["/heroes/ashen-regnet/"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
        result.stderr == "/heroes/ashen-regnet/: error: the site has no page at '/heroes/ashen-regnet/'; "
            + "the nearest is '/heroes/ashen-regent/'\n")
    let asset = try await inspect(["/assets/favicon.svg"])
    #expect(asset.status == 1)
    #expect(asset.stderr.contains("error: "), "stderr: \(asset.stderr)")
    let usage = try await CLI.run(["inspect"], in: Repository.folder)
    #expect(usage.status == 2)
}
