import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import HeraldTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// One test per class of hostile input found by a probe of about 250 builds: each ran against
// main and failed (a deleted file outside the output, a live javascript: link, a hang, a crash)
// before its fix. They run the binary as a user would.

// MARK: - The output folder

@Test func aForgedManifestCannotDeleteFilesOutsideTheOutput() async throws {
    let site = try TemporarySite.smallSite()
    try await site.buildOK()
    try "keep me".write(to: site.root.appendingPathComponent("victim.txt"), atomically: true, encoding: .utf8)
    let manifest = try site.stateFolder().appendingPathComponent("manifest")
    try (try String(contentsOf: manifest, encoding: .utf8) + "0\t5\t../../victim.txt\n").write(
        to: manifest, atomically: true, encoding: .utf8)

    let result = try await site.build()
    #expect(result.status == 0)
    let shown = ".herald/\(try site.stateFolder().lastPathComponent)/manifest"
    #expect(
        result.stderr.contains("\(shown): warning: the build manifest is not Herald's: it names '../../victim.txt'"),
        "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("victim.txt").path))
    // The next build trusts the manifest it wrote itself again.
    let again = try await site.build()
    #expect(again.status == 0 && again.stderr == "")
}

@Test func twoBuildsOfOneOutputNeverInterleave() async throws {
    // Two different sites build into one folder at once: one build runs after the other, so the
    // folder ends up as the later one builds it alone (each site keeps its own state, so the
    // other's pages that it does not write stay as files not its own), never spliced from both,
    // with nothing of Herald's left in it.
    let site = try TemporarySite.smallSite()
    let other = try TemporarySite.smallSite()
    try other.write("Content/heroes/extra.md", "---\nname: Extra\n---\n")
    try other.edit("herald.yml", replacing: "title: Small Board", with: "title: Other Board")
    try await site.buildOK()
    try await other.buildOK()
    let output = site.root.appendingPathComponent("Shared").path
    async let first = site.build(["--output", output])
    async let second = other.build(["--output", output])
    let (one, two) = try await (first, second)
    #expect(one.status == 0 && two.status == 0, "\(one.stderr) \(two.stderr)")

    let shared = try TreeSnapshot(URL(fileURLWithPath: output)).contents
    let alone = (try TreeSnapshot(site.output).contents, try TreeSnapshot(other.output).contents)
    func lastWas(_ later: [String: Data], after earlier: [String: Data]) -> Bool {
        shared.allSatisfy { path, bytes in later[path].map { $0 == bytes } ?? (earlier[path] == bytes) }
            && later.keys.allSatisfy { shared[$0] != nil }
    }
    #expect(lastWas(alone.0, after: alone.1) || lastWas(alone.1, after: alone.0))
    #expect(try site.hiddenOutputFiles("../Shared") == [])
}

@Test func aSecondBuildWaitsForTheLockOrFailsAtOnceWithNoWait() async throws {
    let site = try TemporarySite.smallSite()
    try await site.buildOK()
    let descriptor = open(site.output.path, O_RDONLY | O_DIRECTORY)
    try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
    let refused = try await site.build(["--no-wait"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("another herald build is writing this output folder"))

    let release = Task {
        try await Task.sleep(for: .milliseconds(600))
        close(descriptor)
    }
    let waited = try await site.build()
    try await release.value
    #expect(waited.status == 0)
    #expect(waited.stderr.contains("Waiting for another build of"))
}

@Test func aFileWhereANewFolderMustGoStopsTheCommitWithNothingMoved() async throws {
    let site = try TemporarySite.smallSite()
    try await site.buildOK()
    let before = try TreeSnapshot(site.output)
    // Every page changes (the title is on each), and one new folder has a file in its place.
    try site.edit("herald.yml", replacing: "title: Small Board", with: "title: Renamed Board")
    try site.write("Content/heroes/zephyr.md", "---\nname: Zephyr\n---\n")
    try site.write("Output/heroes/zephyr", "a file of the user's")
    let planted = try TreeSnapshot(site.output)

    let result = try await site.build()
    #expect(result.status == 1)
    #expect(result.stderr.contains("heroes/zephyr/index.html: error: cannot write this page: "))
    #expect(result.stderr.contains("is a file where a folder must go; nothing was written"))
    let after = try TreeSnapshot(site.output)
    #expect(after == planted)
    #expect(after.filesWithNewBytes(since: before) == ["heroes/zephyr"])
}

@Test func aSymbolicLinkInsideTheOutputIsNeverWrittenThrough() async throws {
    let site = try TemporarySite.smallSite()
    try await site.buildOK()
    let elsewhere = site.root.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try site.remove("Output/heroes")
    try FileManager.default.createSymbolicLink(
        atPath: site.output.appendingPathComponent("heroes").path,
        withDestinationPath: elsewhere.path)
    let result = try await site.build()
    #expect(result.status == 1)
    #expect(result.stderr.contains("Output/heroes' is a symbolic link, and Herald never writes through one"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [])
}

@Test func anOutputFolderThatIsOrHoldsAnInputIsRefused() async throws {
    for output in ["Content/pages", "Content", "Content/pages/out"] {
        let site = try TemporarySite.smallSite()
        let before = try TreeSnapshot(site.url("Content"))
        let result = try await site.build(["--output", output])
        #expect(result.status == 2, "\(output): \(result.stderr)")
        #expect(result.stderr.contains("refusing to use this output folder"), "\(output)")
        #expect(try TreeSnapshot(site.url("Content")) == before)
    }
}

// MARK: - Data

@Test func aJavascriptSlugIsAnErrorNotALink() async throws {
    let site = try TemporarySite.smallSite()
    try site.write("Content/pages/evil.md", "---\ntitle: Evil\nslug: \"javascript:alert(document.domain)\"\n---\nx\n")
    let result = try await site.build()
    #expect(result.status == 1)
    #expect(
        result.stderr.contains(
            "Content/pages/evil.md:3:7: error: page 'Evil' has slug 'javascript:alert(document.domain)'"))
    #expect(!site.exists("Output"))
}

