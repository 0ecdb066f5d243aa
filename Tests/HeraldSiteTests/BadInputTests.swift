import Foundation
import HeraldConfig
import HeraldCore
import HeraldSite
import HeraldTestSupport
import Testing

// Bad input through the same path as real data: herald.yml, SiteSources, the loaders. Each
// problem is an error at file:line:column, the form editors and CI annotate.

@Test func aDuplicateSlugNamesBothRecords() throws {
    let site = try TemporarySite()
    try site.write(
        "heroes.json",
        """
        [
          {"name": "Batman", "publisher": "DC Comics"},
          {"name": "Robin"},
          {"name": "batman"}
        ]
        """)
    try site.write("herald.yml", "heroes:\n  source: heroes.json\n")
    let loader = try #require(try site.sources().heroes)
    let errors = diagnostics { () throws(DiagnosticError) in try loader.load() }
    #expect(errors.count == 1)
    let error = try #require(errors.first)
    // Reported at the second record, naming the first: on a case-insensitive disk they are one folder.
    #expect(error.location == SourceLocation(file: "heroes.json", line: 4, column: 3))
    #expect(error.message.contains("duplicate slug 'batman'"))
    #expect(error.message.contains("hero 'batman' (heroes.json:4:3)"))
    #expect(error.message.contains("hero 'Batman' (heroes.json:2:3)"))
}

@Test func aSlugThatLeavesTheOutputFolderIsRefused() throws {
    let site = try TemporarySite()
    try site.write(
        "heroes.json",
        """
        [
          {
            "name": "Mallory",
            "slug": "../../etc/passwd"
          }
        ]
        """)
    try site.write("herald.yml", "heroes:\n  source: heroes.json\n")
    let loader = try #require(try site.sources().heroes)
    let errors = diagnostics { () throws(DiagnosticError) in try loader.load() }
    let error = try #require(errors.first)
    #expect(errors.count == 1)
    // At the slug's value, which is where the fix goes.
    #expect(error.location == SourceLocation(file: "heroes.json", line: 4, column: 13))
    #expect(error.message.contains("hero 'Mallory' has slug '../../etc/passwd'"))
    #expect(error.description.hasPrefix("heroes.json:4:13: error: "))
}

@Test func aStatusInNoColumnIsAnError() throws {
    let site = try TemporarySite()
    try site.write(
        "Content/tasks.yml",
        """
        - title: Write it
          status: todo
        - title: Ship it
          status: blocked
        - title: Forget it
          status: wontfix
        """)
    try site.write(
        "herald.yml",
        """
        tasks:
          source: Content/tasks.yml
          columns: [todo, doing, done]
          status_map: {wontfix: ~}
        """)
    let loader = try #require(try site.sources().tasks)
    let errors = diagnostics { () throws(DiagnosticError) in try loader.load() }
    // `wontfix` is dropped on purpose by status_map; only `blocked` is wrong.
    #expect(errors.count == 1)
    let error = try #require(errors.first)
    #expect(error.location == SourceLocation(file: "Content/tasks.yml", line: 4, column: 11))
    #expect(error.message.contains("task 'Ship it' has status 'blocked'"))
    #expect(error.message.contains("columns: todo, doing, done"))
}

@Test func unknownConfigKeysAreErrorsWithASuggestion() throws {
    let yaml = """
        titel: Board
        tasks:
          source: tasks.json
          colums: [todo, done]
        """
    let errors = diagnostics { () throws(DiagnosticError) in try SiteConfig.parse(yaml, file: "herald.yml") }
    // Every mistake of the file at once, each at its key.
    #expect(
        errors.map(\.location) == [
            SourceLocation(file: "herald.yml", line: 1, column: 1),
            SourceLocation(file: "herald.yml", line: 4, column: 3)
        ])
    #expect(errors.first?.message == "unknown key 'titel' (did you mean 'title'?)")
    #expect(errors.last?.message == "unknown key 'colums' in 'tasks' (did you mean 'columns'?)")
}

