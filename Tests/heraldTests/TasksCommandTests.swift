import Foundation
import HeraldTestSupport
import Testing

// `herald tasks` run as a user runs it: exit codes, messages, and the file afterwards.

private let todo = "(A) 2026-11-01 Call Mom +Family @phone\nPick up milk @GroceryStore\nx 2026-11-20 Download the app\n"

private func todoSite() throws -> TemporarySite {
    try TemporarySite([
        "herald.yml": "title: Board\ntimezone: Europe/Berlin\ntasks:\n  source: Content/todo.txt\n",
        "Content/todo.txt": todo
    ])
}

/// The ID `herald tasks list` shows for the task titled `title`.
private func id(of title: String, in site: TemporarySite) async throws -> String {
    let list = try await CLI.run(["tasks", "list"], in: site.folder)
    #expect(list.status == 0)
    let line = try #require(list.output.split(separator: "\n").first { $0.hasSuffix(title) })
    return String(line.prefix { $0 != " " })
}

@Test func tasksCommandsEditTheFileAndSayWhatTheyDid() async throws {
    let site = try todoSite()
    let added = try await CLI.run(
        [
            "tasks", "add", "Water the plants @home due:2026-12-01", "--priority", "B",
            "--now", "2026-11-23"
        ], in: site.folder)
    #expect(added.status == 0)
    #expect(added.output.hasPrefix("Added "))
    #expect(try site.read("Content/todo.txt") == todo + "(B) 2026-11-23 Water the plants @home due:2026-12-01\n")
    let plants = try await id(of: "Water the plants @home", in: site)
    #expect(added.output == "Added \(plants): Water the plants @home\n")

    let dry = try await CLI.run(["tasks", "done", plants, "--dry-run", "--now", "2026-11-24"], in: site.folder)
    #expect(dry.status == 0)
    #expect(
        dry.output.contains(
            "-(B) 2026-11-23 Water the plants @home due:2026-12-01\n"
                + "+x 2026-11-24 2026-11-23 Water the plants @home due:2026-12-01 pri:B\n"))
    #expect(try site.read("Content/todo.txt").hasSuffix("(B) 2026-11-23 Water the plants @home due:2026-12-01\n"))

    let done = try await CLI.run(["tasks", "done", String(plants.prefix(4)), "--now", "2026-11-24"], in: site.folder)
    #expect(done.status == 0)
    #expect(done.output == "Done \(plants): Water the plants @home\n")
    let list = try await CLI.run(["tasks", "list", "--status", "done", "--json"], in: site.folder)
    let tasks = try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]])
    #expect(tasks.compactMap { $0["id"] as? String }.contains(plants))
    #expect(tasks.first { $0["id"] as? String == plants }?["completed_at"] as? String == "2026-11-24")

    #expect(try await CLI.run(["tasks", "reopen", plants], in: site.folder).status == 0)
    #expect(try await CLI.run(["tasks", "remove", plants], in: site.folder).status == 0)
    #expect(try site.read("Content/todo.txt") == todo)
}

@Test func badTaskCommandsAreOneLineErrorsAndTouchNothing() async throws {
    let site = try todoSite()
    let mom = try await id(of: "Call Mom +Family @phone", in: site)
    let cases: [([String], String)] = [
        (["tasks", "done", "ffff0000"], "no task has the ID 'ffff0000'"),
        (["tasks", "move", mom, "someday"], "'someday' is not a column of the board"),
        (["tasks", "add", "Pay rent due:2026-02-30"], "invalid due date '2026-02-30'")
    ]
    for (arguments, message) in cases {
        let result = try await CLI.run(arguments, in: site.folder)
        #expect(result.status == 1, "\(arguments)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("Content/todo.txt:"), "\(arguments)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(try site.read("Content/todo.txt") == todo)
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: site.url("Content/todo.txt").path)
    let readOnly = try await CLI.run(["tasks", "done", mom], in: site.folder)
    #expect(readOnly.status == 1)
    #expect(readOnly.stderr == "Content/todo.txt: error: the task file is read-only; nothing was changed\n")

    try site.write("herald.yml", "title: Board\ntasks:\n  source: https://example.org/todo.json\n")
    let remote = try await CLI.run(["tasks", "done", "1"], in: site.folder)
    #expect(remote.status == 1)
    #expect(remote.stderr.hasPrefix("https://example.org/todo.json: error: the tasks come from a URL"))

    let usage = try await CLI.run(["tasks", "add", "X", "--due", "tomorrow"], in: site.folder)
    #expect(usage.status == 2)
}

@Test func tasksDoneOnARecordLeftOffTheBoardNamesTheSettingThatLeftItOut() async throws {
    let tasks = """
        [{"id": 7, "title": "Open", "state": "open"},
         {"id": 8, "title": "Closed", "state": "closed"},
         {"id": 9, "title": "Parked", "state": "open", "status": "parked"},
         {"id": 10, "title": "Hidden", "state": "open", "hidden": true}]

        """
    let site = try TemporarySite([
        "herald.yml": "tasks:\n  source: Content/tasks.json\n  where: {state: open}\n  status_map: {parked: ~}\n",
        "Content/tasks.json": tasks
    ])
    let cases = [
        (
            "8",
            "Content/tasks.json:2:1: error: no task has the ID '8': the record with it is not on the board, as the where: "
                + "of tasks: in herald.yml leaves it out\n"
        ),
        (
            "9",
            "Content/tasks.json:3:1: error: no task has the ID '9': the record with it is not on the board, as its status "
                + "maps to ~ in status_map\n"
        ),
        (
            "10",
            "Content/tasks.json:4:1: error: no task has the ID '10': the record with it is not on the board, as it is "
                + "marked hidden (h:1, or the field mapped to hidden)\n"
        ),
        ("11", "Content/tasks.json: error: no task has the ID '11'; herald tasks list shows the IDs\n")
    ]
    for (id, message) in cases {
        let result = try await CLI.run(["tasks", "done", id], in: site.folder)
        #expect(result.status == 1, "\(id)")
        #expect(result.stderr == message, "\(id)")
    }
    #expect(try await CLI.run(["tasks", "done", "7"], in: site.folder).status == 0)
    #expect(try site.read("Content/tasks.json") != tasks)
}

