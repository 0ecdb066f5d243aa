import Foundation
import HeraldCore
import HeraldLoaders
import HeraldModels
import HeraldSite
import HeraldTestSupport
import Testing

// Builds with in-memory models on a site folder that holds only herald.yml: the sources named
// there are never read, because the build is handed its loaders.

private let config = """
    title: Test Site
    base_url: https://example.org/site/
    tasks:
      source: Content/tasks.json
    heroes:
      source: Content/heroes.json
      per_page: 2
    """

private let somewhere = SourceLocation(file: "memory", line: 1, column: 1)

private func tasks() -> [TaskItem] {
    [
        TaskItem(
            id: "1", title: "Write the docs", status: "todo", due: Day(year: 2026, month: 11, day: 19),
            tags: ["docs"], project: "Launch", location: somewhere),
        TaskItem(
            id: "2", title: "Ship the release", status: "done", completed: true,
            completedAt: Day(year: 2026, month: 11, day: 18), location: somewhere)
    ]
}

private func heroes() -> [Hero] {
    [
        Hero(
            id: "1", slug: "storm", name: "Storm", publisher: "Marvel Comics", alignment: "good",
            stats: [.init(name: "power", value: 90)], location: somewhere),
        Hero(id: "2", slug: "raven", name: "Raven", publisher: "DC Comics", alignment: "good", location: somewhere),
        Hero(id: "3", slug: "bane", name: "Bane", publisher: "DC Comics", alignment: "bad", location: somewhere)
    ]
}

private func pages() -> [Page] {
    [Page(title: "About", slug: "about", body: "About *this* site.", location: somewhere)]
}

private func build(
    _ site: TemporarySite, tasks: [TaskItem], heroes: [Hero], pages: [Page] = [],
    strict: Bool = false
) throws -> BuildReport {
    let sources = SiteSources(
        tasks: InMemoryLoader(tasks), heroes: InMemoryLoader(heroes),
        pages: InMemoryLoader(pages), data: nil)
    var options = BuildOptions(
        site: site.folder, output: site.output, now: try instant("2026-11-20T12:00:00Z"), jobs: 2)
    options.strict = strict
    return SiteBuild.run(options, sources: sources)
}

@Test func aSiteWithOnlyHeraldYmlBuildsEveryPage() throws {
    let site = try TemporarySite()
    try site.write("herald.yml", config)
    let report = try build(site, tasks: tasks(), heroes: heroes(), pages: pages())
    #expect(report.succeeded, "\(report.errors)")
    #expect(report.errors.isEmpty)
    #expect(report.warnings.isEmpty, "\(report.warnings)")

    let expected = [
        "index.html", "404.html", "sitemap.xml", "feed.xml", "robots.txt",
        "tasks/index.html", "tasks/report.md", "tasks/report/index.html",
        "tasks/tags/docs/index.html", "tasks/projects/launch/index.html",
        "heroes/index.html", "heroes/page/2/index.html", "heroes/search-index.js",
        "heroes/storm/index.html", "heroes/raven/index.html", "heroes/bane/index.html",
        "heroes/publisher/index.html", "heroes/publisher/dc-comics/index.html",
        "heroes/alignment/index.html", "heroes/alignment/bad/index.html",
        "about/index.html"
    ]
    for path in expected {
        #expect(site.exists("Output/\(path)"), "missing \(path)")
    }
    // Three heroes at two per page make two list pages, no third.
    #expect(!site.exists("Output/heroes/page/3/index.html"))
    #expect(report.pages == report.written)

    let sitemap = try site.read("Output/sitemap.xml")
    #expect(sitemap.contains("<loc>https://example.org/site/heroes/storm/</loc>"))
    #expect(sitemap.contains("<loc>https://example.org/site/about/</loc>"))
    let feed = try site.read("Output/feed.xml")
    #expect(feed.contains("Done: Ship the release"))
    #expect(!feed.contains("Write the docs"))
}

@Test func pagesAreFilledFromTheBuiltInTheme() throws {
    let site = try TemporarySite()
    try site.write("herald.yml", config)
    let report = try build(site, tasks: tasks(), heroes: heroes(), pages: pages())
    #expect(report.succeeded, "\(report.errors)")

    let home = try site.read("Output/index.html")
    #expect(home.hasPrefix("<!doctype html>"))
    #expect(home.contains("<title>Test Site</title>"))
    // The theme's stylesheet is written under a content-hashed name, and the page links to it.
    let stylesheet = try #require(home.firstMatch(of: /<link rel="stylesheet" href="([^"]+)">/)?.1)
    #expect(stylesheet.hasPrefix("assets/herald."))
    #expect(site.exists("Output/\(stylesheet)"))

    let board = try site.read("Output/tasks/index.html")
    #expect(board.contains("Write the docs"))
    #expect(board.contains("<a class=\"brand\" href=\"../index.html\">Test Site</a>"))

    let storm = try site.read("Output/heroes/storm/index.html")
    #expect(storm.contains("<h1>Storm</h1>"))
    // Storm comes last by name, so it links back to Raven and forward to nothing.
    #expect(storm.contains("<a href=\"../../heroes/raven/index.html\" rel=\"prev\">← Raven</a>"))
    #expect(!storm.contains("rel=\"next\""))

    // The search index is a script assigning a JSON object: the `last` flags must leave no
    // trailing comma, or the browser would reject it.
    let script = try site.read("Output/heroes/search-index.js")
    let json = try #require(script.firstMatch(of: /=\s*(\{[\s\S]*\});\s*$/)?.1)
    let index = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let entries = try #require(index["heroes"] as? [[Any]])
    #expect(entries.map { $0.first as? String } == ["Bane", "Raven", "Storm"])
    // Each hero's link is put together from the slug: it must be the hero page's.
    #expect(index["linkBefore"] as? String == "heroes/" && index["linkAfter"] as? String == "/index.html")
    #expect(entries.map { $0[1] as? String } == ["bane", "raven", "storm"])
}

