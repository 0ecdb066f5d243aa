import Foundation
import HeraldTestSupport
import Testing

// A build that fails writes nothing: the output is left exactly as it was, and every error is
// printed with the place it is at.

/// Gives `site` its own copy of the theme's task card with `{{title}}` mistyped as `{{titel}}`;
/// returns where the typo is.
func addMistypedTaskCard(to site: TemporarySite) throws -> (line: Int, column: Int) {
    let card = try String(
        contentsOf: Repository.url("Sources/HeraldSite/Theme/task-card.html.mustache"), encoding: .utf8)
    try #require(card.components(separatedBy: "{{title}}").count == 2)
    let typo = card.replacingOccurrences(of: "{{title}}", with: "{{titel}}")
    try site.write("Templates/task-card.html.mustache", typo)
    return try #require(position(of: "{{titel}}", in: typo))
}

/// Whether a diagnostic's path names the site's own task card, so that an editor opens it from
/// the site folder (whether the path is relative or absolute).
func namesMistypedTaskCard(_ path: Substring, in site: TemporarySite) -> Bool {
    // Diagnostics name files inside the site relative to it, as `Content/tasks.yml` is.
    let named = (path.hasPrefix("/") ? URL(fileURLWithPath: String(path)) : site.url(String(path)))
        .standardizedFileURL.resolvingSymlinksInPath()
    return path.hasSuffix("Templates/task-card.html.mustache")
        && named.path == site.url("Templates/task-card.html.mustache").resolvingSymlinksInPath().path
}

@Test func templateTypoFailsAStrictBuildAndLeavesTheOutputAsItWas() async throws {
    let site = try TemporarySite.smallSite()
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
    let match = try #require(
        errors.first?.firstMatch(of: #/^(.+):(\d+):(\d+): error: unknown key 'titel' .*did you mean 'title'\?/#))
    #expect(namesMistypedTaskCard(match.1, in: site), "\(match.1)")
    #expect(Int(match.2) == typo.line)
    #expect(Int(match.3) == typo.column)
    #expect(try TreeSnapshot(site.output) == before)
}

@Test func templateTypoIsOneWarningWithoutStrict() async throws {
    let site = try TemporarySite.smallSite()
    let typo = try addMistypedTaskCard(to: site)
    let result = try await site.build()
    #expect(result.status == 0)
    #expect(BuildSummary(result.output)?.warnings == 1, "stdout: \(result.output)")
    #expect(result.output.contains(" removed, 1 warning) in "))
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(lines)")
    let match = try #require(
        lines.first?.firstMatch(of: #/^(.+):(\d+):(\d+): warning: unknown key 'titel' .*did you mean 'title'\?/#))
    #expect(namesMistypedTaskCard(match.1, in: site), "\(match.1)")
    #expect(Int(match.2) == typo.line)
    #expect(Int(match.3) == typo.column)
    // The site's card replaced the theme's on the board, where the title now renders as nothing;
    // the Markdown report does not use the card and keeps it.
    #expect(try !site.read("Output/tasks/index.html").contains(SmallSite.doneTask))
    #expect(try site.read("Output/tasks/report.md").contains(SmallSite.doneTask))

    // --quiet is errors only: no warning, no summary.
    let quiet = try await site.build(["--quiet"])
    #expect(quiet.status == 0)
    #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.output)\(quiet.stderr)")
}

/// Ways to break the small site's tasks file.
enum TasksFileBreak: String, CaseIterable, Sendable {
    /// February 31st.
    case invalidDate
    /// `key: value: value`, which YAML does not allow.
    case malformedYAML
}

@Test(arguments: TasksFileBreak.allCases)
func dataErrorFailsTheBuildAtItsPositionAndLeavesTheOutputAsItWas(_ kind: TasksFileBreak) async throws {
    let site = try TemporarySite.smallSite()
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
        let line = "  title: \(SmallSite.doneTask)"
        let comma = try #require(line.range(of: ", "))
        let broken = line.replacingCharacters(in: comma, with: ": ")
        text = text.replacingOccurrences(of: line + "\n", with: broken + "\n")
        expected = (
            try #require(position(of: broken, in: text)).line,
            line.distance(from: line.startIndex, to: comma.lowerBound) + 1
        )
    }
    try site.write("Content/tasks.yml", text)

    let result = try await site.build(["--strict"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.count == 1, "\(errors)")
    #expect(
        errors.first?.hasPrefix("Content/tasks.yml:\(expected.line):\(expected.column): error: ") == true, "\(errors)")
    #expect(try TreeSnapshot(site.output) == before)
}

@Test func everyDataErrorIsReported() async throws {
    let site = try TemporarySite.smallSite()
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
    #expect(
        lines.first?.hasPrefix("Content/tasks.yml:\(first.line):\(first.column): error: invalid due date '2026-02-31'")
            == true)
    #expect(
        lines.dropFirst().first?.hasPrefix(
            "Content/tasks.yml:\(second.line):\(second.column): error: invalid due date '2026-13-01'") == true)
    #expect(lines.last == "Build failed with 2 errors; nothing was written.")
    #expect(!site.exists("Output"))
}
