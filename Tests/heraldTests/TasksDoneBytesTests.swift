import Foundation
import HeraldTestSupport
import Testing

// `herald tasks done` run as a user runs it, on the files the tools teams use write: the whole
// file is compared before and after, so only the intended bytes may change, and a repeating
// task's next occurrence must be exactly the line its tool would have added.

private func site(_ config: String, _ path: String, _ text: String) throws -> TemporarySite {
    try TemporarySite([
        "herald.yml": "title: Board\ntimezone: Europe/Berlin\ntasks:\n  source: \(path)\n\(config)", path: text
    ])
}

/// The IDs `herald tasks list` shows, by the title at the end of each line.
private func ids(in site: TemporarySite) async throws -> [String: String] {
    let list = try await site.herald(["tasks", "list", "--json"])
    #expect(list.status == 0, "\(list.stderr)")
    let tasks = try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]])
    return Dictionary(
        tasks.compactMap { task in
            (task["title"] as? String).flatMap { title in (task["id"] as? String).map { (title, $0) } }
        },
        uniquingKeysWith: { first, _ in first })
}

/// Runs `herald tasks done ID --now DAY`; its output's two lines, the second naming the next occurrence.
private func done(_ id: String, on day: String, in site: TemporarySite) async throws -> [String] {
    let result = try await site.herald(["tasks", "done", id, "--now", day])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    return result.output.split(separator: "\n").map(String.init)
}

@Test func doneOnAnObsidianItemWritesOnlyTheBoxAndTheDoneDate() async throws {
    let note = """
        ---
        tags: [home]
        ---
        # House

        Some prose about the house.

        - [ ] Fix the sink 📅 2026-11-25 ⏫ #plumbing ^sink
        - [ ] Paint the door
            - [ ] Buy paint

        """
    let site = try site("  format: markdown-checklist\n", "Content/House.md", note)
    let sink = try #require(try await ids(in: site)["Fix the sink"])
    #expect(try await done(sink, on: "2026-11-23", in: site) == ["Done \(sink): Fix the sink"])
    #expect(
        try site.read("Content/House.md")
            == note.replacingOccurrences(
                of: "- [ ] Fix the sink 📅 2026-11-25 ⏫ #plumbing ^sink",
                with: "- [x] Fix the sink 📅 2026-11-25 ⏫ #plumbing ✅ 2026-11-23 ^sink"))
    #expect(try await site.herald(["tasks", "reopen", sink]).status == 0)
    #expect(try site.read("Content/House.md") == note)
}

@Test func doneOnARepeatingObsidianItemPutsTheNextOneAbove() async throws {
    let note = "- [ ] Take out the trash 🔁 every week 📅 2026-11-22\n- [ ] Call the landlord\n"
    let site = try site("", "Content/Home.md", note)
    let trash = try #require(try await ids(in: site)["Take out the trash"])
    let output = try await done(trash, on: "2026-11-21", in: site)
    #expect(
        try site.read("Content/Home.md") == "- [ ] Take out the trash 🔁 every week 📅 2026-11-29\n"
            + "- [x] Take out the trash 🔁 every week 📅 2026-11-22 ✅ 2026-11-21\n- [ ] Call the landlord\n")
    #expect(output.count == 2)
    #expect(output.last?.hasSuffix(": Take out the trash, due 2026-11-29") == true)
}

