import Foundation
import Testing

// End-to-end tests of `herald build`: each test makes a site in a temporary folder of its own,
// runs the built binary in it as a user would, and checks the files, exit codes and messages.

// MARK: - The default site

@Test func defaultSiteBuildsUnderStrictWithEveryLinkLanding() async throws {
    let site = try TestSite.defaultSite()
    let result = try await site.build(["--strict"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let summary = try #require(BuildSummary(result.output), "stdout: \(result.output)")
    let output = try TreeSnapshot(site.output)
    // Every file is a page the summary counts, except the manifest, Herald's own bookkeeping.
    #expect(output.files.contains(".herald-manifest"))
    #expect(summary.pages == output.files.count - 1)
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
        #expect(url.hasPrefix(baseURL) && links.lands(String(url.dropFirst(baseURL.count)), from: "index.html"), "\(url)")
    }
    // Every page can be found from the sitemap (the 404 page may or may not be listed).
    let listed = Set(sitemap.compactMap { links.resolve(String($0.dropFirst(baseURL.count)), from: "index.html")?.file })
    #expect(Set(links.htmlFiles).subtracting(listed).subtracting(["404.html"]) == [])
}

@Test func buildsWithTheSameInstantAreByteIdentical() async throws {
    let site = try TestSite.defaultSite()
    // At the same time, too: two builds must not share any state but their inputs.
    async let first = site.buildOK(["--output", "First"])
    async let second = site.buildOK(["--output", "Second"])
    _ = try await (first, second)
    let one = try TreeSnapshot(site.url("First"))
    let two = try TreeSnapshot(site.url("Second"))
    #expect(one.files.contains(".herald-manifest") && one.files.count > 50)
    #expect(two.filesWithNewBytes(since: one) == [])
}

@Test func rebuildingAnUnchangedSiteTouchesNothing() async throws {
    let site = try TestSite.defaultSite()
    let first = try await site.buildOK()
    let before = try TreeSnapshot(site.output)
    let second = try await site.buildOK()
    #expect(second.pages == first.pages)
    #expect((second.written, second.unchanged, second.removed) == (0, first.pages, 0))
    let after = try TreeSnapshot(site.output)
    #expect(after.filesWithNewTimes(since: before) == [])
    #expect(after == before)
}

/// One task of the default site's `Content/tasks.yml`, read from its text.
struct DefaultTask {
    var title: String
    var titleLine: String
    var status: String
    var tags: [String]
    var project: String?
    var due: String?

    init(id: String, in text: String) throws {
        let start = try #require(text.range(of: "\n- id: \(id)\n"))
        let block = String(text[start.upperBound...]).components(separatedBy: "\n- id: ")[0]
        func field(_ name: String) -> String? {
            block.split(separator: "\n").first { $0.hasPrefix("  \(name): ") }.map { String($0.dropFirst(name.count + 4)) }
        }
        title = try #require(field("title"))
        titleLine = "  title: " + title
        status = try #require(field("status"))
        tags = (field("tags") ?? "[]").trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        project = field("project")
        due = field("due")
    }
}

// Task 7 is done, so it is in the feed; task 25 is open and due after the build instant. Neither
// is overdue, so the home page, which lists overdue tasks by title, keeps its bytes.
@Test(arguments: ["7", "25"])
func editingOneTaskRewritesOnlyThePagesThatShowIt(id: String) async throws {
    let site = try TestSite.defaultSite()
    try await site.buildOK()
    let before = try TreeSnapshot(site.output)
    let task = try DefaultTask(id: id, in: try site.read("Content/tasks.yml"))
    try #require(task.status == "done" || (task.due ?? "9999") > String(buildInstant.prefix(10)), "task \(id) is overdue")

    try site.edit("Content/tasks.yml", replacing: task.titleLine + "\n", with: task.titleLine + ", renamed\n")
    let summary = try await site.buildOK()
    let after = try TreeSnapshot(site.output)

    // The board, both reports, the task's tag and project pages (their names are already
    // slugs), the feed when the task is done, and the manifest that records their new hashes.
    var expected: Set<String> = ["tasks/index.html", "tasks/report.md", "tasks/report/index.html", ".herald-manifest"]
    expected.formUnion(task.tags.map { "tasks/tags/\($0)/index.html" })
    if let project = task.project { expected.insert("tasks/projects/\(project)/index.html") }
    if task.status == "done" { expected.insert("feed.xml") }
    #expect(after.filesWithNewBytes(since: before) == expected)
    #expect(after.filesWithNewTimes(since: before) == expected)
    #expect(summary.written == expected.count - 1)
    #expect(summary.removed == 0)
    #expect(after.text("tasks/index.html")?.contains("\(task.title), renamed") == true)
}

@Test func deletedHeroesLoseTheirPagesAndForeignFilesStay() async throws {
    let site = try TestSite.defaultSite()
    try await site.buildOK()
    let first = try TreeSnapshot(site.output)
    try #require(first.files.contains("heroes/hum/index.html"))
    try site.write("Output/keep-me.txt", "mine\n")
    try site.write("Output/heroes/notes.txt", "also mine\n")
    let foreign = ["keep-me.txt", "heroes/notes.txt"]
    let withForeign = try TreeSnapshot(site.output)

    try site.remove("Content/heroes/hum.md")
    let summary = try await site.buildOK()
    let afterDelete = try TreeSnapshot(site.output)
    let removed = Set(first.files).subtracting(afterDelete.files)
    #expect(removed.contains("heroes/hum/index.html"))
    #expect(summary.removed == removed.count)
    #expect(afterDelete.entries["heroes/hum"] == nil, "the emptied folder goes too")
    #expect(afterDelete.filesWithNewBytes(since: first).contains("heroes/index.html"))
    for file in foreign { #expect(afterDelete.entries[file] == withForeign.entries[file], "\(file)") }

    // Without a catalog every page under heroes/ goes, but not the folder holding someone's file.
    var config = try site.read("herald.yml").split(separator: "\n", omittingEmptySubsequences: false)
    let section = try #require(config.firstIndex(of: "heroes:"))
    let end = config[(section + 1)...].firstIndex { !$0.hasPrefix("  ") } ?? config.endIndex
    config.removeSubrange(section..<end)
    try site.write("herald.yml", config.joined(separator: "\n"))
    let catalogFiles = afterDelete.files.filter { $0.hasPrefix("heroes/") && !foreign.contains($0) }
    let noCatalog = try await site.buildOK()
    let afterCatalog = try TreeSnapshot(site.output)
    #expect(noCatalog.removed == catalogFiles.count)
    #expect(afterCatalog.entries.keys.filter { $0.hasPrefix("heroes/") } == ["heroes/notes.txt"])
    for file in foreign { #expect(afterCatalog.entries[file] == withForeign.entries[file], "\(file)") }
}

// MARK: - Errors leave the output as it was

/// 1-based line and column of the first `needle` in `text`.
func position(of needle: String, in text: String) -> (line: Int, column: Int)? {
    guard let range = text.range(of: needle) else { return nil }
    let before = text[..<range.lowerBound]
    let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
    return (before.filter { $0 == "\n" }.count + 1, before.distance(from: lineStart, to: range.lowerBound) + 1)
}

/// Gives `site` its own copy of the theme's task card with `{{title}}` mistyped as `{{titel}}`;
/// returns where the typo is.
func addMistypedTaskCard(to site: TestSite) throws -> (line: Int, column: Int) {
    let theme = TestSite.repository.appendingPathComponent("Sources/HeraldSite/Theme/task-card.html.mustache")
    let card = try String(contentsOf: theme, encoding: .utf8)
    try #require(card.components(separatedBy: "{{title}}").count == 2)
    let typo = card.replacingOccurrences(of: "{{title}}", with: "{{titel}}")
    try site.write("Templates/task-card.html.mustache", typo)
    return try #require(position(of: "{{titel}}", in: typo))
}

/// Whether a diagnostic's path names the site's own task card, so that an editor opens it from
/// the site folder (whether the path is relative or absolute).
func namesMistypedTaskCard(_ path: Substring, in site: TestSite) -> Bool {
    // Diagnostics name files inside the site relative to it, as `Content/tasks.yml` is.
    let named = (path.hasPrefix("/") ? URL(fileURLWithPath: String(path)) : site.folder.appendingPathComponent(String(path)))
        .standardizedFileURL.resolvingSymlinksInPath()
    return path.hasSuffix("Templates/task-card.html.mustache")
        && named.path == site.url("Templates/task-card.html.mustache").resolvingSymlinksInPath().path
}

@Test func templateTypoFailsAStrictBuildAndLeavesTheOutputAsItWas() async throws {
    let site = try TestSite.defaultSite()
    _ = try addMistypedTaskCard(to: site)
    // A first build that fails makes no output folder, not even an empty one...
    #expect(try await site.build(["--strict"]).status == 1)
    #expect(!site.exists("Output"))

    // ...and a later one leaves the last good output exactly as it was.
    try site.remove("Templates")
    try await site.buildOK(["--strict"])
    let before = try TreeSnapshot(site.output)
    let typo = try addMistypedTaskCard(to: site)
    let result = try await site.build(["--strict"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    // One mistake, one line: not one per page that shows a task card.
    #expect(errors.count == 1, "\(errors)")
    let match = try #require(errors.first?.firstMatch(of: #/^(.+):(\d+):(\d+): error: unknown key 'titel' .*did you mean 'title'\?/#))
    #expect(namesMistypedTaskCard(match.1, in: site), "\(match.1)")
    #expect(Int(match.2) == typo.line)
    #expect(Int(match.3) == typo.column)
    #expect(try TreeSnapshot(site.output) == before)
}

@Test func templateTypoIsOneWarningWithoutStrict() async throws {
    let site = try TestSite.defaultSite()
    let typo = try addMistypedTaskCard(to: site)
    let result = try await site.build()
    #expect(result.status == 0)
    #expect(BuildSummary(result.output)?.warnings == 1, "stdout: \(result.output)")
    #expect(result.output.contains(" removed, 1 warning) in "))
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(lines)")
    let match = try #require(lines.first?.firstMatch(of: #/^(.+):(\d+):(\d+): warning: unknown key 'titel' .*did you mean 'title'\?/#))
    #expect(namesMistypedTaskCard(match.1, in: site), "\(match.1)")
    #expect(Int(match.2) == typo.line)
    #expect(Int(match.3) == typo.column)
    // The site's card replaced the theme's on the board, where the title now renders as nothing;
    // the Markdown report does not use the card and keeps it.
    let title = try DefaultTask(id: "1", in: try site.read("Content/tasks.yml")).title
    #expect(try !site.read("Output/tasks/index.html").contains(title))
    #expect(try site.read("Output/tasks/report.md").contains(title))

    // --quiet is errors only: no warning, no summary.
    let quiet = try await site.build(["--quiet"])
    #expect(quiet.status == 0)
    #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.output)\(quiet.stderr)")
}

/// Ways to break the default site's tasks file.
enum TasksFileBreak: String, CaseIterable, Sendable {
    /// February 31st.
    case invalidDate
    /// `key: value: value`, which YAML does not allow.
    case malformedYAML
}

@Test(arguments: TasksFileBreak.allCases)
func dataErrorFailsTheBuildAtItsPositionAndLeavesTheOutputAsItWas(_ kind: TasksFileBreak) async throws {
    let site = try TestSite.defaultSite()
    try await site.buildOK(["--strict"])
    let before = try TreeSnapshot(site.output)
    var text = try site.read("Content/tasks.yml")
    let expected: (line: Int, column: Int)
    switch kind {
    case .invalidDate:
        let due = try #require(text.firstMatch(of: #/\n  due: [0-9-]+\n/#))
        text.replaceSubrange(due.range, with: "\n  due: 2026-02-31\n")
        expected = try #require(position(of: "2026-02-31", in: text))
    case .malformedYAML:
        // `title: a, b` becomes `title: a: b`, and the error is at that second colon.
        let line = try DefaultTask(id: "1", in: text).titleLine
        let comma = try #require(line.range(of: ", "))
        let broken = line.replacingCharacters(in: comma, with: ": ")
        text = text.replacingOccurrences(of: line + "\n", with: broken + "\n")
        expected = (try #require(position(of: broken, in: text)).line, line.distance(from: line.startIndex, to: comma.lowerBound) + 1)
    }
    try site.write("Content/tasks.yml", text)

    let result = try await site.build(["--strict"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.count == 1, "\(errors)")
    #expect(errors.first?.hasPrefix("Content/tasks.yml:\(expected.line):\(expected.column): error: ") == true, "\(errors)")
    #expect(try TreeSnapshot(site.output) == before)
}

@Test func everyDataErrorIsReported() async throws {
    let site = try TestSite.defaultSite()
    var text = try site.read("Content/tasks.yml")
    let dues = text.matches(of: #/\n  due: [0-9-]+\n/#).prefix(2).map(\.range)
    try #require(dues.count == 2)
    // The later one first, so the earlier range still holds.
    text.replaceSubrange(dues[1], with: "\n  due: 2026-13-01\n")
    text.replaceSubrange(dues[0], with: "\n  due: 2026-02-31\n")
    try site.write("Content/tasks.yml", text)
    let first = try #require(position(of: "2026-02-31", in: text))
    let second = try #require(position(of: "2026-13-01", in: text))

    let result = try await site.build()
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 3, "\(lines)")
    #expect(lines.first?.hasPrefix("Content/tasks.yml:\(first.line):\(first.column): error: invalid due date '2026-02-31'") == true)
    #expect(lines.dropFirst().first?.hasPrefix("Content/tasks.yml:\(second.line):\(second.column): error: invalid due date '2026-13-01'") == true)
    #expect(lines.last == "Build failed with 2 errors; nothing was written.")
    #expect(!site.exists("Output"))
}

// MARK: - Output folders that are not the site's to clean

enum RefusedOutput: String, CaseIterable, Sendable {
    case root, home, homeFromTheShell, siteFolder, parentOfTheSite

    /// The reason the refusal gives.
    var reason: String {
        switch self {
        case .root: "it is the root folder"
        case .home, .homeFromTheShell: "it is the home folder"
        case .siteFolder: "it is the site folder itself"
        case .parentOfTheSite: "it contains the site folder"
        }
    }
}

@Test(arguments: RefusedOutput.allCases)
func outputFoldersThatHoldMoreThanTheSiteAreRefused(_ output: RefusedOutput) async throws {
    let site = try TestSite.defaultSite()
    // The home folder sits beside the site, not above it, so only its being home can refuse it.
    let home = site.root.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let environment = ["HOME": home.path]
    let before = try TreeSnapshot(site.root)

    let build = ["build", "--now", buildInstant, "--output"]
    let result = switch output {
    case .root: try await site.herald(build + ["/"], environment: environment)
    case .home: try await site.herald(build + [home.path], environment: environment)
    case .homeFromTheShell:
        // The shell expands `~` from HOME before herald sees it.
        try await CLI.launch(URL(fileURLWithPath: "/bin/sh"), ["-c", #"exec "$0" build --now "$1" --output ~"#,
                                                               try #require(CLI.binary).path, buildInstant],
                             in: site.folder, environment: environment)
    case .siteFolder: try await site.herald(build + ["."], environment: environment)
    case .parentOfTheSite: try await site.herald(build + [".."], environment: environment)
    }
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("error: refusing to use this output folder: \(output.reason)"), "\(result.stderr)")
    #expect(try TreeSnapshot(site.root) == before)
    for name in [".herald-manifest", ".herald-staging", "index.html"] {
        #expect(!FileManager.default.fileExists(atPath: "/" + name))
    }
}

// MARK: - Escaping

@Test func markupInDataIsShownAsTypedEverywhere() async throws {
    let site = try TestSite.defaultSite()
    let name = "<script>alert(1)</script>"
    let title = "Fix *emphasis* & <b>bold</b>"
    // Only a name, a slug and two group fields: the rest of a hero is optional.
    try site.write("Content/heroes/script.md", """
        ---
        name: "\(name)"
        slug: script-alert
        publisher: Meridian Comics
        alignment: bad
        ---
        """)
    try site.write("Content/tasks.yml", try site.read("Content/tasks.yml") + """

        - id: 99
          title: "\(title)"
          status: todo
          tags: [bug]

        """)
    let result = try await site.build(["--strict"])
    try #require(result.status == 0, "\(result.stderr)")
    let output = try TreeSnapshot(site.output)

    let escapedName = "&lt;script&gt;alert(1)&lt;/script&gt;"
    let escapedTitle = "Fix *emphasis* &amp; &lt;b&gt;bold&lt;/b&gt;"
    for page in ["heroes/script-alert/index.html", "heroes/index.html", "heroes/alignment/bad/index.html"] {
        #expect(output.text(page)?.contains(escapedName) == true, "\(page)")
    }
    for page in ["tasks/index.html", "tasks/tags/bug/index.html"] {
        #expect(output.text(page)?.contains(escapedTitle) == true, "\(page)")
    }
    for page in SiteLinks(output).htmlFiles {
        let html = output.text(page) ?? ""
        #expect(!html.contains("<script>alert") && !html.contains("<b>bold") && !html.contains("<em>emphasis"), "\(page)")
    }
    // Markdown escapes, which libcmark turns back into the literal title in the HTML report.
    let markdown = output.text("tasks/report.md") ?? ""
    #expect(markdown.contains(#"\*emphasis\*"#) && !markdown.contains("*emphasis*") && !markdown.contains("<b>"))
    #expect(output.text("tasks/report/index.html")?.contains(escapedTitle) == true)

    let script = try #require(output.text("heroes/search-index.js"))
    let prefix = "window.heraldHeroIndex = "
    try #require(script.hasPrefix(prefix) && script.hasSuffix(";\n"))
    let index = try JSONSerialization.jsonObject(with: Data(script.dropFirst(prefix.count).dropLast(2).utf8))
    let names = (index as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
    #expect(names.contains(name))
}

@Test func recordsWithOnlyTheirRequiredFieldsBuildUnderStrict() async throws {
    let site = try TestSite.with([
        "herald.yml": "title: Minimal\ntasks:\n  source: Content/tasks.yml\n  columns: [todo, done]\nheroes:\n  source: Content/heroes\npages: Content/pages\n",
        "Content/tasks.yml": "- id: 1\n  title: Only a title\n  status: todo\n",
        "Content/heroes/solo.md": "---\nname: Solo\n---\n",
        "Content/pages/plain.md": "---\ntitle: Plain\n---\n\nNo date, no draft flag.\n",
    ])
    let result = try await site.build(["--strict"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(site.exists("Output/heroes/solo/index.html"))
    #expect(site.exists("Output/plain/index.html"))
}

// MARK: - Catalog sizes

enum EmptyCatalog: String, CaseIterable, Sendable { case emptyFolder, emptyYAMLList }

@Test(arguments: EmptyCatalog.allCases)
func anEmptyCatalogSaysSo(_ kind: EmptyCatalog) async throws {
    let site = try TestSite.defaultSite()
    switch kind {
    case .emptyFolder:
        for file in try FileManager.default.contentsOfDirectory(atPath: site.url("Content/heroes").path) {
            try site.remove("Content/heroes/\(file)")
        }
    case .emptyYAMLList:
        try site.edit("herald.yml", replacing: "source: Content/heroes\n", with: "source: Content/heroes.yml\n")
        try site.write("Content/heroes.yml", "# Nobody yet.\n[]\n")
    }
    let result = try await site.build(["--strict"])
    try #require(result.status == 0, "\(result.stderr)")
    let output = try TreeSnapshot(site.output)
    let list = try #require(output.text("heroes/index.html"))
    #expect(list.contains("No heroes yet"))
    #expect(!list.contains("rel=\"next\"") && !list.contains("rel=\"prev\"") && !list.contains("page/2/"))
    #expect(output.files.filter { $0.hasPrefix("heroes/page/") } == [])
}

@Test func aThousandHeroesMakeListAndGroupPagesInOrder() async throws {
    let count = 1_000
    let publishers = ["Foxglove Press", "Lanternworks", "Meridian Comics", "Northwind"]
    let alignments = ["good", "bad", "neutral"]
    // In reverse, so the catalog's order comes from sorting by name, not from the file.
    let heroes: [[String: Any]] = (1...count).reversed().map { number in
        let id = String(format: "%04d", number)
        return ["name": "Hero \(id)", "slug": "hero-\(id)", "publisher": publishers[number % 4],
                "alignment": alignments[number % 3],
                "stats": ["strength": number % 97, "speed": number * 7 % 101, "power": number % 89]]
    }
    let json = try JSONSerialization.data(withJSONObject: heroes, options: [.prettyPrinted, .sortedKeys])
    let site = try TestSite.with([
        "herald.yml": "title: Big catalog\nheroes:\n  source: Content/heroes.json\n  per_page: 48\n  group_by: [alignment]\n",
    ])
    try site.write("Content/heroes.json", json)
    let result = try await site.build(["--strict"])
    try #require(result.status == 0, "\(result.stderr)")
    let output = try TreeSnapshot(site.output)
    let links = SiteLinks(output)

    let details = (1...count).map { "heroes/hero-\(String(format: "%04d", $0))/index.html" }
    #expect(details.filter { output.entries[$0] == nil } == [])
    // 1,000 = 20 × 48 + 40.
    let listPages = ["heroes/index.html"] + (2...21).map { "heroes/page/\($0)/index.html" }
    #expect(output.files.filter { $0.hasPrefix("heroes/page/") }.count == 20)
    try expectPaged(listPages, showing: details, links: links)

    // A group is paged the same way: 333 good heroes (every third) = 6 × 48 + 45.
    let good = stride(from: 3, through: count, by: 3).map { details[$0 - 1] }
    let groupPages = ["heroes/alignment/good/index.html"] + (2...7).map { "heroes/alignment/good/page/\($0)/index.html" }
    #expect(output.files.filter { $0.hasPrefix("heroes/alignment/good/") }.sorted() == groupPages.sorted())
    try expectPaged(groupPages, showing: good, links: links)
    #expect(try site.read("Output/heroes/alignment/good/page/7/index.html").contains("333 heroes. Page 7 of 7."))
    #expect(links.broken() == [])
}

/// Following "next" from the first page visits `pages` in order, "prev" leads back, and page N
/// shows the Nth slice of 48 of `items`.
private func expectPaged(_ pages: [String], showing items: [String], links: SiteLinks,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
    var followed = [pages[0]]
    while followed.count <= pages.count, let next = links.rel("next", in: followed[followed.count - 1]).first {
        followed.append(try #require(links.resolve(next, from: followed[followed.count - 1])).file)
    }
    #expect(followed == pages, sourceLocation: sourceLocation)
    for (number, page) in pages.enumerated() {
        let previous = links.rel("prev", in: page).compactMap { links.resolve($0, from: page)?.file }
        #expect(previous == (number == 0 ? [] : [pages[number - 1]]), "\(page)", sourceLocation: sourceLocation)
        let shown = Set(links.links(in: page).compactMap { links.resolve($0, from: page)?.file }).intersection(items)
        #expect(shown == Set(items[(number * 48)..<min(items.count, number * 48 + 48)]), "\(page)", sourceLocation: sourceLocation)
    }
}

// MARK: - Bad data

/// A small site whose heroes (or tasks) go from good to bad, and where the error must point.
struct BadData: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var heroesSource: String
    var good: [String: Data]
    var bad: [String: Data]
    var file: String
    /// Where the error must point: the start of this text in the bad file; nil where the loader
    /// picks the place (there must still be one).
    var pointsAt: String?
    var mentions: [String] = []

    static let all: [BadData] = [truncatedJSON, unclosedCSVQuote, duplicateSlug, slugOutsideTheOutput, binaryTasks]

    static var truncatedJSON: BadData {
        let alpha = "  {\"name\": \"Alpha\", \"stats\": {\"speed\": 3}},\n"
        let good = "[\n" + alpha + "  {\"name\": \"Beta\", \"stats\": {\"power\": 5}}\n]\n"
        // Cut in the middle of the key "power": the end of the file leaves that string open.
        let bad = "[\n" + alpha + "  {\"name\": \"Beta\", \"stats\": {\"pow"
        return BadData(testDescription: "truncated JSON", heroesSource: "Content/heroes.json",
                       good: ["Content/heroes.json": Data(good.utf8)], bad: ["Content/heroes.json": Data(bad.utf8)],
                       file: "Content/heroes.json", pointsAt: "\"pow")
    }

    static var unclosedCSVQuote: BadData {
        let good = "name,publisher\nAlpha,Meridian\nBeta,Northwind\nGamma,Foxglove\n"
        return BadData(testDescription: "CSV with an unclosed quote", heroesSource: "Content/heroes.csv",
                       good: ["Content/heroes.csv": Data(good.utf8)],
                       bad: ["Content/heroes.csv": Data(good.replacingOccurrences(of: "Beta", with: "\"Beta").utf8)],
                       file: "Content/heroes.csv", pointsAt: "\"Beta")
    }

    static func hero(_ name: String, slug: String) -> Data {
        Data("---\nname: \(name)\nslug: \(slug)\n---\n".utf8)
    }

    static var duplicateSlug: BadData {
        BadData(testDescription: "duplicate hero slug", heroesSource: "Content/heroes",
                good: ["Content/heroes/a.md": hero("Alpha One", slug: "twin"), "Content/heroes/b.md": hero("Beta Two", slug: "beta")],
                bad: ["Content/heroes/b.md": hero("Beta Two", slug: "twin")],
                file: "Content/heroes/b.md", mentions: ["twin", "Alpha One", "Beta Two"])
    }

    static var slugOutsideTheOutput: BadData {
        BadData(testDescription: "slug leaving the output folder", heroesSource: "Content/heroes",
                good: ["Content/heroes/a.md": hero("Alpha One", slug: "alpha"), "Content/heroes/b.md": hero("Beta Two", slug: "beta")],
                bad: ["Content/heroes/b.md": hero("Beta Two", slug: "../../etc/passwd")],
                file: "Content/heroes/b.md", pointsAt: "../../etc/passwd", mentions: ["Beta Two", "../../etc/passwd"])
    }

    static var binaryTasks: BadData {
        // Fixed pseudo-random bytes, with a NUL and bytes that are never UTF-8.
        var state: UInt32 = 2_026
        let garbage = [0x00, 0xFF] + (0..<510).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
        return BadData(testDescription: "binary tasks file", heroesSource: "Content/heroes",
                       good: ["Content/heroes/a.md": hero("Alpha One", slug: "alpha")],
                       bad: ["Content/tasks.yml": Data(garbage)], file: "Content/tasks.yml")
    }
}

@Test(arguments: BadData.all)
func badDataFailsTheBuildAtItsPositionAndLeavesTheOutputAsItWas(_ data: BadData) async throws {
    let site = try TestSite.with([
        "herald.yml": "title: Bad data\ntasks:\n  source: Content/tasks.yml\n  columns: [todo, done]\nheroes:\n  source: \(data.heroesSource)\n",
        "Content/tasks.yml": "- id: 1\n  title: Write the tests\n  status: todo\n",
    ])
    for (path, bytes) in data.good { try site.write(path, bytes) }
    try await site.buildOK(["--strict"])
    let before = try TreeSnapshot(site.root)
    for (path, bytes) in data.bad { try site.write(path, bytes) }
    let afterEdit = try TreeSnapshot(site.root)

    let result = try await site.build(["--strict"])
    #expect(result.status == 1)
    let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.count == 1, "\(errors)")
    let error = try #require(errors.first)
    let match = try #require(error.firstMatch(of: #/^(.+?):(\d+):(\d+): error: /#), "\(error)")
    #expect(match.1 == data.file)
    if let needle = data.pointsAt {
        let text = String(decoding: try #require(data.bad[data.file]), as: UTF8.self)
        let expected = try #require(position(of: needle, in: text))
        #expect(Int(match.2) == expected.line, "\(error)")
        #expect(Int(match.3) == expected.column, "\(error)")
    }
    for mention in data.mentions { #expect(error.contains(mention), "\(mention)") }
    // Nothing changed but the data: not the output, and nothing beside it (no `etc/passwd`).
    #expect(try TreeSnapshot(site.root) == afterEdit)
    #expect(afterEdit.filesWithNewBytes(since: before) == Set(data.bad.keys.map { "site/" + $0 }))
}

// MARK: - Options

@Test func reportFileDescribesTheBuild() async throws {
    let site = try TestSite.defaultSite()
    let summary = try await site.buildOK(["--report", "report.json"])
    let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: site.url("report.json"))) as? [String: Any])
    #expect(report["pages"] as? Int == summary.pages)
    #expect(report["written"] as? Int == summary.written)
    #expect(report["unchanged"] as? Int == 0)
    #expect(report["removed"] as? Int == 0)
    #expect((report["warnings"] as? [String])?.isEmpty == true)
    #expect((report["errors"] as? [String])?.isEmpty == true)
    let phases = try #require(report["phases"] as? [[String: Any]])
    #expect(!phases.isEmpty)
    #expect(phases.allSatisfy { ($0["name"] as? String)?.isEmpty == false && ($0["seconds"] as? Double ?? -1) >= 0 })

    // A failed build reports its errors, the same lines as on stderr.
    try site.edit("Content/tasks.yml", replacing: "due: 2026-11-24\n", with: "due: 2026-11-34\n")
    let failed = try await site.build(["--report", "report.json"])
    #expect(failed.status == 1)
    let failure = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: site.url("report.json"))) as? [String: Any])
    let errors = try #require(failure["errors"] as? [String])
    #expect(!errors.isEmpty)
    #expect(errors == failed.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init))
}

@Test func jobCountDoesNotChangeTheOutput() async throws {
    let site = try TestSite.defaultSite()
    async let one = site.buildOK(["--jobs", "1", "--output", "One"])
    async let four = site.buildOK(["--jobs", "4", "--output", "Four"])
    _ = try await (one, four)
    let serial = try TreeSnapshot(site.url("One"))
    #expect(serial.files.count > 50)
    #expect(try TreeSnapshot(site.url("Four")).filesWithNewBytes(since: serial) == [])
}

@Test func zeroJobsIsBadUsage() async throws {
    let site = try TestSite.defaultSite()
    let result = try await site.build(["--jobs", "0"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--jobs"))
    #expect(!site.exists("Output"))
}

@Test func baseURLWithASubPathReachesEveryAbsoluteLink() async throws {
    let site = try TestSite.defaultSite()
    let base = "https://example.com/sub/"
    try await site.buildOK(["--base-url", base])
    let output = try TreeSnapshot(site.output)
    let links = SiteLinks(output, basePath: "/sub/")
    let locations = (output.text("sitemap.xml") ?? "").matches(of: #/<loc>([^<]*)</loc>/#).map { String($0.1) }
    #expect(!locations.isEmpty)
    #expect(locations.allSatisfy { $0.hasPrefix(base) && links.lands(String($0.dropFirst(base.count)), from: "index.html") })
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

@Test func draftsAreBuiltOnlyWhenAskedFor() async throws {
    let site = try TestSite.defaultSite()
    try #require(try site.read("Content/pages/draft-roadmap.md").contains("\ndraft: true\n"))
    try await site.buildOK(["--drafts"])
    #expect(site.exists("Output/draft-roadmap/index.html"))
    #expect(try site.read("Output/sitemap.xml").contains("/draft-roadmap/"))

    let without = try await site.buildOK()
    #expect(without.removed == 1)
    #expect(!site.exists("Output/draft-roadmap/index.html"))
    #expect(try !site.read("Output/sitemap.xml").contains("/draft-roadmap/"))
}

@Test func sourceDateEpochIsTheSameAsNow() async throws {
    let site = try TestSite.defaultSite()
    // Far from the clock of any machine running this, so ignoring the variable cannot pass.
    let instant = "2025-01-15T12:00:00Z"
    let epoch = Int(try #require(ISO8601DateFormatter().date(from: instant)).timeIntervalSince1970)
    async let fromEnvironment = site.herald(["build", "--output", "Epoch"], environment: ["SOURCE_DATE_EPOCH": String(epoch)])
    async let fromOption = site.herald(["build", "--output", "Now", "--now", instant])
    let results = try await [fromEnvironment, fromOption]
    #expect(results.map(\.status) == [0, 0])
    let viaOption = try TreeSnapshot(site.url("Now"))
    #expect(viaOption.text("index.html")?.contains("2025") == true)
    #expect(try TreeSnapshot(site.url("Epoch")).filesWithNewBytes(since: viaOption) == [])
}

@Test func buildHelpListsEveryOption() async throws {
    let site = try TestSite.defaultSite()
    let result = try await site.herald(["build", "--help"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let options = ["--source", "--output", "--strict", "--drafts", "--offline", "--base-url", "--now", "--report",
                   "--quiet", "--verbose", "--jobs"]
    #expect(options.filter { !result.output.contains($0) } == [])
    #expect(!site.exists("Output"))
}
