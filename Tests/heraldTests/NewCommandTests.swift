import Foundation
import HeraldTestSupport
import Testing

// `herald new DIR` writes a small site that builds at once; it writes nothing into a folder that
// holds anything unless told to with --force, and then replaces only its own files.

/// What a new site is made of, as `herald new` lists it.
private let newSiteFiles = [
    "herald.yml", ".gitignore", "Content/tasks.todo.txt", "Content/heroes/copperline.md",
    "Content/heroes/mossback.md", "Content/heroes/the-undertow.md", "Content/pages/about.md"
]

/// The titles of the new site's tasks.
private let newSiteTasks = [
    "Renew the website's domain name", "Draft the spring newsletter", "Ask the printer for a quote",
    "Plan the volunteers' rota for the fair", "Collect photos from the harvest fair",
    "Book the community hall"
]

@Test func aNewSiteBuildsAtOnceWithoutWarningsAndEveryLinkLands() async throws {
    let temporary = try TemporarySite()
    let created = try await CLI.run(["new", "fresh"], in: temporary.root)
    #expect(created.status == 0, "stderr: \(created.stderr)")
    #expect(created.stderr.isEmpty)
    for path in newSiteFiles { #expect(created.output.contains("\n  \(path)\n"), "\(path) in: \(created.output)") }
    #expect(created.output.contains("cd fresh && herald serve"))
    #expect(created.output.contains("cd fresh && herald build"))

    let site = temporary.root.appendingPathComponent("fresh")
    let built = try await CLI.run(["build", "--strict"], in: site)
    #expect(built.status == 0)
    #expect(built.stderr.isEmpty, "stderr: \(built.stderr)")
    let summary = try #require(BuildSummary(built.output), "stdout: \(built.output)")
    #expect(summary.warnings == 0)

    func page(_ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent("Output/" + path), encoding: .utf8)
    }
    let board = try page("tasks/index.html")
    for title in newSiteTasks {
        #expect(board.contains(title.replacingOccurrences(of: "'", with: "&#39;")), "\(title)")
    }
    #expect(try page("heroes/copperline/index.html").contains("Copperline"))
    #expect(try page("heroes/mossback/index.html").contains("Mossback"))
    #expect(try page("heroes/the-undertow/index.html").contains("The Undertow"))
    #expect(try page("about/index.html").contains("About this site"))
    // Its one overdue task is on the home page.
    #expect(try page("index.html").contains("Renew the website&#39;s domain name"))

    let checked = try await CLI.run(["check"], in: site)
    #expect(checked.status == 0)
    #expect(checked.stderr.isEmpty, "stderr: \(checked.stderr)")
    #expect(checked.output.hasPrefix("Checked "))
}

@Test func theNewSitesTasksAreListedByHeraldTasks() async throws {
    let temporary = try TemporarySite()
    #expect(try await CLI.run(["new", "fresh"], in: temporary.root).status == 0)
    let listed = try await CLI.run(["tasks", "list"], in: temporary.root.appendingPathComponent("fresh"))
    #expect(listed.status == 0, "stderr: \(listed.stderr)")
    let lines = listed.output.split(separator: "\n")
    #expect(lines.count == newSiteTasks.count)
    for title in newSiteTasks { #expect(lines.contains { $0.contains(title) }, "\(title) in: \(listed.output)") }
    #expect(lines.filter { $0.contains(" done ") }.count == 1)
    #expect(lines.filter { $0.contains(" doing ") }.count == 1)
}

@Test func aFolderThatHoldsAnythingIsLeftAsItWas() async throws {
    let site = try TemporarySite(["notes.txt": "mine\n", ".hidden": "also mine\n"])
    let before = try TreeSnapshot(site.folder)
    let result = try await CLI.run(["new", "site"], in: site.root)
    #expect(result.status == 1)
    #expect(
        result.stderr == "site: error: the folder is not empty; use --force to write the new site's files into it "
            + "(files of the same names are replaced, others are left alone)\n")
    #expect(result.output.isEmpty)
    #expect(try TreeSnapshot(site.folder) == before)
}

@Test func forceReplacesTheNewSitesFilesAndLeavesTheOthers() async throws {
    let site = try TemporarySite([
        "notes.txt": "mine\n", "herald.yml": "title: Old\n", "Content/heroes/mine.md": "---\nname: Mine\n---\n"
    ])
    let result = try await CLI.run(["new", "--force", "site"], in: site.root)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.output.contains("\n  herald.yml (replaced)\n"))
    #expect(result.output.contains("\n  Content/heroes/copperline.md\n"))
    #expect(try site.read("notes.txt") == "mine\n")
    #expect(try site.read("Content/heroes/mine.md") == "---\nname: Mine\n---\n")
    #expect(try site.read("herald.yml").contains("title: Neighbourhood Board"))
    let built = try await site.build(["--strict"])
    #expect(built.status == 0, "stderr: \(built.stderr)")
    #expect(try site.read("Output/heroes/mine/index.html").contains("Mine"))
}

@Test func forceWritesNothingWhenAFolderOrLinkIsInTheWay() async throws {
    let site = try TemporarySite(["herald.yml/keep.txt": "a folder where the config goes\n", "Content": "a file\n"])
    try FileManager.default.createSymbolicLink(
        atPath: site.url(".gitignore").path, withDestinationPath: "/etc/hostname")
    let before = try TreeSnapshot(site.folder)
    let result = try await CLI.run(["new", "--force", "site"], in: site.root)
    #expect(result.status == 1)
    #expect(
        result.stderr == """
            site/herald.yml: error: is a folder, where the new site has a file
            site/.gitignore: error: is a symbolic link; the new site's files are not written through one
            site/Content: error: is a file, where the new site has a folder

            """)
    #expect(try TreeSnapshot(site.folder) == before)
}

@Test func aFileWhereTheFolderShouldBeIsRefused() async throws {
    let site = try TemporarySite(["taken": "a file\n"])
    let result = try await CLI.run(["new", "taken"], in: site.folder)
    #expect(result.status == 1)
    #expect(result.stderr == "taken: error: not a folder\n")
    #expect(try site.read("taken") == "a file\n")
}
