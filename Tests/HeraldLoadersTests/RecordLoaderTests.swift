import Foundation
import HeraldCore
import HeraldLoaders
import HeraldTestSupport
import Testing

@Test func markdownFolderIsOneRecordPerFile() throws {
    let site = try TemporarySite()
    try site.write(
        "Content/heroes/batman.md",
        """
        ---
        name: Batman
        slug: the-dark-knight
        stats: {intelligence: 100}
        ---
        Bruce Wayne's **biography**.
        """)
    try site.write("Content/heroes/dc/superman.md", "---\nname: Superman\n---\n\nFrom Krypton.\n")
    try site.write("Content/heroes/no-front-matter.md", "Just a body.\n")
    try site.write("Content/heroes/notes.txt", "not Markdown, left out of a Markdown folder\n")
    try site.write("Content/heroes/.hidden.md", "---\nname: Hidden\n---\n")
    let records = try site.load(SourceSpec(path: "Content/heroes"))
    #expect(
        records.map(\.location.file) == [
            "Content/heroes/batman.md", "Content/heroes/dc/superman.md", "Content/heroes/no-front-matter.md"
        ])
    #expect(records[0]["name"]?.string == "Batman")
    #expect(records[0]["slug"]?.string == "the-dark-knight")
    #expect(records[0]["file_slug"]?.string == "batman")
    #expect(records[0]["stats.intelligence"]?.int == 100)
    #expect(records[0]["name"]?.line == 2)
    #expect(records[0].body == "Bruce Wayne's **biography**.")
    #expect(records[0].bodyLine == 6)
    #expect(records[1]["file_slug"]?.string == "superman")
    #expect(records[1].body == "\nFrom Krypton.\n")
    #expect(records[1].bodyLine == 4)
    #expect(records[2].fields.map?.keys == ["file_slug"])
    #expect(records[2].body == "Just a body.\n")
    #expect(records[2].bodyLine == 1)
    #expect(
        try MarkdownRecordReader().records(inText: Array("x".utf8), file: "a/b.c.md").first?["file_slug"]?.string
            == "b.c")
}

@Test func markdownFolderErrorsFromEveryFile() throws {
    let site = try TemporarySite()
    try site.write("pages/a.md", "---\ntitle: [unclosed\n---\n")
    try site.write("pages/b.md", "---\ntitle: fine\n")
    try site.write("pages/c.md", "---\n- a list\n---\n")
    let diagnostics = site.errors(SourceSpec(path: "pages/"))
    #expect(diagnostics.map(\.location.file) == ["pages/a.md", "pages/b.md", "pages/c.md"])
    #expect(diagnostics[0].location.line >= 2)
    #expect(
        diagnostics[1].description
            == "pages/b.md:1:1: error: front matter opened by '---' on line 1 is never closed: expected a line '---' or '...' after the fields"
    )
    #expect(diagnostics[2].message == "front matter must be a map of 'key: value' fields, found a list")
}

@Test func globsMatchStarsAndQuestionMarks() throws {
    let site = try TemporarySite()
    for path in [
        "Content/a.md", "Content/x/b.md", "Content/x/y/c.md", "Content/x/y/c.txt", "Content/d1.json", "Content/d2.json",
        "Content/d10.json", "Other/e.md"
    ] {
        try site.write(path, path.hasSuffix(".json") ? #"[{"file": "\#(path)"}]"# : "---\nfile: \(path)\n---\n")
    }
    let markdown = try site.load(SourceSpec(path: "Content/**/*.md"))
    #expect(markdown.map(\.location.file) == ["Content/a.md", "Content/x/b.md", "Content/x/y/c.md"])
    #expect(markdown.allSatisfy { $0.body != nil })
    let oneLevel = try site.load(SourceSpec(path: "Content/*/*.md"))
    #expect(oneLevel.map(\.location.file) == ["Content/x/b.md"])
    let json = try site.load(SourceSpec(path: "Content/d?.json"))
    #expect(json.compactMap { $0["file"]?.string } == ["Content/d1.json", "Content/d2.json"])
    #expect(try site.load(SourceSpec(path: "Content/**/*.csv")).isEmpty)
    let missingBase = site.errors(SourceSpec(path: "Nowhere/**/*.md"))
    #expect(
        missingBase.map(\.description) == [
            "Nowhere/**/*.md: error: no such folder 'Nowhere' for the pattern 'Nowhere/**/*.md'"
        ])
}