@Test func anAmbiguousPrefixListsTheCandidatesAndExits1() async throws {
    // Seventeen tasks have sixteen possible first hex digits, so two of them share one.
    let text = (1...17).map { "Task number \($0)\n" }.joined()
    let site = try TemporarySite(["herald.yml": "tasks:\n  source: todo.txt\n", "todo.txt": text])
    let list = try await CLI.run(["tasks", "list"], in: site.folder)
    let ids = list.output.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    let shared = try #require(Dictionary(grouping: ids, by: { $0.prefix(1) }).first { $0.value.count > 1 })
    let result = try await CLI.run(["tasks", "done", String(shared.key)], in: site.folder)
    #expect(result.status == 1)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("the ID '\(shared.key)' is ambiguous"))
    for id in shared.value { #expect(result.stderr.contains(id)) }
    #expect(try site.read("todo.txt") == text)
}

@Test func concurrentAddsBothLand() async throws {
    let site = try todoSite()
    async let first = CLI.run(["tasks", "add", "First of two"], in: site.folder)
    async let second = CLI.run(["tasks", "add", "Second of two"], in: site.folder)
    let results = try await [first, second]
    #expect(results.map(\.status) == [0, 0])
    let text = try site.read("Content/todo.txt")
    #expect(text.hasPrefix(todo))
    let added = text.dropFirst(todo.count).split(separator: "\n").map { String($0.dropFirst(11)) }
    #expect(added.sorted() == ["First of two", "Second of two"])
    #expect(try await CLI.run(["tasks", "list"], in: site.folder).status == 0)
}

@Test func aBuildAfterDoneShowsTheTaskStruckThroughInTheDoneColumn() async throws {
    let site = try todoSite()
    let milk = try await id(of: "Pick up milk @GroceryStore", in: site)
    #expect(try await CLI.run(["tasks", "done", milk, "--now", "2026-11-23"], in: site.folder).status == 0)
    let build = try await CLI.run(["build", "--now", "2026-11-23"], in: site.folder)
    #expect(build.status == 0, "\(build.stderr)")
    let board = try site.read("Output/tasks/index.html")
    let done = try #require(board.range(of: "id=\"column-done\""))
    let card =
        "<li class=\"card completed\" id=\"task-\(milk)\" data-tags=\"\" data-project=\"\" data-assignees=\"\" data-due=\"none\">\n"
        + "<h3><span class=\"sr-only\">Done: </span>Pick up milk</h3>\n"
        + "<div class=\"meta\">\n<code class=\"task-id\" title=\"This task's ID, for herald tasks done \(milk)\">\(milk)</code>\n"
    let found = try #require(board.range(of: card))
    #expect(found.lowerBound > done.upperBound)
    let css = try String(
        contentsOf: site.url("Output").appendingPathComponent(
            try #require(
                try FileManager.default.subpathsOfDirectory(atPath: site.url("Output").path).first {
                    $0.hasSuffix(".css")
                })), encoding: .utf8)
    #expect(css.contains(".card.completed h3 { text-decoration: line-through"))
}

@Test func aNestedDueDateStopsOnlyTheEditsThatWriteIt() async throws {
    // GitHub's milestone due date is nested: done and a new title do not write it, so they go on.
    let issues = """
        [{"number": 7, "title": "Fix it", "state": "open", "created_at": "2026-11-02T09:00:00Z", "closed_at": null,
          "milestone": {"due_on": "2026-12-01T08:00:00Z"}}]

        """
    let site = try TemporarySite([
        "herald.yml": """
        tasks:
          source: Content/issues.json
          columns: [todo, done]
          status_map: {open: todo, closed: done}
          fields: {id: number, status: state, created: created_at, completed_at: closed_at, due: milestone.due_on}

        """,
        "Content/issues.json": issues
    ])
    let done = try await CLI.run(["tasks", "done", "7", "--now", "2026-11-29T10:00:00Z"], in: site.folder)
    #expect(done.status == 0, "\(done.stderr)")
    #expect(try site.read("Content/issues.json").contains(#""closed_at": "2026-11-29T00:00:00Z""#))
    let renamed = try await CLI.run(["tasks", "edit", "7", "--title", "Fix it now"], in: site.folder)
    #expect(renamed.status == 0, "\(renamed.stderr)")
    let moved = try await CLI.run(["tasks", "edit", "7", "--due", "2026-12-05"], in: site.folder)
    #expect(moved.status == 1)
    #expect(moved.stderr.contains("fields.due is the nested key 'milestone.due_on'"), "\(moved.stderr)")
}
