import Foundation
@testable import HeraldBuilder
import HeraldCore
import HeraldTestSupport
import Testing

extension TemporarySite {
    func modified(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url(path).path)[.modificationDate] as? Date
    }
}

@Test func firstBuildWritesEverythingAndSecondNothing() throws {
    let out = try TemporarySite()
    let files = ["index.html": "<h1>Home</h1>", "tasks/index.html": "<h1>Tasks</h1>", "heroes/a/index.html": "A"]
    let first = try build(into: out.folder, files)
    #expect(first.written == 3 && first.unchanged == 0 && first.removed == 0)
    #expect(try out.read("tasks/index.html") == "<h1>Tasks</h1>")
    let stamp = try out.modified("heroes/a/index.html")
    Thread.sleep(forTimeInterval: 0.02)
    let second = try build(into: out.folder, files)
    #expect(second.written == 0 && second.unchanged == 3)
    #expect(try out.modified("heroes/a/index.html") == stamp)
    #expect(!out.exists(".herald-staging"))
}

@Test func changedFilesAreRewrittenAndDroppedOnesRemoved() throws {
    let out = try TemporarySite()
    _ = try build(into: out.folder, ["index.html": "v1", "heroes/a/index.html": "A", "heroes/b/index.html": "B"])
    try "mine".write(to: out.url("heroes/notes.txt"), atomically: true, encoding: .utf8)
    let summary = try build(into: out.folder, ["index.html": "v2", "heroes/b/index.html": "B"])
    #expect(summary.written == 1 && summary.unchanged == 1 && summary.removed == 1)
    #expect(try out.read("index.html") == "v2")
    #expect(!out.exists("heroes/a"))
    #expect(try out.read("heroes/notes.txt") == "mine")
}

@Test func aHandEditedOutputFileIsWrittenAgain() throws {
    let out = try TemporarySite()
    _ = try build(into: out.folder, ["index.html": "ours"])
    Thread.sleep(forTimeInterval: 0.02)
    try "edit".write(to: out.url("index.html"), atomically: false, encoding: .utf8)
    let summary = try build(into: out.folder, ["index.html": "ours"])
    #expect(summary.written == 1)
    #expect(try out.read("index.html") == "ours")
}

@Test func discardLeavesTheFolderAsItWas() throws {
    let out = try TemporarySite()
    _ = try build(into: out.folder, ["index.html": "published"])
    let writer = makeWriter(out.folder)
    try writer.add(try #require(OutputPath("index.html")), bytes: Array("half".utf8))
    try writer.add(try #require(OutputPath("new/index.html")), bytes: Array("new".utf8))
    writer.discard()
    #expect(try out.read("index.html") == "published")
    let names = try FileManager.default.contentsOfDirectory(atPath: out.folder.path).sorted()
    #expect(names == ["index.html"])
}

@Test func twoPagesWritingOneFileIsAnError() throws {
    let out = try TemporarySite()
    let writer = makeWriter(out.folder)
    let path = try #require(OutputPath("index.html"))
    try writer.add(path, bytes: [1])
    #expect(throws: (any Error).self) { try writer.add(path, bytes: [2]) }
    writer.discard()
}

@Test func outputPathsCannotLeaveTheFolder() {
    for bad in ["", "/etc/passwd", "../x", "a/../../x", "a//b", "./a", "a\\b", "a\0b", "a/", "a/.", "..", "a/.."] {
        #expect(OutputPath(bad) == nil, "\(bad.debugDescription) must be refused")
    }
    for good in [".htaccess", ".well-known/security.txt", "a/.../b", "a..b/c.", "x"] {
        #expect(OutputPath(good)?.value == good, "\(good.debugDescription) is inside the folder")
    }
    #expect(OutputPath("heroes/page/2/index.html")?.directory == "heroes/page/2")
    #expect(OutputPath("404.html")?.directory == "")
}

@Test func dangerousOutputFoldersAreRefused() throws {
    let site = try TemporarySite()
    let home = try TemporarySite()
    let inside = site.url("Output")
    #expect(throws: (any Error).self) {
        try OutputFolderGuard.check(output: URL(fileURLWithPath: "/"), site: site.folder, home: home.folder)
    }
    #expect(throws: (any Error).self) {
        try OutputFolderGuard.check(output: home.folder, site: site.folder, home: home.folder)
    }
    #expect(throws: (any Error).self) {
        try OutputFolderGuard.check(output: site.folder, site: site.folder, home: home.folder)
    }
    #expect(throws: (any Error).self) {
        try OutputFolderGuard.check(output: inside.appendingPathComponent(".."), site: site.folder, home: home.folder)
    }
    #expect(throws: (any Error).self) {
        try OutputFolderGuard.check(
            output: site.folder.deletingLastPathComponent(), site: site.folder, home: home.folder)
    }
    try OutputFolderGuard.check(output: inside, site: site.folder, home: home.folder)
    try OutputFolderGuard.check(
        output: inside.appendingPathComponent("not/yet/made"), site: site.folder, home: home.folder)
}

