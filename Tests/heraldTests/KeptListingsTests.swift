import Foundation
import HeraldTestSupport
import Testing

// A build keeps its folder sources' listings in its state (`.herald/build-HASH/listings`), and
// the next build uses one instead of walking the folder again while every folder listed keeps its
// stamp (a file added, removed or renamed changes its folder's). Each test builds the site as a
// user would and checks the pages, and whether the listings were written again (their file's inode).

/// `count` heroes as Markdown files in `Content/heroes`, `extra` in the subfolder `more`.
private func folderSite(count: Int = 12, extra: Int = 2) throws -> TemporarySite {
    var files = ["herald.yml": "title: Listed\nheroes:\n  source: Content/heroes\n"]
    for number in 1...count { files["Content/heroes/hero-\(number).md"] = hero("Hero \(number)") }
    for number in 1...extra { files["Content/heroes/more/extra-\(number).md"] = hero("Extra \(number)") }
    return try TemporarySite(files)
}

private func hero(_ name: String, story: String = "The story") -> String {
    "---\nname: \(name)\npublisher: North\n---\n\(story) of \(name).\n"
}

/// The listings file's inode: a new one each time a build writes it.
private func listingsInode(_ site: TemporarySite) throws -> UInt64? {
    let path = try site.stateFolder().appendingPathComponent("listings").path
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    return (attributes?[.systemFileNumber] as? NSNumber)?.uint64Value
}

/// A folder changed less than a second before a build is listed again by the next: waited out
/// here so that the kept listing is used.
private func waitPastTheClocksTick() {
    Thread.sleep(forTimeInterval: 1.2)
}

@Test func aKeptListingIsUsedUntilAFolderItListedChanges() async throws {
    let site = try folderSite()
    waitPastTheClocksTick()
    try await site.buildOK(["--strict"])
    let kept = try #require(try listingsInode(site), "the first build keeps its listing")

    // A hero's own file changes; no folder does: the listing is used as it was.
    try site.write("Content/heroes/hero-3.md", hero("Hero 3", story: "The new story"))
    try await site.buildOK(["--strict"])
    #expect(try listingsInode(site) == kept, "the listing was made again though no folder changed")
    #expect(try site.read("Output/heroes/hero-3/index.html").contains("The new story"))

    // A file added to the subfolder changes that folder only.
    try site.write("Content/heroes/more/extra-9.md", hero("Extra 9"))
    try await site.buildOK(["--strict"])
    #expect(try listingsInode(site) != kept)
    #expect(site.exists("Output/heroes/extra-9/index.html"))

    // Removed and added in the top folder.
    try site.remove("Content/heroes/hero-1.md")
    try site.remove("Content/heroes/hero-2.md")
    try site.write("Content/heroes/hero-20.md", hero("Hero 20"))
    try await site.buildOK(["--strict"])
    #expect(!site.exists("Output/heroes/hero-1/index.html"))
    #expect(site.exists("Output/heroes/hero-20/index.html"))
    let clean = try await site.build(["--strict", "--output", "Clean"])
    #expect(clean.status == 0, "\(clean.stderr)")
    #expect(try TreeSnapshot(site.output).contents == (try TreeSnapshot(site.url("Clean"))).contents)
}

@Test func aFolderWithALinkIsListedEachTime() async throws {
    let site = try folderSite()
    try FileManager.default.createDirectory(at: site.url("Elsewhere"), withIntermediateDirectories: true)
    // Dangling at first: no file, and its folder will not change when its target appears.
    try FileManager.default.createSymbolicLink(
        atPath: site.url("Content/heroes/linked.md").path, withDestinationPath: "../../Elsewhere/linked.md")
    waitPastTheClocksTick()
    try await site.buildOK(["--strict"])
    #expect(!site.exists("Output/heroes/linked/index.html"))
    try site.write("Elsewhere/linked.md", hero("Linked"))
    try await site.buildOK(["--strict"])
    #expect(try site.read("Output/heroes/linked/index.html").contains("Linked"))
}

@Test func aDamagedOrForeignListingIsNotUsed() async throws {
    let site = try folderSite()
    waitPastTheClocksTick()
    try await site.buildOK(["--strict"])
    let listings = try site.stateFolder().appendingPathComponent("listings")
    var bytes = try Data(contentsOf: listings)
    bytes[bytes.count / 2] ^= 0xFF
    try bytes.write(to: listings)
    try site.write("Content/heroes/hero-5.md", hero("Hero 5", story: "Another story"))
    try await site.buildOK(["--strict"])
    #expect(try site.read("Output/heroes/hero-5/index.html").contains("Another story"))

    // The site copied elsewhere with its state: the listing names the first copy's files.
    let copy = try TemporarySite()
    for name in ["herald.yml", "Content", ".herald"] { try copy.copy(site.url(name), to: name) }
    waitPastTheClocksTick()
    try copy.write("Content/heroes/hero-6.md", hero("Hero 6", story: "The story in the copy"))
    try await copy.buildOK(["--strict"])
    #expect(try copy.read("Output/heroes/hero-6/index.html").contains("The story in the copy"))
    try copy.write("Content/heroes/hero-7.md", hero("Hero 7", story: "A second copied story"))
    try await copy.buildOK(["--strict"])
    #expect(try copy.read("Output/heroes/hero-7/index.html").contains("A second copied story"))
}
