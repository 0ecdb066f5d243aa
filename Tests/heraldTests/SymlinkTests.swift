import Foundation
import HeraldTestSupport
import Testing

// Symbolic links in a site folder. A folder the site names (`Templates/`, a data source, the
// pages) may be a link, followed wherever it leads, as this repository's own `Templates/` is; a
// link inside such a folder is read only when it stays in the site folder, and one that leads
// out of it is an error naming it.

/// Where a linked `Templates/` leads: into the site folder (as this repository's does) or out of it.
private let linkedTemplatesTargets = ["site/Theme", "elsewhere/theme"]

/// A hero page template that shows where it came from.
private func heroTemplate(_ heading: String) -> String {
    "{{<base.html}}{{$content}}<h1>\(heading): {{hero.name}}</h1>{{/content}}{{/base.html}}\n"
}

extension TemporarySite {
    /// Writes `files` into the folder `target` (relative to the temporary root, beside the site
    /// folder) and makes `link` (relative to the site folder) a symbolic link to it.
    func link(_ link: String, toFolder target: String, holding files: [String: String] = [:]) throws {
        let folder = root.appendingPathComponent(target)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        try FileManager.default.createDirectory(
            at: url(link).deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: url(link), withDestinationURL: folder)
    }

    /// Moves the folder at `path` to `target` (relative to the temporary root) and leaves a link
    /// to it in its place.
    func moveAndLink(_ path: String, to target: String) throws {
        let folder = root.appendingPathComponent(target)
        try FileManager.default.createDirectory(
            at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: url(path), to: folder)
        try FileManager.default.createSymbolicLink(at: url(path), withDestinationURL: folder)
    }
}

@Test(arguments: linkedTemplatesTargets)
func aTemplateErrorUnderALinkedTemplatesFolderFailsAStrictBuild(target: String) async throws {
    let site = try TemporarySite.smallSite()
    let builtIn = try String(contentsOf: Repository.url("Sources/HeraldSite/Theme/home.html.mustache"), encoding: .utf8)
    let home = try #require(
        builtIn.range(of: "{{title}}").map { builtIn.replacingCharacters(in: $0, with: "{{titel}}") })
    let typo = try #require(position(of: "{{titel}}", in: home))
    try site.link("Templates", toFolder: target, holding: ["home.html.mustache": home])

    let result = try await site.build(["--strict"])
    #expect(result.status == 1)
    #expect(
        result.stderr.contains("Templates/home.html.mustache:\(typo.line):\(typo.column): error: unknown key 'titel'"),
        "stderr: \(result.stderr)")
    #expect(!site.exists("Output"))
}

@Test(arguments: linkedTemplatesTargets)
func anOverrideUnderALinkedTemplatesFolderIsWhatTheSiteShows(target: String) async throws {
    let site = try TemporarySite.smallSite()
    try site.link("Templates", toFolder: target, holding: ["hero.html.mustache": heroTemplate("Linked")])
    try await site.buildOK(["--strict"])
    #expect(try site.read("Output/heroes/lantern/index.html").contains("<h1>Linked: Lantern</h1>"))
    // The rest of the theme is still the built-in one.
    #expect(try site.read("Output/tasks/index.html").contains(SmallSite.openTask))
}

@Test func editingATemplateUnderALinkedTemplatesFolderRebuildsItsPages() async throws {
    let site = try TemporarySite.smallSite()
    try site.link("Templates", toFolder: "elsewhere/theme", holding: ["hero.html.mustache": heroTemplate("Linked")])
    try await site.buildOK()
    #expect(try await site.buildOK().written == 0)

    // Edited where the link leads, as in this repository's Sources/HeraldSite/Theme.
    try Data(heroTemplate("Edited").utf8).write(
        to: site.root.appendingPathComponent("elsewhere/theme/hero.html.mustache"))
    let summary = try await site.buildOK()
    #expect(summary.written > 0)
    #expect(try site.read("Output/heroes/lantern/index.html").contains("<h1>Edited: Lantern</h1>"))
}

