import Foundation
import HeraldSite
import HeraldTestSupport
import Testing

// The dev server's in-memory builds: what a rebuild re-reads, re-renders and reports as changed.

private func hero(_ name: String, publisher: String, biography: String) -> String {
    "---\nname: \(name)\npublisher: \(publisher)\nalignment: good\nstats:\n  strength: 50\n---\n\(biography)\n"
}

private func catalogSite() throws -> TemporarySite {
    try TemporarySite([
        "herald.yml": "title: Catalog\nheroes:\n  source: Content/heroes\n  group_by: [publisher]\n",
        "Content/heroes/alpha.md": hero("Alpha", publisher: "North", biography: "First of all."),
        "Content/heroes/beta.md": hero("Beta", publisher: "North", biography: "In the middle."),
        "Content/heroes/gamma.md": hero("Gamma", publisher: "South", biography: "Last one.")
    ])
}

private func session(_ site: TemporarySite) -> SiteSession {
    SiteSession(
        options: SessionOptions(site: site.folder, jobs: 2, clock: { Date(timeIntervalSince1970: 1_795_000_000) }))
}

@Test func aRebuildWithNothingChangedRendersNoHeroPageAndChangesNothing() throws {
    let site = try catalogSite()
    let session = session(site)
    let first = session.rebuild()
    #expect(first.succeeded, "\(first.errors)")
    #expect(first.changed.contains("heroes/beta/index.html"))
    #expect(first.reused == 0)
    let beta = try #require(session.file("heroes/beta/index.html"))
    #expect(String(decoding: beta, as: UTF8.self).contains("In the middle."))

    // Hero pages, the list, the group pages and index, the search index and the sitemap all keep
    // their bytes; what is left is the home page, the other site files and the assets.
    let second = session.rebuild()
    #expect(second.succeeded)
    #expect(second.changed.isEmpty && second.removed.isEmpty)
    #expect(second.reused == 3 + 1 + 2 + 1 + 1 + 1)
    #expect(second.rendered + second.reused == first.rendered)
    #expect(!site.exists("Output"))
}

@Test func editingOneHerosBiographyRendersAndChangesOnlyItsPage() throws {
    let site = try catalogSite()
    let session = session(site)
    _ = session.rebuild()
    let unchanged = session.rebuild()
    try site.write("Content/heroes/beta.md", hero("Beta", publisher: "North", biography: "Now *rewritten*."))
    let update = session.rebuild()
    #expect(update.succeeded)
    #expect(update.changed == ["heroes/beta/index.html"])
    // Rendered again: its page, and the list and group pages that show its card (whose bytes stay).
    #expect(update.rendered == unchanged.rendered + 3)
    #expect(
        String(decoding: try #require(session.file("heroes/beta/index.html")), as: UTF8.self).contains(
            "<em>rewritten</em>"))

    // A new name (and so a new slug) moves the hero's page, its neighbours' links and the lists that show it.
    try site.write("Content/heroes/beta.md", hero("Bravo", publisher: "North", biography: "Now *rewritten*."))
    let renamed = session.rebuild()
    #expect(renamed.changed.contains("heroes/bravo/index.html"))
    #expect(renamed.removed == ["heroes/beta/index.html"])
    #expect(renamed.changed.contains("heroes/alpha/index.html"))
    #expect(renamed.changed.contains("heroes/gamma/index.html"))
    #expect(renamed.changed.contains("heroes/index.html"))
    #expect(renamed.changed.contains("heroes/publisher/north/index.html"))
    #expect(!renamed.changed.contains("heroes/publisher/south/index.html"))
}

@Test func aTemplateChangeRendersEveryPageAndAFailureKeepsTheLastGoodOnes() throws {
    let site = try catalogSite()
    let session = session(site)
    _ = session.rebuild()
    let good = try #require(session.file("heroes/alpha/index.html"))
    try site.write("Templates/hero.html.mustache", "<p>{{hero.name}}</p>{{#hero}}\n")
    let broken = session.rebuild()
    #expect(!broken.succeeded)
    #expect(broken.errors.first?.hasPrefix("Templates/hero.html.mustache:1:") == true)
    #expect(session.file("heroes/alpha/index.html") == good)

    try site.write("Templates/hero.html.mustache", "<p>{{hero.name}}</p>\n")
    let fixed = session.rebuild()
    #expect(fixed.succeeded)
    #expect(fixed.reused == 0)
    #expect(session.file("heroes/alpha/index.html") == Array("<p>Alpha</p>\n".utf8))
    #expect(fixed.changed.filter { $0.hasPrefix("heroes/") && $0.hasSuffix("/index.html") }.count >= 3)
}

@Test func aFirstBuildThatFailsHasNoFilesAndSaysWhy() throws {
    let site = try TemporarySite(["herald.yml": "title: Broken\ntasks:\n  source: Content/todo.txt\n  colums: [a]\n"])
    let update = session(site).rebuild()
    #expect(!update.succeeded)
    #expect(update.errors.contains { $0.contains("colums") })
    #expect(session(site).file("index.html") == nil)
}

@Test func aRebuildTrustsTheChangedPathsItIsGivenAndChecksEveryFileWithout() throws {
    let site = try catalogSite()
    let session = session(site)
    _ = session.rebuild()
    let beta = site.url("Content/heroes/beta.md").path
    try site.write("Content/heroes/beta.md", hero("Beta", publisher: "North", biography: "Seen once named."))
    // Told that nothing changed, the rebuild does not look at the file…
    #expect(session.rebuild(changed: []).changed.isEmpty)
    // …told that it changed, it reads it…
    #expect(session.rebuild(changed: [beta]).changed == ["heroes/beta/index.html"])
    // …and told nothing, it checks every file's stamp.
    try site.write("Content/heroes/alpha.md", hero("Alpha", publisher: "North", biography: "Checked by its stamp."))
    #expect(session.rebuild().changed == ["heroes/alpha/index.html"])
    #expect(
        String(decoding: try #require(session.file("heroes/alpha/index.html")), as: UTF8.self).contains(
            "Checked by its stamp."))
}