@Test func folderWithExplicitFormatReadsItsExtensions() throws {
    let site = try TemporarySite()
    try site.write("data/b.json", #"[{"n": 2}]"#)
    try site.write("data/a.json", #"[{"n": 1}]"#)
    try site.write("data/sub/c.json", #"{"n": 3}"#)
    try site.write("data/readme.md", "# not data\n")
    let records = try site.load(SourceSpec(path: "data", format: .json))
    #expect(records.compactMap { $0["n"]?.int } == [1, 2, 3])
    #expect(records.map(\.location.file) == ["data/a.json", "data/b.json", "data/sub/c.json"])
}

@Test func formatsAreInferredFromExtensions() throws {
    let site = try TemporarySite()
    try site.write("t.todo.txt", "(A) One\n")
    try site.write("t.yaml", "- a: 1\n")
    try site.write("t.yml", "- a: 1\n")
    try site.write("t.tsv", "a\tb\n1\t2\n")
    try site.write("t.csv", "a,b\n1,2\n")
    try site.write("TODO.md", "- [ ] One\n- [x] Two\n")
    try site.write("t.dat", "?")
    try site.write("README", "?")
    for path in ["t.todo.txt", "t.yaml", "t.yml", "t.tsv", "t.csv"] {
        #expect(try site.load(SourceSpec(path: path)).count == 1, "\(path)")
    }
    #expect(try site.load(SourceSpec(path: "TODO.md")).count == 2)
    #expect(try site.load(SourceSpec(path: "t.csv", format: .tsv)).first?["a,b"]?.string == "1,2")
    #expect(
        site.errors(SourceSpec(path: "t.dat")).first?.description
            == "t.dat: error: cannot tell the format of 't.dat' from the extension '.dat'; set format: to one of json, yaml, csv, tsv, markdown, sqlite, todo.txt, markdown-checklist"
    )
    #expect(site.errors(SourceSpec(path: "README")).first?.message.contains("a path without an extension") == true)
    #expect(DataFormat(rawValue: "todo.txt") == .todoTxt)
    #expect(DataFormat(rawValue: "markdown-checklist") == .markdownChecklist)
}

@Test func emptySourcesHaveNoRecords() throws {
    let site = try TemporarySite()
    try FileManager.default.createDirectory(at: site.url("Content/empty"), withIntermediateDirectories: true)
    try site.write("empty.json", "")
    try site.write("empty.csv", "")
    try site.write("empty.txt", "")
    try site.write("empty.md", "")
    try site.write("empty.yml", "")
    for path in ["Content/empty", "empty.json", "empty.csv", "empty.txt", "empty.md", "empty.yml"] {
        #expect(try site.load(SourceSpec(path: path)).isEmpty, "\(path)")
    }
}

@Test func missingSourceIsAnErrorNamingThePath() throws {
    let site = try TemporarySite()
    #expect(
        site.errors(SourceSpec(path: "Content/tasks.todo.txt")).map(\.description)
            == ["Content/tasks.todo.txt: error: no such file or folder: 'Content/tasks.todo.txt'"])
}

@Test func absolutePathsAreKeptAsWritten() throws {
    let site = try TemporarySite()
    try site.write("abs/list.json", #"[{"a": 1}]"#)
    let path = site.url("abs/list.json").path
    let records = try RecordLoader(siteFolder: URL(fileURLWithPath: "/nonexistent")).load(SourceSpec(path: path))
    #expect(records.first?.location.file == path)
}

@Test func theBytesHashedForTheUpToDateCheckAreTheBytesLoaded() throws {
    let site = try TemporarySite()
    try site.write("Content/heroes/a.md", "---\nname: First A\n---\n")
    try site.write("Content/heroes/b.md", "---\nname: First B\n---\n")
    let inputs = InputFiles()
    let loader = RecordLoader(siteFolder: site.folder, inputs: inputs)
    let spec = SourceSpec(path: "Content/heroes")
    let files = try loader.files(of: spec)
    let hashes = inputs.readAndHash(files.map(\.fullPath))
    #expect(hashes.count == 2 && hashes.allSatisfy { $0 != nil } && hashes[0] != hashes[1])

    // Edited, added and removed after the check: this build still loads what it fingerprinted.
    try site.write("Content/heroes/a.md", "---\nname: Second A\n---\n")
    try site.write("Content/heroes/c.md", "---\nname: Late C\n---\n")
    let first = try loader.load(spec)
    #expect(first.map { $0["name"]?.string } == ["First A", "First B"])

    // Each kept file is handed out once; what no loader took is dropped, and then read anew.
    inputs.forgetUnread()
    #expect(try loader.load(spec).map { $0["name"]?.string } == ["Second A", "First B"])
    #expect(
        try RecordLoader(siteFolder: site.folder).load(spec).map { $0["name"]?.string } == [
            "Second A", "First B", "Late C"
        ])
}

@Test func theSizesOfFilesLoadedWhileHashingAreThoseRead() throws {
    let site = try TemporarySite()
    try site.write("Content/heroes/a.md", "---\nname: A\n---\n")
    try site.write("Content/heroes/b.md", "---\nname: Bee\n---\nA body.\n")
    try site.write("Content/notes.txt", "not a hero")
    let inputs = InputFiles()
    inputs.hashingAsRead()
    let loader = RecordLoader(siteFolder: site.folder, inputs: inputs)
    let spec = SourceSpec(path: "Content/heroes")
    let paths = try loader.files(of: spec).map(\.fullPath)
    _ = try loader.load(spec)
    // Edited after loading: its size is still that of the bytes the build read; a file no loader
    // read is looked at, and one that is gone has none.
    try site.write("Content/heroes/b.md", "---\nname: Bee\n---\n")
    let sizes = inputs.sizes(paths + [site.url("Content/notes.txt").path, site.url("Content/gone.md").path])
    #expect(sizes == [16, 26, 10, nil])
}

@Test func filesAreReadWholeWhateverSizeTheSystemReports() throws {
    let site = try TemporarySite()
    let large = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try site.write("large.bin", large)
    try site.write("empty.txt", "")
    // /proc files report a size of 0 and are read in growing chunks until the end.
    let proc = URL(fileURLWithPath: "/proc/self/cmdline")
    let files = [site.url("large.bin"), site.url("empty.txt"), proc]
    let expected = try files.map { ContentHash.of([UInt8](try Data(contentsOf: $0))) }
    #expect(InputFiles().readAndHash(files.map(\.path), keeping: false) == expected)
    #expect(try Data(contentsOf: proc).count > 0)
}

@Test func foldersListFilesThroughLinksButNotLinkedFolders() throws {
    let site = try TemporarySite()
    try site.write("Content/heroes/a.md", "---\nname: A\n---\n")
    try site.write("Elsewhere/b.md", "---\nname: B\n---\n")
    try site.write("Elsewhere/deeper/c.md", "---\nname: C\n---\n")
    let fileManager = FileManager.default
    try fileManager.createSymbolicLink(
        at: site.url("Content/heroes/b.md"),
        withDestinationURL: site.url("Elsewhere/b.md"))
    try fileManager.createSymbolicLink(
        at: site.url("Content/heroes/deeper"),
        withDestinationURL: site.url("Elsewhere/deeper"))
    try fileManager.createSymbolicLink(
        at: site.url("Content/heroes/gone.md"),
        withDestinationURL: site.url("Elsewhere/missing.md"))
    let records = try site.load(SourceSpec(path: "Content/heroes"))
    #expect(records.map(\.location.file) == ["Content/heroes/a.md", "Content/heroes/b.md"])
    #expect(records.map { $0["file_slug"]?.string } == ["a", "b"])
}

@Test func aFileGoneAfterTheListingIsNamedWithTheReason() throws {
    let site = try TemporarySite()
    try site.write("Content/heroes/a.md", "---\nname: A\n---\n")
    try site.write("Content/heroes/b.md", "---\nname: B\n---\n")
    let loader = RecordLoader(siteFolder: site.folder)
    let spec = SourceSpec(path: "Content/heroes")
    #expect(try loader.files(of: spec).count == 2)
    try site.remove("Content/heroes/b.md")
    #expect(loader.inputs.readAndHash(try loader.files(of: spec).map(\.fullPath)).map { $0 == nil } == [false, true])
    let found = diagnostics { () throws(DiagnosticError) in try loader.load(spec) }
    #expect(
        found.map(\.description)
            == ["Content/heroes/b.md: error: cannot read 'Content/heroes/b.md': No such file or directory"])
}
