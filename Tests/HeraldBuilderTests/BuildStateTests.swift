import Foundation
@testable import HeraldBuilder
import HeraldCore
import HeraldTestSupport
import Testing

// A build's state (manifest, journal, quick check) lives in `.herald/` beside the site, never in
// the output folder, one state per output folder.

private func modified(_ path: String) throws -> Date? {
    try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
}

@Test func theOutputHoldsTheSiteAndTheStateLivesBesideIt() throws {
    let out = try TemporarySite()
    let output = out.url("Output")
    _ = try build(into: output, ["index.html": "home", "a/index.html": "a"])
    let listed = FileManager.default.enumerator(atPath: output.path)?.allObjects as? [String]
    #expect(listed?.sorted() == ["a", "a/index.html", "index.html"])
    let state = BuildState(site: out.folder, output: output)
    #expect(state.folder.hasPrefix(OutputFolderGuard.canonical(out.folder) + "/.herald/build-"))
    let outside = BuildState(site: out.folder, output: out.root.appendingPathComponent("Elsewhere"))
    #expect(outside.key == OutputFolderGuard.canonical(out.root) + "/Elsewhere")
    #expect(try String(contentsOfFile: state.path(BuildState.outputFileName), encoding: .utf8) == "Output\n")
    #expect(stateExists(Manifest.fileName, of: output))
    // Another folder of the same site has a state of its own.
    #expect(stateOf(out.url("Other")).folder != state.folder)
    #expect(try build(into: output, ["index.html": "home", "a/index.html": "a"]).unchanged == 2)
}

@Test func aFolderReachedThroughALinkSharesTheStateOfItsRealPath() throws {
    let out = try TemporarySite()
    _ = try build(into: out.url("Output"), ["index.html": "home"])
    try FileManager.default.createSymbolicLink(
        atPath: out.url("Linked").path, withDestinationPath: out.url("Output").path)
    #expect(stateOf(out.url("Linked")).folder == stateOf(out.url("Output")).folder)
}

@Test func stateAnOlderHeraldLeftInTheOutputIsMovedOutAndTrusted() throws {
    let out = try TemporarySite()
    let output = out.url("Output")
    _ = try build(into: output, ["index.html": "home", "a/index.html": "a"])
    let state = stateOf(output)
    // As an older Herald left it: the manifest in the output folder, with its time.
    let stamp = try #require(try modified(state.path(Manifest.fileName)))
    try FileManager.default.moveItem(atPath: state.path(Manifest.fileName), toPath: output.path + "/.herald-manifest")
    try Data("herald-inputs 1\n".utf8).write(to: URL(fileURLWithPath: output.path + "/.herald-inputs"))
    try FileManager.default.removeItem(atPath: state.folder)
    let home = try modified(output.path + "/index.html")
    Thread.sleep(forTimeInterval: 0.02)

    let summary = try build(into: output, ["index.html": "home"])
    #expect(summary.unchanged == 1 && summary.written == 0 && summary.removed == 1)
    #expect(!out.exists("Output/.herald-manifest") && !out.exists("Output/.herald-inputs") && !out.exists("Output/a"))
    #expect(try modified(output.path + "/index.html") == home, "the migrated manifest still vouches for it")
    #expect(try modified(state.path(Manifest.fileName)) != stamp, "the manifest changed, so it was saved again")
    let names = try FileManager.default.contentsOfDirectory(atPath: output.path)
    #expect(names == ["index.html"])
}

@Test func aDeletedOutputFolderIsBuiltWholeAgainWithNothingOfTheOldStateTrusted() throws {
    let out = try TemporarySite()
    let output = out.url("Output")
    _ = try build(into: output, ["index.html": "home", "a/index.html": "a"])
    try FileManager.default.removeItem(at: output)
    // A journal of a commit of the deleted folder names nothing the new folder holds.
    try writeState(Manifest.journalName, of: output, "herald-manifest 1\n0\t4\tmine.html\n")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: false)
    try out.write("Output/mine.html", "mine")
    try FileManager.default.removeItem(at: output)

    let summary = try build(into: output, ["index.html": "home"])
    #expect(summary.written == 1 && summary.unchanged == 0 && summary.removed == 0)
    #expect(try out.read("Output/index.html") == "home")
    #expect(!stateExists(Manifest.journalName, of: output))
}

@Test func aStateNamingAnotherOutputFolderIsNotTrusted() throws {
    let out = try TemporarySite()
    let output = out.url("Output")
    _ = try build(into: output, ["index.html": "home", "mine.html": "x"])
    let state = stateOf(output)
    try Data("/somewhere/else\n".utf8).write(to: URL(fileURLWithPath: state.path(BuildState.outputFileName)))
    let summary = try build(into: output, ["index.html": "home"])
    #expect(summary.written == 1 && summary.removed == 0)
    #expect(try out.read("Output/mine.html") == "x")
}

@Test func theBuildStateFolderCannotBeTheOutput() {
    let site = URL(fileURLWithPath: "/tmp/herald-site-\(UUID().uuidString)")
    for output in [".herald", ".herald/x"] {
        #expect(throws: DiagnosticError.self) {
            try OutputFolderGuard.check(output: site.appendingPathComponent(output), site: site)
        }
    }
}