@Test func theBuiltInThemeNamesOnlyKeysItsViewDataHas() throws {
    // Under --strict a template key missing from the view data is an error, so the theme must
    // build strictly even when heroes, tasks and pages leave every optional fact out.
    let site = try TemporarySite()
    try site.write("herald.yml", config)
    let report = try build(site, tasks: tasks(), heroes: heroes(), pages: pages(), strict: true)
    #expect(report.succeeded, "\(report.errors)")
}

@Test func noHeroesShowTheEmptyState() throws {
    let site = try TemporarySite()
    try site.write("herald.yml", config)
    let report = try build(site, tasks: tasks(), heroes: [])
    #expect(report.succeeded, "\(report.errors)")
    let catalog = try site.read("Output/heroes/index.html")
    #expect(catalog.contains("No heroes yet. Add records to the heroes source and build again."))
    #expect(!catalog.contains("hero-card"))
    #expect(!site.exists("Output/heroes/page/2/index.html"))
    #expect(!site.exists("Output/heroes/publisher/index.html"))
}

@Test func aSitesOwnTemplateOverridesOnlyThatFile() throws {
    let site = try TemporarySite()
    try site.write("herald.yml", config)
    // The override still extends the theme's base layout, which it does not override.
    try site.write(
        "Templates/hero.html.mustache",
        """
        {{<base.html}}{{$content}}<p class="custom-hero">Custom page of {{hero.name}}</p>{{/content}}{{/base.html}}
        """)
    let report = try build(site, tasks: tasks(), heroes: heroes())
    #expect(report.succeeded, "\(report.errors)")

    let storm = try site.read("Output/heroes/storm/index.html")
    #expect(storm.contains("<p class=\"custom-hero\">Custom page of Storm</p>"))
    #expect(storm.contains("class=\"site-header\""))
    #expect(!storm.contains("<h2>Stats</h2>"))
    // Every other page still comes from the theme.
    let catalog = try site.read("Output/heroes/index.html")
    #expect(catalog.contains("hero-card"))
    #expect(!catalog.contains("custom-hero"))
    #expect(try site.read("Output/tasks/index.html").contains("Write the docs"))
}

@Test func aFailedBuildWritesNothing() throws {
    let site = try TemporarySite()
    try site.write("herald.yml", config)
    // Two heroes that would be written to one folder: the build must refuse, not overwrite.
    let twins = [
        Hero(id: "1", slug: "storm", name: "Storm", location: SourceLocation(file: "a.json", line: 2, column: 3)),
        Hero(id: "2", slug: "Storm", name: "Storm II", location: SourceLocation(file: "a.json", line: 7, column: 3))
    ]
    let report = try build(site, tasks: tasks(), heroes: twins)
    #expect(!report.succeeded)
    #expect(report.errors.contains { $0.hasPrefix("a.json:7:3: error: duplicate slug 'Storm'") })
    #expect(!site.exists("Output/index.html"))
}

@Test func aCatalogNamedByTheSiteIsCountedWithoutCallingItsRecordsHeroes() throws {
    let site = try TemporarySite([
        "Content/pokedex.json": """
        [{"id": 25, "name": "Pikachu", "type": ["Electric"]},
         {"id": 26, "name": "Raichu", "type": ["Electric"]},
         {"id": 4, "name": "Charmander", "type": ["Fire"]}]
        """,
        "herald.yml": """
        title: Pokédex
        heroes:
          source: Content/pokedex.json
          title: Pokémon
          path: pokemon
          facts: {type: Type}
          card: [type]
          group_by: [type]

        """
    ])
    let report = SiteBuild.run(
        BuildOptions(site: site.folder, output: site.output, now: try instant("2026-11-20T12:00:00Z"), jobs: 2))
    #expect(report.errors == [])
    let home = try site.read("Output/index.html")
    #expect(home.contains("<p class=\"lead\">3 in Pokémon.</p>"))
    #expect(home.contains("— 3 in all</span>"))
    let catalog = try site.read("Output/pokemon/index.html")
    #expect(catalog.contains("<p class=\"lead\">3 in all, sorted by name.</p>"))
    // The search box names what the index holds: the name and the card's facts.
    #expect(catalog.contains("placeholder=\"Name, type…\""))
    #expect(try site.read("Output/pokemon/type/electric/index.html").contains("<p class=\"lead\">2 in this group.</p>"))
    #expect(home.contains("<meta name=\"description\" content=\"Pokémon of Pokédex.\""))
    let detail = try site.read("Output/pokemon/pikachu/index.html")
    #expect(detail.contains("<nav class=\"prev-next\" aria-label=\"Previous and next in Pokémon\">"))
    // Nothing a reader sees calls them heroes (the markup's class names may).
    for page in [home, catalog, detail, try site.read("Output/pokemon/type/fire/index.html")] {
        let text = page.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        #expect(!text.localizedCaseInsensitiveContains("hero"), "\(text)")
    }
}