@Test func newFoldersMoveWholeAndExistingOnesFileByFile() throws {
    let out = try TemporarySite()
    _ = try build(into: out.folder, ["tasks/index.html": "board"])
    try "mine".write(to: out.url("tasks/notes.txt"), atomically: true, encoding: .utf8)
    let summary = try build(
        into: out.folder,
        [
            "tasks/index.html": "board", "tasks/tags/a/index.html": "a",
            "heroes/x/index.html": "x", "heroes/y/index.html": "y", "index.html": "home"
        ])
    #expect(summary.written == 4 && summary.unchanged == 1)
    #expect(try out.read("heroes/x/index.html") == "x" && out.read("heroes/y/index.html") == "y")
    #expect(try out.read("tasks/tags/a/index.html") == "a" && out.read("index.html") == "home")
    // The folder that existed keeps what Herald did not write.
    #expect(try out.read("tasks/notes.txt") == "mine")
    #expect(!out.exists(".herald-staging"))
}

@Test func deepFoldersAreMadeAndAFileInTheWayIsNamed() throws {
    let out = try TemporarySite()
    _ = try build(into: out.folder, ["index.html": "home"])
    let deep = try build(
        into: out.folder, ["index.html": "home", "a/b/c/d/index.html": "deep", "a/b/e/index.html": "e"])
    #expect(try deep.written == 2 && out.read("a/b/c/d/index.html") == "deep" && out.read("a/b/e/index.html") == "e")

    try "mine".write(to: out.url("notes"), atomically: true, encoding: .utf8)
    let writer = makeWriter(out.folder)
    for path in ["index.html", "notes/x/index.html"] {
        try writer.add(try #require(OutputPath(path)), bytes: Array("x".utf8))
    }
    // A file named like an output folder stops the commit before anything moves.
    #expect(
        diagnostics { () throws(DiagnosticError) in try writer.commit() }.map(\.message) == [
            "cannot write this page: '\(out.folder.path)/notes' is a file where a folder must go; nothing was written"
        ])
    #expect(try out.read("notes") == "mine")
    #expect(try out.read("index.html") == "home")
    #expect(
        try FileManager.default.contentsOfDirectory(atPath: out.folder.path).filter { $0.hasPrefix(".herald-") } == [])
}

@Test func aCommitKilledWhileMovingLeavesNoOrphanForTheNextBuild() throws {
    let out = try TemporarySite()
    _ = try build(into: out.folder, ["index.html": "v1"])
    // What a build killed mid-commit leaves: its journal (the manifest it was committing) and
    // some of its files moved in, which no saved manifest lists.
    try writeState(
        Manifest.journalName, of: out.folder, "herald-manifest 1\n0\t3\tindex.html\n0\t3\torphan/index.html\n")
    try out.write("orphan/index.html", "new")
    let summary = try build(into: out.folder, ["index.html": "v3"])
    #expect(summary.removed == 1)
    #expect(!out.exists("orphan"))
    #expect(!stateExists(Manifest.journalName, of: out.folder))
    #expect(try out.read("index.html") == "v3")
}