@Test func folderSourcesLinkedFromOutsideTheSiteAreRead() async throws {
    let site = try TemporarySite.smallSite()
    try site.moveAndLink("Content/heroes", to: "shared/heroes")
    try site.moveAndLink("Content/pages", to: "shared/pages")
    try site.moveAndLink("Content/data", to: "shared/data")
    try await site.buildOK(["--strict"])
    #expect(try site.read("Output/heroes/granite/index.html").contains("Granite"))
    #expect(try site.read("Output/about/index.html").contains("About this board"))
}

/// A symbolic link placed inside a folder the site reads, and where it leads.
struct LinkOut: Sendable, CustomTestStringConvertible {
    var link: String
    var target: String
    var testDescription: String { "\(link) → \(target)" }
}

@Test(arguments: [
    LinkOut(link: "Content/heroes/evil.md", target: "/etc/hostname"),
    LinkOut(link: "Content/heroes/etc", target: "/etc"),
    LinkOut(link: "Content/pages/evil.md", target: "/etc/hostname"),
    LinkOut(link: "Content/data/evil.yml", target: "/etc/hostname"),
    LinkOut(link: "Templates/evil.html.mustache", target: "/etc/passwd"),
    LinkOut(link: "Templates/assets/etc", target: "/etc")
])
func aLinkInsideTheSiteLeadingOutOfItIsRefused(_ case: LinkOut) async throws {
    let site = try TemporarySite.smallSite()
    // Templates/ itself is a link out of the site, which is allowed; the link inside it is not.
    try site.link("Templates", toFolder: "elsewhere/theme", holding: ["assets/extra.css": "p { margin: 0 }\n"])
    try FileManager.default.createSymbolicLink(atPath: site.url(`case`.link).path, withDestinationPath: `case`.target)

    let result = try await site.build()
    #expect(result.status == 1)
    #expect(
        result.stderr.contains("\(`case`.link): error: '\(`case`.link)' is a symbolic link to '"),
        "stderr: \(result.stderr)")
    #expect(result.stderr.contains("outside the site folder"))
    #expect(!site.exists("Output"))
}

@Test func editingATemplateUnderALinkedTemplatesFolderReloadsTheServedPage() async throws {
    let site = try TemporarySite.smallSite()
    try site.link("Templates", toFolder: "elsewhere/theme", holding: ["hero.html.mustache": heroTemplate("Linked")])
    let server = try await ServeProcess(in: site.folder)
    #expect(try await server.get("/board/heroes/lantern/").body.contains("<h1>Linked: Lantern</h1>"))

    try Data(heroTemplate("Edited").utf8).write(
        to: site.root.appendingPathComponent("elsewhere/theme/hero.html.mustache"))
    _ = try await poll(ServeProcess.patience) {
        try await server.get("/board/heroes/lantern/").body.contains("<h1>Edited: Lantern</h1>") ? true : nil
    }
    #expect(try await server.stop() == 0)
}
@Test func aServedSiteSeesAnEditUnderEitherSpellingOfALinkedFolder() async throws {
    // The folder the link leads to is made first, so that the watcher, listing the site folder in
    // the order its entries were made, meets it before the link.
    let site = try TemporarySite()
    for (path, text) in SmallSite.files where path.hasPrefix("Content/heroes/") {
        try site.write("Data/" + path.dropFirst("Content/".count), text)
    }
    for (path, text) in SmallSite.files where !path.hasPrefix("Content/heroes/") { try site.write(path, text) }
    try FileManager.default.createSymbolicLink(
        atPath: site.url("Content/heroes").path, withDestinationPath: "../Data/heroes")
    let server = try await ServeProcess(in: site.folder)
    #expect(try await server.get("/board/heroes/lantern/").body.contains("Lantern keeps the city"))

    // The first rebuild looks at every file; the later ones only at those the watcher names.
    var before = "Lantern keeps the city's lights on."
    for after in ["Lantern guards the harbour at night.", "Lantern sleeps by day."] {
        try site.edit("Data/heroes/lantern.md", replacing: before, with: after)
        _ = try await poll(ServeProcess.patience) {
            try await server.get("/board/heroes/lantern/").body.contains(after) ? true : nil
        }
        before = after
    }
    #expect(try await server.stop() == 0)
}