@Test func aBillionLaughsIsRefusedQuickly() async throws {
    let site = try TemporarySite.smallSite()
    var yaml = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
    for (level, name) in "bcdefghi".enumerated() {
        let previous = level == 0 ? "a" : String(Array("bcdefghi")[level - 1])
        yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
    }
    try site.write("Content/data/laughs.yml", yaml)
    let clock = ContinuousClock()
    let started = clock.now
    let result = try await site.build()
    // Unbounded, the aliases expand to hundreds of millions of values; the bound stops the build
    // long before. The three minutes allowed are for a loaded machine, where a process started
    // while the whole suite runs has been seen to wait a minute before it runs.
    #expect(clock.now - started < .seconds(180))
    #expect(result.status == 1)
    #expect(result.stderr.contains("Content/data/laughs.yml:"))
    #expect(result.stderr.contains("YAML aliases (*name) expand this document to too many values"))
}

@Test func specialFilesAreNotReadAsData() async throws {
    let site = try TemporarySite.smallSite()
    try site.remove("Content/tasks.yml")
    try #require(mkfifo(site.url("Content/tasks.yml").path, 0o644) == 0)
    let fifo = try await site.build()
    #expect(fifo.status == 1)
    #expect(
        fifo.stderr.contains(
            "Content/tasks.yml: error: cannot read 'Content/tasks.yml': it is a FIFO (named pipe), not a regular file"))

    try site.edit("herald.yml", replacing: "source: Content/tasks.yml", with: "source: /dev/zero\n  format: yaml")
    let device = try await site.build()
    #expect(device.status == 1)
    #expect(device.stderr.contains("it is a character device, not a regular file"))
}

@Test func aFileLargerThanMaxBytesIsAClearError() async throws {
    let site = try TemporarySite.smallSite()
    try site.edit(
        "herald.yml", replacing: "source: Content/tasks.yml", with: "source: Content/tasks.yml\n  max_bytes: 100")
    let result = try await site.build()
    #expect(result.status == 1)
    #expect(
        result.stderr.contains("Content/tasks.yml: error: cannot read 'Content/tasks.yml': it is larger than 100 bytes")
    )
}

@Test func aSymbolicLinkOutOfTheSiteIsNeverRead() async throws {
    let site = try TemporarySite.smallSite()
    try site.write("Content/board/one.txt", "(A) Ship it\n")
    try FileManager.default.createSymbolicLink(
        atPath: site.url("Content/board/secret.txt").path, withDestinationPath: "/etc/passwd")
    try site.edit(
        "herald.yml", replacing: "source: Content/tasks.yml", with: "source: Content/board\n  format: todo.txt")
    let result = try await site.build()
    #expect(result.status == 1)
    #expect(
        result.stderr.contains(
            "Content/board/secret.txt: error: 'Content/board/secret.txt' is a symbolic link to '/etc/passwd'"))
    #expect(!site.exists("Output"))
}

