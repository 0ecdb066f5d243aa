import Foundation
import HeraldTestSupport
import Testing

// The output folder holds the site and nothing else: what a build keeps for the next (manifest,
// journal, quick check) lives in `.herald/` beside herald.yml.

@Test func theOutputFolderHoldsOnlyTheSite() async throws {
    let site = try TemporarySite.smallSite()
    let summary = try await site.buildOK()
    #expect(try site.hiddenOutputFiles() == [])
    #expect(try TreeSnapshot(site.output).files.count == summary.pages)
    let state = try site.stateFolder()
    #expect(try String(contentsOf: state.appendingPathComponent("output"), encoding: .utf8) == "Output\n")
    #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("manifest").path))
}

@Test func stateAnOlderHeraldLeftInTheOutputIsMovedOutOnTheFirstBuild() async throws {
    let site = try TemporarySite.smallSite()
    let first = try await site.buildOK()
    let state = try site.stateFolder()
    // Where an older Herald kept them.
    for (name, legacy) in [("manifest", ".herald-manifest"), ("inputs", ".herald-inputs")] {
        try FileManager.default.moveItem(
            at: state.appendingPathComponent(name), to: site.output.appendingPathComponent(legacy))
    }
    try site.remove(".herald")
    let before = try TreeSnapshot(site.output)

    let second = try await site.buildOK()
    #expect((second.written, second.unchanged, second.removed) == (0, first.pages, 0))
    #expect(try site.hiddenOutputFiles() == [])
    let after = try TreeSnapshot(site.output)
    #expect(after.filesWithNewTimes(since: before) == [] && after.files == before.files.filter { !$0.hasPrefix(".") })
    #expect(FileManager.default.fileExists(atPath: try site.stateFolder().appendingPathComponent("manifest").path))
}

@Test func aDeletedOutputFolderIsNoticedAndBuiltWhole() async throws {
    let site = try TemporarySite.smallSite()
    let first = try await site.buildOK()
    let before = try TreeSnapshot(site.output)
    try site.remove("Output")
    let second = try await site.buildOK()
    #expect((second.written, second.unchanged, second.removed) == (first.pages, 0, 0))
    #expect(try TreeSnapshot(site.output).contents == before.contents)
}

@Test func theBuildStateFolderIsNoOutputFolder() async throws {
    let site = try TemporarySite.smallSite()
    for output in [".herald", ".herald/site"] {
        let result = try await site.build(["--output", output])
        #expect(result.status == 2, "\(output): \(result.stderr)")
        #expect(
            result.stderr.contains(
                "refusing to use this output folder: it is or lies inside Herald's build state folder .herald/"),
            "\(output)")
    }
}