@Test(arguments: [
    // A week from the day it is done, however late.
    ("Water the plants due:2026-11-20 rec:1w", "2026-11-23", "Water the plants due:2026-11-30 rec:1w"),
    // Strict: a week from the due date.
    ("Water the plants due:2026-11-20 rec:+1w", "2026-11-23", "Water the plants due:2026-11-27 rec:+1w"),
    // A month from January 31 is the last day of February.
    (
        "(B) 2026-01-02 Pay rent +Flat due:2026-01-31 rec:1m", "2026-01-31",
        "(B) 2026-01-31 Pay rent +Flat due:2026-02-28 rec:1m"
    ),
    // Three business days from a Friday: Monday, Tuesday, Wednesday.
    (
        "Send the report @work due:2026-11-20 t:2026-11-19 rec:3b", "2026-11-20",
        "Send the report @work due:2026-11-25 t:2026-11-24 rec:3b"
    )
])
func doneOnARepeatingTodoTxtTaskAddsTheNextOneAtTheEnd(line: String, day: String, next: String) async throws {
    let before = "# chores\n\(line)\nCall Mom @phone\n"
    let site = try site("", "Content/todo.txt", before)
    let title = try #require(try await ids(in: site).keys.first { line.contains($0) && $0 != "# chores" })
    let id = try #require(try await ids(in: site)[title])
    let output = try await done(id, on: day, in: site)
    // The task completed in place (a priority moved to pri:, as the format says), the next at the end.
    var completed = "x \(day) " + line
    if line.hasPrefix("(B) ") { completed = "x \(day) " + line.dropFirst(4) + " pri:B" }
    #expect(try site.read("Content/todo.txt") == "# chores\n\(completed)\nCall Mom @phone\n\(next)\n")
    let after = try await site.herald(["tasks", "list", "--json"])
    let tasks = try #require(try JSONSerialization.jsonObject(with: after.stdout) as? [[String: Any]])
    let added = try #require(tasks.last)
    #expect(added["status"] as? String == "todo")
    #expect(
        added["due"] as? String
            == next.split(separator: " ").first { $0.hasPrefix("due:") }.map { String($0.dropFirst(4)) })
    // As the board labels it: the title, then the project and contexts.
    let label =
        ([title] + ((added["project"] as? String).map { ["+" + $0] } ?? [])
        + ((added["contexts"] as? [String]) ?? []).map { "@" + $0 }).joined(separator: " ")
    #expect(
        output == [
            "Done \(tasks[1]["id"] as? String ?? ""): \(label)",
            "Added the next occurrence \(added["id"] as? String ?? ""): \(label), due \(added["due"] as? String ?? "")"
        ])
}

@Test func doneOnAGitHubShapedIssueWritesItsStateAndClosedDateOnly() async throws {
    let issues = """
        [
          {
            "number": 41,
            "title": "Crash when the config is empty",
            "state": "open",
            "labels": [{"name": "bug"}, {"name": "config"}],
            "assignees": [{"login": "maren"}],
            "html_url": "https://github.com/example/board/issues/41",
            "created_at": "2026-11-02T09:15:00Z",
            "closed_at": null,
            "body": "Steps:\\n1. Empty herald.yml\\n2. Build"
          },
          {
            "number": 42,
            "title": "Document the GitLab example",
            "state": "open",
            "labels": [],
            "assignees": [],
            "html_url": "https://github.com/example/board/issues/42",
            "created_at": "2026-11-03T10:00:00Z",
            "closed_at": null,
            "body": null
          }
        ]

        """
    let config = """
          format: json
          columns: [todo, done]
          status_map: {open: todo, closed: done}
          fields: {id: number, title: title, notes: body, status: state, assignee: assignees.*.login,
                   url: html_url, created: created_at, completed_at: closed_at, tags: labels.*.name}

        """
    let site = try site(config, "Content/issues.json", issues)
    #expect(try await done("41", on: "2026-11-23T10:00:00Z", in: site) == ["Done 41: Crash when the config is empty"])
    #expect(
        try site.read("Content/issues.json")
            == issues
            .replacingOccurrences(
                of: "\"state\": \"open\",\n    \"labels\": [{\"name\": \"bug\"}",
                with: "\"state\": \"closed\",\n    \"labels\": [{\"name\": \"bug\"}"
            )
            .replacingOccurrences(
                of: "\"closed_at\": null,\n    \"body\": \"Steps",
                // A timestamp, as the file writes created_at: the instant November 23 starts in Berlin.
                with: "\"closed_at\": \"2026-11-22T23:00:00Z\",\n    \"body\": \"Steps"))
    let build = try await site.herald(["build", "--now", "2026-11-23T10:00:00Z", "--strict"])
    #expect(build.status == 0, "\(build.stderr)")
    #expect(try await site.herald(["tasks", "reopen", "41"]).status == 0)
    #expect(try site.read("Content/issues.json") == issues)
}