@Test func aDeepChecklistIsAnErrorNotACrash() async throws {
    let site = try TemporarySite.smallSite()
    let deep = (0..<2500).map { String(repeating: "  ", count: $0) + "- [ ] level \($0)" }.joined(separator: "\n")
    try site.write("Content/deep.md", deep + "\n")
    try site.edit("herald.yml", replacing: "source: Content/tasks.yml", with: "source: Content/deep.md")
    let result = try await site.build()
    #expect(result.status == 1)
    #expect(result.stderr.contains("Content/deep.md:101:201: error: checklist item nested more than 100 levels deep"))
}

@Test func controlCharactersNeverBreakTheFeedOrReachHTML() async throws {
    let site = try TemporarySite.smallSite()
    try site.edit(
        "Content/tasks.yml", replacing: "title: \(SmallSite.doneTask)",
        with: "title: \"Vertical\\vtab and NUL\\0here\"")
    try await site.buildOK()
    let feed = try Data(contentsOf: site.output.appendingPathComponent("feed.xml"))
    #expect(!feed.contains(0x0B) && !feed.contains(0))
    #expect(XMLParser(data: feed).parse())
    #expect(String(decoding: feed, as: UTF8.self).contains("Verticaltab and NUL\u{FFFD}here"))
    let board = try Data(contentsOf: site.output.appendingPathComponent("tasks/index.html"))
    #expect(!board.contains(0))
}

@Test func aJavascriptImageIsLeftOutWithAWarning() async throws {
    let site = try TemporarySite.smallSite()
    try site.write("Content/heroes/linky.md", "---\nname: Linky\nimage: \"javascript:alert(document.domain)\"\n---\n")
    let result = try await site.build()
    #expect(result.status == 0)
    #expect(
        result.stderr.contains(
            "Content/heroes/linky.md:3:8: warning: field 'image' of hero 'Linky': "
                + "'javascript:alert(document.domain)' is not a path or an http(s) link; it is left out"))
    let page = try site.read("Output/heroes/linky/index.html")
    #expect(!page.contains("javascript:"))
    // Under --strict the warning is an error.
    #expect(try await site.build(["--strict"]).status == 1)
}

@Test func markupAndQuotesInEveryTextFieldStayText() async throws {
    // Closes an attribute, opens a tag, starts an entity: in every text field a record has.
    let payload = #""'><img src=x onerror=alert(1)>&amp"#
    let p = String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
    let site = try TemporarySite([
        "herald.yml":
            "title: Hostile\ntasks:\n  source: Content/tasks.json\nheroes:\n  source: Content/heroes.json\n  group_by: [publisher, alignment, tags, affiliations]\n",
        "Content/tasks.json": """
        [{"id": 1, "title": \(p), "notes": \(p), "status": "done", "completed_at": "2026-11-20", "priority": \(p),
          "tags": [\(p)], "project": \(p), "assignee": \(p), "due": "2026-11-25"}]
        """,
        "Content/heroes.json": """
        [{"name": \(p), "slug": "hostile", "full_name": \(p), "biography": \(p), "publisher": \(p), "alignment": \(p),
          "aliases": [\(p)], "affiliations": [\(p)], "tags": [\(p)], "appearance": {"height": \(p)}, "stats": {"power": 9}}]
        """,
        "Content/pages/about.md": "---\ntitle: \(p)\n---\n\n\(payload)\n"
    ])
    let result = try await site.build(["--strict"])
    try #require(result.status == 0, "\(result.stderr)")
    let output = try TreeSnapshot(site.output)
    let raw = Data(payload.utf8)
    // Markup (HTML, XML) never holds the payload as markup; the Markdown report backslash-escapes
    // it, and the search index holds it inside JSON strings, which the search script shows as text.
    for file in output.files where file.hasSuffix(".html") || file.hasSuffix(".xml") {
        let bytes = output.entries[file]?.bytes ?? Data()
        #expect(bytes.range(of: raw) == nil, "\(file) holds the payload unescaped")
        #expect(bytes.range(of: Data("<img".utf8)) == nil, "\(file) has an img tag")
    }
    #expect(output.text("tasks/report.md")?.contains(#"\<img src=x onerror=alert\(1\)\>\&amp"#) == true)
    #expect(output.text("heroes/search-index.js")?.contains(#"["\"'><img"#) == true)
    for file in output.files where file.hasSuffix(".xml") {
        let parser = XMLParser(data: output.entries[file]?.bytes ?? Data())
        #expect(parser.parse(), "\(file) is not well-formed")
    }
    #expect(output.text("feed.xml")?.contains("&quot;&apos;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;amp") == true)
    #expect(
        output.text("tasks/index.html")?.contains("&quot;&#39;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;amp") == true)
}
