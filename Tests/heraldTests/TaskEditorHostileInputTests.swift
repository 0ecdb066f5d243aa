import Foundation
import HeraldTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `herald tasks` on task files made to break it: the largest id, repeated titles, a byte order
/// mark, conflicting flags and a killed edit's leftovers; run as a user runs it.
@Suite struct TaskEditorHostileInputTests {
    private static let config = "title: T\ntimezone: Europe/Berlin\ntasks:\n  source: Content/"

    private func site(_ name: String, _ text: String, extra: String = "") throws -> TemporarySite {
        try TemporarySite(["herald.yml": Self.config + name + "\n" + extra, "Content/" + name: text])
    }

    private func run(_ arguments: [String], _ site: TemporarySite) async throws -> CLI.Result {
        try await CLI.run(["tasks"] + arguments + ["--now", "2026-11-25"], in: site.folder)
    }

    /// The file's text with its byte order mark: `TemporarySite.read` drops one, as Foundation does.
    private func fileText(_ path: String, _ site: TemporarySite) throws -> String {
        String(decoding: try Data(contentsOf: site.url(path)), as: UTF8.self)
    }

    /// The ID `herald tasks list` shows on the line of the task titled `title` (the `n`-th such).
    private func ids(of title: String, in site: TemporarySite) async throws -> [String] {
        let list = try await CLI.run(["tasks", "list"], in: site.folder)
        #expect(list.status == 0, "\(list.stderr)")
        return list.output.split(separator: "\n").filter { $0.hasSuffix(" " + title) }.map {
            String($0.prefix { $0 != " " })
        }
    }

