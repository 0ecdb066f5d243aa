import Foundation
import HeraldTestSupport
import Testing

// `herald theme export` copies the built-in theme into a site's Templates/; built with the copy,
// the site is byte for byte what it was without. `herald theme list` names what each file makes.

/// A copy of the default site's data with no Templates/ of its own.
private func defaultSiteWithoutTemplates() throws -> TemporarySite {
    let site = try TemporarySite()
    try FileManager.default.copyItem(at: Repository.url("Content"), to: site.url("Content"))
    try FileManager.default.copyItem(at: Repository.url("herald.yml"), to: site.url("herald.yml"))
    return site
}

@Test func exportedThemeBuildsTheSameBytesAsTheBuiltInOne() async throws {
    let site = try defaultSiteWithoutTemplates()
    let now = "2026-11-21T10:00:00Z"
    let before = try await CLI.run(
        ["build", "--strict", "--now", now, "--output", site.root.appendingPathComponent("before").path],
        in: site.folder)
    #expect(before.status == 0, "stderr: \(before.stderr)")

    let exported = try await CLI.run(["theme", "export"], in: site.folder)
    #expect(exported.status == 0, "stderr: \(exported.stderr)")
    let written = exported.output.split(separator: "\n")
    #expect(written.contains("Templates/hero.html.mustache"))
    #expect(written.contains("Templates/assets/herald.css"))
    for name in try FileManager.default.subpathsOfDirectory(atPath: Repository.url("Sources/HeraldSite/Theme").path)
    where name.contains(".") {
        #expect(
            try Data(contentsOf: site.url("Templates/" + name))
                == Data(contentsOf: Repository.url("Sources/HeraldSite/Theme/" + name)),
            "\(name)")
    }

    let after = try await CLI.run(
        ["build", "--strict", "--now", now, "--output", site.root.appendingPathComponent("after").path],
        in: site.folder)
    #expect(after.status == 0, "stderr: \(after.stderr)")
    // The pages and assets, not the build's own notes (its manifest names the inputs it hashed).
    func published(_ folder: String) throws -> [String: Data?] {
        try TreeSnapshot(site.root.appendingPathComponent(folder)).entries.filter { !$0.key.hasPrefix(".herald") }
            .mapValues(\.bytes)
    }
    #expect(try published("before") == published("after"))
    #expect(try published("after").count > 50)
}

@Test func exportNeverOverwritesWithoutForceAndNamesUnknownFiles() async throws {
    let site = try defaultSiteWithoutTemplates()
    try site.write("Templates/hero.html.mustache", "mine")
    let refused = try await CLI.run(["theme", "export", "hero.html", "page.html.mustache"], in: site.folder)
    #expect(refused.status == 1)
    #expect(
        refused.stderr == "Templates/hero.html.mustache: error: the site has this file already; --force replaces it\n")
    #expect(try site.read("Templates/hero.html.mustache") == "mine")
    #expect(!site.exists("Templates/page.html.mustache"))

    let unknown = try await CLI.run(["theme", "export", "heros.html"], in: site.folder)
    #expect(unknown.status == 1)
    #expect(
        unknown.stderr == "heros.html: error: the built-in theme has no such file; did you mean 'hero.html.mustache'?\n"
    )

    let forced = try await CLI.run(["theme", "export", "hero.html", "--force"], in: site.folder)
    #expect(forced.status == 0)
    #expect(forced.output == "Templates/hero.html.mustache\n")
    #expect(try site.read("Templates/hero.html.mustache").contains("{{<base.html}}"))
}

@Test func themeListNamesEachFileAndThePagesItMakes() async throws {
    let site = try defaultSiteWithoutTemplates()
    let listed = try await CLI.run(["theme", "list"], in: site.folder)
    #expect(listed.status == 0, "stderr: \(listed.stderr)")
    let lines = listed.output.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).map(String.init) }
    let byFile = Dictionary(
        uniqueKeysWithValues: lines.map { ($0[0], $0.count > 1 ? $0[1].trimmingCharacters(in: .whitespaces) : "") })
    #expect(byFile["board.html.mustache"] == "/tasks/")
    #expect(byFile["hero.html.mustache"]?.hasPrefix("24 pages, e.g. /heroes/") == true)
    #expect(byFile["base.html.mustache"]?.hasPrefix("used by ") == true)
    #expect(byFile["hero-card.html.mustache"]?.contains("heroes.html") == true)
    #expect(byFile["assets/herald.css"]?.hasPrefix("/assets/herald.") == true)
    for kind in defaultSitePageKinds {
        #expect(byFile[kind.template + ".mustache"]?.isEmpty == false, "\(kind.template)")
    }
}
