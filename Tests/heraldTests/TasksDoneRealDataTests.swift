import Foundation
import HeraldTestSupport
import Testing

// `herald tasks done`, run as a user runs it, on files the tools really wrote (Fixtures/): a note of
// the Obsidian Tasks sample vault, a todo.txt file and a GitHub issues answer. The whole file is
// compared before and after: only the intended bytes may change.

/// A site whose one task file is `path`, with `bytes` in it.
private func site(_ path: String, _ bytes: Data, config: String = "") throws -> TemporarySite {
    let site = try TemporarySite(["herald.yml": "title: Board\ntasks:\n  source: \(path)\n\(config)"])
    try site.write(path, bytes)
    return site
}

/// The tasks `herald tasks list --json` shows.
private func tasks(in site: TemporarySite) async throws -> [[String: Any]] {
    let list = try await site.herald(["tasks", "list", "--json"])
    #expect(list.status == 0, "\(list.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]])
}

/// Runs `herald tasks done ID --now NOW` and returns its output's lines.
private func done(_ id: String, now: String, in site: TemporarySite) async throws -> [String] {
    let result = try await site.herald(["tasks", "done", id, "--now", now])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    return result.output.split(separator: "\n").map(String.init)
}

@Test func doneOnTheVaultsRepeatingTaskAddsTheNextOneAboveAndChangesNothingElse() async throws {
    // The plugin's smoke test asks for this task to be completed: every day, with three dates.
    let path = "tasks-obsidian-vault/Tasks-Demo/Manual Testing/Smoke Testing the Tasks Plugin.md"
    let before = try Data(contentsOf: RealData.url(path))
    let text = String(decoding: before, as: UTF8.self)
    let site = try site("Content/Smoke.md", before, config: "  format: markdown-checklist\n")
    let task = try #require(
        try await tasks(in: site).first {
            ($0["title"] as? String)?.hasPrefix("Complete this recurring task in **Live Preview**") == true
        })
    let line = try #require(
        text.components(separatedBy: "\n").first {
            $0.hasPrefix("- [ ] #task Complete this recurring task in **Live Preview**")
        })
    let dates = "🛫 2022-02-17 ⏳ 2022-02-18 📅 2022-02-19"
    #expect(line.hasSuffix(" 🔁 every day " + dates))
    let output = try await done(try #require(task["id"] as? String), now: "2026-11-21", in: site)
    #expect(output.count == 2, "\(output)")
    // The next one a day after the due date, every date moved alike, above the one done.
    let next = line.replacingOccurrences(of: dates, with: "🛫 2022-02-18 ⏳ 2022-02-19 📅 2022-02-20")
    let completed = "- [x]" + line.dropFirst(5) + " ✅ 2026-11-21"
    #expect(
        try site.read("Content/Smoke.md")
            == text.replacingOccurrences(of: line + "\n", with: next + "\n" + completed + "\n"))
}

@Test func doneOnARealGitHubIssueWritesItsStateAndClosedDateOnly() async throws {
    let answer = try #require(try recordedIssueAnswers("GraphQl.testPaginationAndRestIntegration.txt").first)
    // The README's GitHub example, as a user would start from it.
    let site = try TemporarySite(["herald.yml": try readmeGitHubConfig(source: "Content/issues.json")])
    try site.write("Content/issues.json", Data(answer.utf8))
    // The answer's 30 records but its 9 pull requests, which the example leaves out.
    let listed = try await tasks(in: site)
    #expect(listed.count == 21)
    #expect(try await done("3036", now: "2026-11-21T10:00:00Z", in: site).first?.hasPrefix("Done 3036: ") == true)

    // In the one-line answer, issue 3036's own state and closed_at are the first after its number.
    let start = try #require(answer.range(of: #""number":3036,"#))
    let state = try #require(answer.range(of: #""state":"open""#, range: start.upperBound..<answer.endIndex))
    let closed = try #require(answer.range(of: #""closed_at":null"#, range: state.upperBound..<answer.endIndex))
    var expected = answer
    // A timestamp, as GitHub writes its dates: the instant the day starts in the site's zone (UTC).
    expected.replaceSubrange(closed, with: #""closed_at":"2026-11-21T00:00:00Z""#)
    expected.replaceSubrange(state, with: #""state":"closed""#)
    #expect(try site.read("Content/issues.json") == expected)
    #expect(try await site.herald(["tasks", "reopen", "3036"]).status == 0)
    #expect(try site.read("Content/issues.json") == answer)
}

@Test func doneOnARecTaskInARealTodoTxtFileAddsTheNextOccurrenceAtTheEnd() async throws {
    // No file of the fixtures has a rec: task: one is added to the end of a real todo.txt.
    let real = try String(contentsOf: RealData.url("tasks-todotxt/todo.txt"), encoding: .utf8)
    let recurring = "(B) 2026-11-02 Water the plants +Home @home due:2026-11-20 rec:+1w"
    let before = real + (real.hasSuffix("\n") ? "" : "\n") + recurring + "\n"
    let site = try site("Content/todo.txt", Data(before.utf8))
    let water = try #require(try await tasks(in: site).first { $0["title"] as? String == "Water the plants" })
    let output = try await done(try #require(water["id"] as? String), now: "2026-11-23", in: site)
    #expect(output.count == 2)
    // Completed in place, its priority kept as pri:; the next one a week after the due date, at the end.
    let completed = "x 2026-11-23 2026-11-02 Water the plants +Home @home due:2026-11-20 rec:+1w pri:B"
    let next = "(B) 2026-11-23 Water the plants +Home @home due:2026-11-27 rec:+1w"
    #expect(
        try site.read("Content/todo.txt")
            == before.replacingOccurrences(of: recurring + "\n", with: completed + "\n" + next + "\n"))
}
