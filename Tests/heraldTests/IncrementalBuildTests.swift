import Foundation
import HeraldTestSupport
import Testing

// A rebuild after a change writes the files whose bytes changed and nothing else, and removes
// the files Herald wrote before and no longer makes, never anyone else's.

/// A task of `SmallSite` and the pages besides the board and the reports that show its title.
struct TaskPages: Sendable, CustomTestStringConvertible {
    var title: String
    var pages: Set<String>
    var testDescription: String { title }
}

// Neither task is overdue, so the home page, which lists overdue tasks by title, keeps its bytes.
@Test(arguments: [
    // Tag and project pages are named by their names, which are already slugs; a done task is in the feed.
    TaskPages(
        title: SmallSite.doneTask,
        pages: ["tasks/tags/ci/index.html", "tasks/projects/release/index.html", "feed.xml"]),
    TaskPages(
        title: SmallSite.openTask,
        pages: ["tasks/tags/docs/index.html", "tasks/tags/writing/index.html", "tasks/projects/release/index.html"])
])
func editingOneTaskRewritesOnlyThePagesThatShowIt(_ task: TaskPages) async throws {
    let site = try TemporarySite.smallSite()
    try await site.buildOK()
    let before = try TreeSnapshot(site.output)

    try site.edit("Content/tasks.yml", replacing: "  title: \(task.title)\n", with: "  title: \(task.title), renamed\n")
    let summary = try await site.buildOK()
    let after = try TreeSnapshot(site.output)

    // Those pages, the board and both reports; the manifest is not in the output.
    let expected = task.pages.union(["tasks/index.html", "tasks/report.md", "tasks/report/index.html"])
    #expect(after.filesWithNewBytes(since: before) == expected)
    #expect(after.filesWithNewTimes(since: before) == expected)
    #expect(summary.written == expected.count)
    #expect(summary.removed == 0)
    #expect(after.text("tasks/index.html")?.contains("\(task.title), renamed") == true)
}

@Test func deletedHeroesLoseTheirPagesAndForeignFilesStay() async throws {
    let site = try TemporarySite.smallSite()
    try await site.buildOK()
    let first = try TreeSnapshot(site.output)
    try #require(first.files.contains("heroes/lantern/index.html"))
    try site.write("Output/keep-me.txt", "mine\n")
    try site.write("Output/heroes/notes.txt", "also mine\n")
    let foreign = ["keep-me.txt", "heroes/notes.txt"]
    let withForeign = try TreeSnapshot(site.output)

    try site.remove("Content/heroes/lantern.md")
    let summary = try await site.buildOK()
    let afterDelete = try TreeSnapshot(site.output)
    let removed = Set(first.files).subtracting(afterDelete.files)
    #expect(removed.contains("heroes/lantern/index.html"))
    #expect(summary.removed == removed.count)
    #expect(afterDelete.entries["heroes/lantern"] == nil, "the emptied folder goes too")
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