@Test func aManifestNamingPathsOutsideTheFolderIsNotTrusted() throws {
    let out = try TemporarySite()
    try out.write("victim.txt", "keep")
    try out.write("Output/mine.html", "mine")
    try writeState(
        Manifest.fileName, of: out.url("Output"), "herald-manifest 1\n0\t4\t../victim.txt\n0\t4\tmine.html\n")
    let writer = makeWriter(out.url("Output"))
    #expect(
        writer.warnings.map(\.message) == [
            "the build manifest is not Herald's: it names '../victim.txt', which is not "
                + "a path inside the output folder, so it was not written by Herald; it is ignored, and no file it names is removed"
        ])
    try writer.add(try #require(OutputPath("index.html")), bytes: [1])
    #expect(try writer.commit().removed == 0)
    #expect(try out.read("victim.txt") == "keep")
    #expect(try out.read("Output/mine.html") == "mine")
}

@Test func removalNeverGoesThroughASymbolicLink() throws {
    let out = try TemporarySite()
    _ = try build(into: out.url("Output"), ["index.html": "home", "old/page.html": "old"])
    try out.write("elsewhere/page.html", "someone else's")
    try out.remove("Output/old")
    try FileManager.default.createSymbolicLink(
        atPath: out.url("Output/old").path, withDestinationPath: out.url("elsewhere").path)
    let summary = try build(into: out.url("Output"), ["index.html": "home"])
    #expect(summary.removed == 0)
    #expect(try out.read("elsewhere/page.html") == "someone else's")
}