    @Test(arguments: [
        ("tasks.json", "[{\"id\": 9223372036854775807, \"title\": \"Big\"}]\n"),
        ("tasks.yml", "- id: 9223372036854775807\n  title: Big\n"),
        ("tasks.csv", "id,title,done\n9223372036854775807,Big,false\n")
    ])
    func theLargestIDStillLetsATaskBeAdded(name: String, text: String) async throws {
        let site = try site(name, text)
        let added = try await run(["add", "Small"], site)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.isEmpty)
        let after = try site.read("Content/" + name)
        #expect(after.hasPrefix(String(text.dropLast(name.hasSuffix(".json") ? 2 : 0))))
        #expect(after.contains("9223372036854775807"))
        #expect(try await ids(of: "Small", in: site) == ["1"])
        #expect(try await run(["add", "Smaller"], site).status == 0)
        #expect(try await ids(of: "Smaller", in: site) == ["2"])
    }

    @Test func aRetriedRemoveOfARepeatedTitleNeverRemovesTheOtherTask() async throws {
        let text = "2026-11-01 Buy milk\n2026-11-02 Buy milk\nCall Mom\n"
        let site = try site("todo.txt", text)
        let milk = try await ids(of: "Buy milk", in: site)
        #expect(milk.count == 2)
        let first = try #require(milk.first)
        #expect(try await run(["remove", first], site).status == 0)
        #expect(try site.read("Content/todo.txt") == "2026-11-02 Buy milk\nCall Mom\n")
        let again = try await run(["remove", first], site)
        #expect(again.status == 1)
        #expect(again.stderr.contains("no task has the ID '\(first)'"), "\(again.stderr)")
        #expect(try site.read("Content/todo.txt") == "2026-11-02 Buy milk\nCall Mom\n")
    }

    /// Records without an id were once named by their line, which the next record takes when one is removed.
    @Test(arguments: [
        (
            "tasks.json",
            "[\n  {\"title\": \"One\"},\n  {\"title\": \"Two\"},\n  {\"title\": \"Two\", \"due\": \"2026-12-01\"}\n]\n",
            "[\n  {\"title\": \"Two\"},\n  {\"title\": \"Two\", \"due\": \"2026-12-01\"}\n]\n"
        ),
        (
            "tasks.yml", "- title: One\n- title: Two\n- title: Two\n  due: 2026-12-01\n",
            "- title: Two\n- title: Two\n  due: 2026-12-01\n"
        ),
        (
            "tasks.csv", "title,due,done\nOne,,false\nTwo,,false\nTwo,2026-12-01,false\n",
            "title,due,done\nTwo,,false\nTwo,2026-12-01,false\n"
        )
    ])
    func recordsWithoutAnIDKeepTheirIDsWhenOthersGo(name: String, text: String, removed: String) async throws {
        let site = try site(name, text)
        let one = try #require(try await ids(of: "One", in: site).first)
        let twos = try await ids(of: "Two", in: site)
        #expect(twos.count == 2 && Set(twos).count == 2 && !twos.contains(one))
        #expect(try await run(["remove", one], site).status == 0)
        #expect(try site.read("Content/" + name) == removed)
        #expect(try await ids(of: "Two", in: site) == twos)
        let again = try await run(["remove", one], site)
        #expect(again.status == 1)
        #expect(again.stderr.contains("no task has the ID '\(one)'"), "\(again.stderr)")
        #expect(try site.read("Content/" + name) == removed)
        // A task that shares its title is known by all its fields: the one changed gets a new ID, the other keeps its own.
        let second = try #require(twos.last)
        #expect(try await run(["done", second], site).status == 0)
        #expect(try await ids(of: "Two", in: site).first == twos.first)
    }

    @Test(arguments: [
        ("todo.txt", "Buy milk\nCall Mom\nBuy milk\n"), ("list.md", "- [ ] Buy milk\n- [ ] Call Mom\n- [ ] Buy milk\n")
    ])
    func tasksAlikeInEveryFieldAreRefusedWithAWayOut(name: String, text: String) async throws {
        let site = try site(name, text)
        let milk = try await ids(of: "Buy milk", in: site)
        #expect(milk.count == 2 && Set(milk).count == 2)
        for id in milk {
            let result = try await run(["remove", id], site)
            #expect(result.status == 1)
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stderr.hasPrefix("Content/\(name):"), "\(result.stderr)")
            #expect(result.stderr.contains("read exactly alike ('Buy milk')"), "\(result.stderr)")
            #expect(result.stderr.contains("give this one an id"), "\(result.stderr)")
        }
        #expect(try site.read("Content/" + name) == text)
        // An id: tag is the way out the message names.
        if name == "todo.txt" {
            try site.write("Content/todo.txt", "Buy milk id:m1\nCall Mom\nBuy milk\n")
            let last = try #require(try await ids(of: "Buy milk", in: site).last)
            #expect(try await run(["remove", last], site).status == 0)
            #expect(try site.read("Content/todo.txt") == "Buy milk id:m1\nCall Mom\n")
        }
    }

    @Test func aTodoTxtByteOrderMarkStaysTheFilesThroughEveryEdit() async throws {
        let bom = "\u{FEFF}"
        let site = try site("todo.txt", bom + "(A) 2026-11-01 Alpha\r\nBeta\r\n")
        let alpha = try #require(try await ids(of: "Alpha", in: site).first)
        #expect(try await run(["done", alpha], site).status == 0)
        #expect(try fileText("Content/todo.txt", site) == bom + "x 2026-11-25 2026-11-01 Alpha pri:A\r\nBeta\r\n")
        #expect(try await ids(of: "Alpha", in: site) == [alpha])
        #expect(try await run(["reopen", alpha], site).status == 0)
        #expect(try fileText("Content/todo.txt", site) == bom + "(A) 2026-11-01 Alpha\r\nBeta\r\n")
        let edited = try await run(["edit", alpha, "--title", "Alpha two"], site)
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try fileText("Content/todo.txt", site) == bom + "(A) 2026-11-01 Alpha two\r\nBeta\r\n")
        let two = try #require(try await ids(of: "Alpha two", in: site).first)
        #expect(try await run(["remove", two], site).status == 0)
        #expect(try fileText("Content/todo.txt", site) == bom + "Beta\r\n")
    }

    @Test(arguments: [
        ("list.md", "- [ ] One\n- [ ] Two\n", "- [x] One ✅ 2026-11-25\n- [ ] Two\n"),
        ("tasks.csv", "title,done\nOne,false\nTwo,false\n", "title,done\nOne,true\nTwo,false\n"),
        (
            "tasks.json",
            "[{\"id\": 1, \"title\": \"One\", \"done\": false}, {\"id\": 2, \"title\": \"Two\", \"done\": false}]\n",
            "[{\"id\": 1, \"title\": \"One\", \"done\": true}, {\"id\": 2, \"title\": \"Two\", \"done\": false}]\n"
        ),
        (
            "tasks.yml", "- title: One\n  done: false\n- title: Two\n  done: false\n",
            "- title: One\n  done: true\n- title: Two\n  done: false\n"
        )
    ])
    func aByteOrderMarkStaysTheFilesInEveryTextFormat(name: String, text: String, done: String) async throws {
        let bom = "\u{FEFF}"
        let site = try site(name, bom + text)
        let listed = try await CLI.run(["tasks", "list"], in: site.folder)
        let one = try #require(
            listed.output.split(separator: "\n").first { $0.hasSuffix(" One") }.map { String($0.prefix { $0 != " " }) })
        let result = try await run(["done", one], site)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try fileText("Content/" + name, site) == bom + done)
        #expect(try await run(["reopen", one], site).status == 0)
        #expect(try fileText("Content/" + name, site) == bom + text)
    }

    @Test func aStatusInTheTextAndAnotherBesideItIsAnError() async throws {
        let text = "Call Mom\n"
        let site = try site("todo.txt", text)
        let result = try await run(["add", "x status:doing", "--status", "todo"], site)
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.hasPrefix("Content/todo.txt: error: "), "\(result.stderr)")
        #expect(result.stderr.contains("status:doing") && result.stderr.contains("'todo'"), "\(result.stderr)")
        let priority = try await run(["add", "(A) Pay rent", "--priority", "B"], site)
        #expect(priority.status == 1)
        #expect(priority.stderr.contains("(A)") && priority.stderr.contains("B"), "\(priority.stderr)")
        #expect(try site.read("Content/todo.txt") == text)
        // Said once, or twice alike, it is no conflict.
        #expect(try await run(["add", "Ship it status:doing"], site).status == 0)
        #expect(try await run(["add", "Test it status:doing", "--status", "doing"], site).status == 0)
        #expect(
            try site.read("Content/todo.txt") == text
                + "2026-11-25 Ship it status:doing\n2026-11-25 Test it status:doing\n")
    }

    @Test(arguments: ["tasks.json", "tasks.yml", "todo.txt"])
    func editTrimsATitleAsAddDoes(name: String) async throws {
        let text =
            switch name {
            case "tasks.json": "[{\"id\": 1, \"title\": \"One\"}]\n"
            case "tasks.yml": "- id: 1\n  title: One\n"
            default: "One\n"
            }
        let site = try site(name, text)
        #expect(try await run(["add", "  padded add  "], site).status == 0)
        let one = try #require(try await ids(of: "One", in: site).first)
        let edited = try await run(["edit", one, "--title", "  padded"], site)
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try await ids(of: "padded", in: site).count == 1)
        #expect(try await ids(of: "padded add", in: site).count == 1)
        let blank = try await run(
            ["edit", try #require(try await ids(of: "padded", in: site).first), "--title", "   "], site)
        #expect(blank.status == 1)
        #expect(blank.stderr.contains("a task needs a title of one line"))
    }

    @Test func theNextEditRemovesAKilledEditsTemporaryFileAndNothingElse() async throws {
        let site = try site("todo.txt", "Call Mom\n")
        let leftover = "Content/.todo.txt.herald-Ab3xYz"
        let others = [
            "Content/.todo.txt.herald-keep", "Content/.other.txt.herald-Ab3xYz", "Content/todo.txt.herald-Ab3xYz"
        ]
        for path in [leftover] + others { try site.write(path, "partial") }
        try FileManager.default.createDirectory(
            at: site.url("Content/.todo.txt.herald-Folder"), withIntermediateDirectories: true)
        #expect(try await run(["add", "Water the plants"], site).status == 0)
        #expect(!site.exists(leftover))
        for path in others + ["Content/.todo.txt.herald-Folder"] { #expect(site.exists(path), "\(path)") }
        #expect(try site.read("Content/todo.txt") == "Call Mom\n2026-11-25 Water the plants\n")
    }

    @Test func aLeftoverStaysWhileAnotherHeraldHoldsTheFolder() async throws {
        let site = try site("todo.txt", "Call Mom\n")
        let leftover = "Content/.todo.txt.herald-Ab3xYz"
        try site.write(leftover, "partial")
        let folder = open(site.url("Content").path, O_RDONLY | O_DIRECTORY)
        #expect(flock(folder, LOCK_EX) == 0)
        let waiting = Task { try await run(["add", "Water the plants"], site) }
        try await Task.sleep(for: .milliseconds(700))
        #expect(site.exists(leftover))
        flock(folder, LOCK_UN)
        close(folder)
        #expect(try await waiting.value.status == 0)
        #expect(!site.exists(leftover))
    }

    @Test func theLargestIDAddedFromTheServedBoardLeavesTheServerRunning() async throws {
        let text = "[{\"id\": 9223372036854775807, \"title\": \"Big\"}]\n"
        let site = try site("tasks.json", text)
        let server = try await ServeProcess(in: site.folder)
        let board = try await server.get("/tasks/").body
        let token = try #require(
            board.firstRange(of: #/"token":"([0-9a-f]{64})"/#).map { String(board[$0].dropFirst(9).dropLast()) })
        let reply = try await server.post(
            "/_herald/tasks", json: #"{"action":"add","text":"Small"}"#,
            headers: ["X-Herald-Token": token, "Origin": server.origin])
        #expect(reply.status == 200, "\(reply.body)")
        #expect(try await server.get("/tasks/").body.contains("Small"))
        #expect(try await server.stop() == 0)
        #expect(try await ids(of: "Small", in: site) == ["1"])
    }
}