@Test func aBuildWithBadInputReportsEveryErrorAndWritesNothing() throws {
    let site = try TemporarySite()
    try site.write("Content/tasks.yml", "- title: Ship it\n  status: blocked\n")
    try site.write("Content/heroes.json", "[{\"name\": \"Robin\"}, {\"name\": \"robin\"}]")
    try site.write(
        "herald.yml",
        """
        tasks:
          source: Content/tasks.yml
        heroes:
          source: Content/heroes.json
        """)
    let report = SiteBuild.run(
        BuildOptions(
            site: site.folder, output: site.output, now: try instant("2026-11-20T12:00:00Z"),
            jobs: 2))
    #expect(!report.succeeded)
    // Both sources' problems, not only the first one met.
    #expect(
        report.errors.contains { $0.hasPrefix("Content/tasks.yml:2:11: error: task 'Ship it' has status 'blocked'") })
    #expect(report.errors.contains { $0.hasPrefix("Content/heroes.json:1:21: error: duplicate slug 'robin'") })
    #expect(!FileManager.default.fileExists(atPath: site.output.path))
}

@Test func namesThatMakeOneSlugAreAnErrorThatSaysHowToGiveEachItsOwn() throws {
    // The Pokédex's two Nidoran: the symbol that tells them apart has no place in a URL.
    let records = """
        [{"id": 29, "name": {"english": "Nidoran♀"}, "type": ["Poison"]},
         {"id": 32, "name": {"english": "Nidoran♂"}, "type": ["Poison"]}]
        """
    let site = try TemporarySite([
        "Content/pokedex.json": records,
        "herald.yml": "heroes:\n  source: Content/pokedex.json\n  fields: {name: name.english, tags: type}\n"
    ])
    let now = try instant("2026-11-20T12:00:00Z")
    let failed = SiteBuild.run(BuildOptions(site: site.folder, output: site.output, now: now, jobs: 2))
    #expect(
        failed.errors == [
            "Content/pokedex.json:2:2: error: duplicate slug 'nidoran': hero 'Nidoran♂' (Content/pokedex.json:2:2) "
                + "and hero 'Nidoran♀' (Content/pokedex.json:1:2) would be written to the same page; give each hero "
                + "a slug of its own: a 'slug' in its record, or 'slug:' under 'heroes: fields:' mapped to a key "
                + "that differs from record to record ('fields: {slug: id}')"
        ])
    #expect(!FileManager.default.fileExists(atPath: site.output.path))

    // Both ways out the message names.
    try site.write(
        "herald.yml", "heroes:\n  source: Content/pokedex.json\n  fields: {slug: id, name: name.english, tags: type}\n")
    #expect(SiteBuild.run(BuildOptions(site: site.folder, output: site.output, now: now, jobs: 2)).errors == [])
    #expect(try site.read("Output/heroes/32/index.html").contains("Nidoran♂"))
    try site.write(
        "herald.yml", "heroes:\n  source: Content/pokedex.json\n  fields: {name: name.english, tags: type}\n")
    try site.write(
        "Content/pokedex.json",
        records.replacingOccurrences(of: "\"id\": 29,", with: "\"id\": 29, \"slug\": \"nidoran-f\","))
    #expect(SiteBuild.run(BuildOptions(site: site.folder, output: site.output, now: now, jobs: 2)).errors == [])
    #expect(try site.read("Output/heroes/nidoran-f/index.html").contains("Nidoran♀"))
    #expect(try site.read("Output/heroes/nidoran/index.html").contains("Nidoran♂"))
}

@Test func twoPagesOfOneSlugAreAnErrorThatSaysHowToPartThem() throws {
    let site = try TemporarySite([
        "Content/pages/about.md": "---\ntitle: About\n---\nWho we are.\n",
        "Content/pages/notes/about.md": "---\ntitle: About these notes\n---\nHow they are kept.\n",
        "herald.yml": "title: Two abouts\n"
    ])
    let report = SiteBuild.run(
        BuildOptions(site: site.folder, output: site.output, now: try instant("2026-11-20T12:00:00Z"), jobs: 2))
    #expect(report.errors.count == 1)
    #expect(report.errors.first?.contains("duplicate slug 'about'") == true)
    #expect(report.errors.first?.hasSuffix("; give one of them a 'slug:' of its own in its front matter") == true)
}