@Test func aFailedMoveIsUndoneWithEveryFileBackAsItWas() throws {
    let out = try TemporarySite()
    _ = try build(into: out.url("Output"), ["index.html": "old home", "a/index.html": "old a"])
    let output = out.url("Output").path
    try out.write("Output/.stage/index.html", "new home")
    try out.write("Output/.stage/b/index.html", "new b")
    var undo = CommitUndo(folder: output, staging: output + "/.stage")
    try undo.moveFile(try #require(OutputPath("index.html")))
    try undo.moveFolder("b")
    try undo.makeFolder("c")
    #expect(try out.read("Output/index.html") == "new home")
    // The next move fails (nothing staged for it): everything before it is undone.
    #expect(throws: DiagnosticError.self) { try undo.moveFile(try #require(OutputPath("a/index.html"))) }
    undo.rollBack()
    #expect(try out.read("Output/index.html") == "old home")
    #expect(try out.read("Output/a/index.html") == "old a")
    #expect(!out.exists("Output/b") && !out.exists("Output/c"))
    #expect(try out.read("Output/.stage/b/index.html") == "new b")
}

@Test func aFailedCommitAfterAnInterruptedOneStillLeavesNoOrphan() throws {
    let out = try TemporarySite()
    _ = try build(into: out.folder, ["index.html": "v1"])
    try writeState(
        Manifest.journalName, of: out.folder, "herald-manifest 1\n0\t3\tindex.html\n0\t3\torphan/index.html\n")
    try out.write("orphan/index.html", "new")
    try out.write("blocked", "a file where a folder must go")
    // This build's commit fails: the earlier interrupted commit's journal must survive it.
    let failing = makeWriter(out.folder)
    try failing.add(try #require(OutputPath("index.html")), bytes: Array("v2".utf8))
    try failing.add(try #require(OutputPath("blocked/x/index.html")), bytes: Array("x".utf8))
    #expect(throws: DiagnosticError.self) { try failing.commit() }
    #expect(stateExists(Manifest.journalName, of: out.folder))
    try out.remove("blocked")
    let summary = try build(into: out.folder, ["index.html": "v3"])
    #expect(summary.removed == 1)
    #expect(!out.exists("orphan") && !stateExists(Manifest.journalName, of: out.folder))
}

@Test func filesUnderFoldersTheOutputHasAndUnderNewOnesLandAlikeWithNoStagingLeft() throws {
    let out = try TemporarySite()
    _ = try build(
        into: out.folder, ["index.html": "home 1", "heroes/a/index.html": "a 1", "heroes/index.html": "list 1"])
    let inode = { (path: String) in
        (try? FileManager.default.attributesOfItem(atPath: out.url(path).path))?[.systemFileNumber] as? Int
    }
    let listBefore = inode("heroes/index.html")
    // Changed files under `heroes/` (which the output has) are staged flat, a new page in a new
    // folder there too, and `tasks/` (new) moves in whole.
    let summary = try build(
        into: out.folder,
        [
            "index.html": "home 2", "heroes/a/index.html": "a 2", "heroes/index.html": "list 1",
            "heroes/b/deep/index.html": "b 2", "tasks/index.html": "tasks 2"
        ])
    #expect(summary.written == 4 && summary.unchanged == 1)
    for (path, text) in [
        "index.html": "home 2", "heroes/a/index.html": "a 2", "heroes/index.html": "list 1",
        "heroes/b/deep/index.html": "b 2", "tasks/index.html": "tasks 2"
    ] {
        #expect(try out.read(path) == text, "\(path)")
    }
    #expect(inode("heroes/index.html") == listBefore)
    let left = try FileManager.default.contentsOfDirectory(atPath: out.folder.path).filter {
        $0.hasPrefix(".herald-staging")
    }
    #expect(left.isEmpty)
}

@Test func aMoveThatFailsAmongManyMovedOnTwoCoresLeavesEveryFileAsItWas() throws {
    let out = try TemporarySite()
    let count = OutputWriter.parallelMovesFrom + 50
    let paths = (1...count).map { "heroes/h\($0)/index.html" }
    _ = try build(into: out.folder, Dictionary(uniqueKeysWithValues: paths.map { ($0, "old \($0)") }))
    let writer = makeWriter(out.folder)
    for path in paths { try writer.add(try #require(OutputPath(path)), bytes: Array("new \(path)".utf8)) }
    // One staged file goes missing, so its move fails after others, on either core, have moved.
    let staging = try #require(
        try FileManager.default.contentsOfDirectory(atPath: out.folder.path).first { $0.hasPrefix(".herald-staging") })
    let staged = try #require(FileManager.default.enumerator(atPath: out.url(staging).path)?.allObjects as? [String])
    let victim = try #require(staged.filter { $0.hasSuffix("/\(count / 2)") }.first)
    try FileManager.default.removeItem(atPath: out.url(staging).path + "/" + victim)
    #expect(throws: DiagnosticError.self) { try writer.commit() }
    for path in paths { #expect(try out.read(path) == "old \(path)", "\(path)") }
    #expect(!stateExists(Manifest.journalName, of: out.folder))
    #expect(
        try FileManager.default.contentsOfDirectory(atPath: out.folder.path).filter { $0.hasPrefix(".herald-staging") }
            == [])
    // The next build commits them all.
    let summary = try build(into: out.folder, Dictionary(uniqueKeysWithValues: paths.map { ($0, "new \($0)") }))
    #expect(summary.written == count)
    #expect(try out.read(paths[0]) == "new \(paths[0])")
}

@Test func theManifestListsItsPathsInByteOrderWhateverOrderItWasReadIn() throws {
    let out = try TemporarySite()
    let files = ["b/index.html": "b", "a.html": "a", "a/index.html": "x", "é.html": "e"]
    _ = try build(into: out.folder, files)
    let manifestPath = stateOf(out.folder).path(Manifest.fileName)
    func entryLines() throws -> [Substring] {
        try String(contentsOfFile: manifestPath, encoding: .utf8).split(separator: "\n").filter {
            $0.first?.isHexDigit == true
        }
    }
    func paths() throws -> [String] { try entryLines().map { String($0.split(separator: "\t").last ?? "") } }
    let inOrder = ["a.html", "a/index.html", "b/index.html", "é.html"]
    #expect(try paths() == inOrder)
    // Read in another order (its lines reversed by hand), the manifest is sorted again when written.
    let text = try String(contentsOfFile: manifestPath, encoding: .utf8)
    let header = text.split(separator: "\n").filter { $0.first?.isHexDigit != true }
    try writeState(
        Manifest.fileName, of: out.folder, (header + (try entryLines()).reversed()).joined(separator: "\n") + "\n")
    var changed = files
    changed["a.html"] = "A"
    #expect(try build(into: out.folder, changed).written == 1)
    #expect(try paths() == inOrder)
    // Read in order, it is written in that order, a file dropped left out and removed.
    changed["b/index.html"] = nil
    #expect(try build(into: out.folder, changed).removed == 1)
    #expect(try paths() == ["a.html", "a/index.html", "é.html"])
    #expect(!out.exists("b/index.html"))
}
