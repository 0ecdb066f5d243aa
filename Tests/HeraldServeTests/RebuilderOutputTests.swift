import Foundation
@testable import HeraldServe
import HeraldSite
import HeraldTestSupport
import Testing

// What the rebuilder tells the terminal and the open pages after each rebuild of a real session.

private struct Watched {
    let rebuilder: Rebuilder
    let output = RecordedOutput()
    let status = ServeStatus()
    let broadcaster = EventBroadcaster()

    init(_ site: TemporarySite, verbose: Bool = false) {
        let session = SiteSession(options: SessionOptions(site: site.folder, jobs: 2))
        rebuilder = Rebuilder(
            session: session, broadcaster: broadcaster, status: status, output: output, verbose: verbose)
    }
}

/// Whether `line` is a rebuild's summary.
private func isRebuilt(_ line: String?) -> Bool {
    line?.wholeMatch(of: /Rebuilt \d+ pages in \d+ ms/) != nil
}

@Test(.timeLimit(.minutes(1)))
func aRebuildSaysHowManyPagesChangedAndReloadsOnlyWhenSomeDid() async throws {
    let site = try TemporarySite(boardFiles)
    let watched = Watched(site)
    let listener = EventListener(watched.broadcaster)
    var events = listener.chunks.makeAsyncIterator()
    let first = await watched.rebuilder.firstBuild()
    #expect(
        first.stdout.count == 1 && first.stdout[0].wholeMatch(of: /Built \d+ pages in \d+ ms/) != nil, "\(first.stdout)"
    )
    #expect(first.stderr.isEmpty)

    try site.write("Content/todo.txt", todo + "Water the plants\n")
    await watched.rebuilder.rebuild(changesSince: .now)
    #expect(watched.output.lines.count == 1 && isRebuilt(watched.output.lines[0]), "\(watched.output.lines)")
    let reload = try #require(await nextEvent(&events))
    #expect(reload.event == "reload")
    #expect(reload.data.hasPrefix(#"{"changed":["#) && reload.data.contains(#""/tasks/""#), "\(reload.data)")

    // Nothing changed: said, but no page is told to reload (the next event is the failure's).
    await watched.rebuilder.rebuild(changesSince: .now)
    #expect(watched.output.lines.last?.hasPrefix("Rebuilt 0 pages in ") == true)
    try site.write("herald.yml", "title: [Board\n")
    await watched.rebuilder.rebuild(changesSince: .now)
    #expect(await nextEvent(&events)?.event == "failed")
}

@Test(.timeLimit(.minutes(1)))
func aFailedRebuildShowsItsErrorsAndTheFixReloadsThePagesThatShowedThem() async throws {
    let site = try TemporarySite(boardFiles)
    let watched = Watched(site)
    let listener = EventListener(watched.broadcaster)
    var events = listener.chunks.makeAsyncIterator()
    _ = await watched.rebuilder.firstBuild()
    #expect(watched.status.current.board?.columns == ["todo", "doing", "done"])

    try site.write("herald.yml", "title: [Board\n")
    await watched.rebuilder.rebuild(changesSince: .now)
    let errors = try #require(watched.status.current.errors)
    #expect(!errors.isEmpty && errors.allSatisfy { $0.hasPrefix("herald.yml:") })
    #expect(
        watched.output.lines == errors + [
            "Build failed with \(errors.count) error\(errors.count == 1 ? "" : "s"); "
                + "still serving the last good pages."
        ])
    let failed = try #require(await nextEvent(&events))
    #expect(failed.event == "failed" && failed.data.hasPrefix(#"{"errors":["#))
    // The board keeps the last good build's state.
    #expect(watched.status.current.board?.columns == ["todo", "doing", "done"])

    try site.write("herald.yml", boardFiles["herald.yml"] ?? "")
    await watched.rebuilder.rebuild(changesSince: .now)
    #expect(watched.status.current.errors == nil)
    #expect(isRebuilt(watched.output.lines.last))
    // The same pages as before the failure, yet the open pages must drop the overlay.
    let reload = try #require(await nextEvent(&events))
    #expect(reload.event == "reload")
}

@Test func aFirstBuildThatFailsSaysThePagesShowTheErrors() async throws {
    let site = try TemporarySite(boardFiles.merging(["herald.yml": "title: [Board\n"]) { $1 })
    let watched = Watched(site)
    let first = await watched.rebuilder.firstBuild()
    #expect(first.stdout.isEmpty)
    #expect(first.stderr.last?.hasSuffix("; serving an error page until a build succeeds.") == true)
    #expect(watched.status.current.errors == Array(first.stderr.dropLast()))
    #expect(watched.output.lines.isEmpty)
}

@Test func aWarningIsShownWhenItFirstAppearsNotOnEveryRebuild() async throws {
    let config = "title: Board\ntasks:\n  source: Content/todo.txt\n  limits:\n    todo: 1\n"
    let site = try TemporarySite(boardFiles.merging(["herald.yml": config]) { $1 })
    let watched = Watched(site)
    let first = await watched.rebuilder.firstBuild()
    #expect(first.stderr == ["herald.yml:5:11: warning: column 'todo' holds 2 tasks, over its limit of 1"])

    // Rebuilt with the same warning, after an edit and after none: not repeated.
    try site.edit("Content/todo.txt", replacing: "Pick up milk", with: "Pick up bread")
    await watched.rebuilder.rebuild(changesSince: .now)
    await watched.rebuilder.rebuild(changesSince: .now)
    #expect(
        watched.output.lines.count == 2 && !watched.output.lines.contains { $0.contains("warning") },
        "\(watched.output.lines)")
    // A different warning is news, once.
    try site.write("Content/todo.txt", todo + "(B) Water the plants\n")
    await watched.rebuilder.rebuild(changesSince: .now)
    await watched.rebuilder.rebuild(changesSince: .now)
    #expect(
        watched.output.lines.filter { $0.contains("warning") }
            == ["herald.yml:5:11: warning: column 'todo' holds 3 tasks, over its limit of 1"])
}

@Test func verboseRebuildsNameTheirStepsAndWhatWasRenderedAndKept() async throws {
    let site = try TemporarySite(boardFiles)
    let watched = Watched(site, verbose: true)
    _ = await watched.rebuilder.firstBuild()
    await watched.rebuilder.rebuild(changesSince: .now)
    let lines = watched.output.lines
    #expect(lines.count == 2 && isRebuilt(lines[0]), "\(lines)")
    #expect(
        lines.last?.wholeMatch(of: #/  (\w[\w ]* \d+ ms, )*\w[\w ]* \d+ ms; \d+ rendered, \d+ kept/#) != nil, "\(lines)"
    )
}
