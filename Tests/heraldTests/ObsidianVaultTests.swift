import Foundation
import HeraldTestSupport
import Testing

// A vault as Obsidian and its Tasks and Dataview plugins write it: custom statuses, emoji and
// inline fields, tags, numbered and quoted items, tasks in more than one note. Every checkbox
// line must become a task, a task dropped by status_map, or a positioned warning.

private let website = """
    # Website relaunch

    - [ ] Draft the landing page copy 📅 2026-11-18 ⏫ #writing
    - [/] Build the pricing table 🛫 2026-11-10 📅 2026-11-30 #frontend
    - [x] Pick a colour palette ✅ 2026-11-12 ➕ 2026-11-02
    - [-] Print flyers ❌ 2026-11-15
    - [>] Move the blog to a subdomain ⏳ 2026-12-01
    - [ ] Water the office plants 🔁 every week 📅 2026-11-19
    1. [ ] Write release notes [due:: 2026-11-25] [owner:: Maren]
    2. [!] Renew the TLS certificate 🔺 📅 2026-11-22

    > [!todo] Waiting on
    > - [ ] Legal review of the terms 🔽
    > - [?] Ask about the budget #finance

    """

private let inbox = """
    Some prose with a [link](https://example.org) and #1, which is no tag.

    - [ ] Call the printer about #1 priority 🔼
    - [x] Book the venue ✅ 2026-11-08
        - [ ] Confirm catering 📅 2026-11-20

    ```
    - [ ] not a task: inside a code block
    ```

    """

private func vault() throws -> TemporarySite {
    try TemporarySite([
        "herald.yml": """
        title: Vault
        tasks:
          source: Content/vault
          format: markdown-checklist
          columns: [todo, doing, done]
          status_map: {"/": doing, "-": ~, ">": todo, "!": doing}

        """,
        "Content/vault/Projects/Website.md": website,
        "Content/vault/Inbox.md": inbox
    ])
}

/// The checkbox lines of a note, counted here by a pattern of their own: a bullet or a number,
/// maybe behind a quote, then a box of one character; none inside a fence.
private func checkboxLines(_ text: String) -> Int {
    var inFence = false
    var count = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
        if !inFence, line.range(of: #"^\s*(>\s*)*([-*+]|[0-9]+[.)])\s+\[[^\]]\]\s"#, options: .regularExpression) != nil
        {
            count += 1
        }
    }
    return count
}

@Test func everyCheckboxOfAVaultIsATaskADropOrAWarning() async throws {
    let site = try vault()
    let built = try await site.herald(["build", "--now", "2026-11-21T10:00:00Z", "--report", "report.json", "--verbose"]
    )
    #expect(built.status == 0, "\(built.stderr)")
    let board = try site.read("Output/tasks/index.html")
    let cards = board.components(separatedBy: #"<li class="card"#).count - 1
    let lines = checkboxLines(website) + checkboxLines(inbox)
    #expect(lines == 13)
    // One dropped by status_map ("-"); every other line is a card, subtasks included.
    let report = try JSONSerialization.jsonObject(with: Data(site.read("report.json").utf8)) as? [String: Any]
    let records = try #require((report?["records"] as? [[String: Any]])?.first)
    #expect(records["dropped"] as? Int == 1)
    #expect(records["made"] as? Int == (records["records"] as? Int ?? 0) - 1)
    #expect(
        built.output.contains("Content/vault: 12 records: 11 made, 1 dropped (where:, status_map: ~, h:1)"),
        "\(built.output)")
    let subtasks = board.components(separatedBy: "Confirm catering").count - 1
    #expect(cards + subtasks == lines - 1, "\(cards) cards and \(subtasks) subtasks for \(lines) lines")
    // The one status nobody mapped is said, at its line, and shown where an empty box would be.
    let warnings = built.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("Content/vault/Projects/Website.md:14:3: warning: ") == true, "\(warnings)")
    #expect(warnings.first?.contains("'[?]'") == true)
    #expect(try await site.herald(["build", "--now", "2026-11-21T10:00:00Z", "--strict"]).status == 1)
}

@Test func obsidianFieldsAreReadAndLeaveTheTitles() async throws {
    let site = try vault()
    #expect(try await site.herald(["build", "--now", "2026-11-21T10:00:00Z"]).status == 0)
    let board = try site.read("Output/tasks/index.html")
    for signifier in ["📅", "⏫", "🛫", "✅", "➕", "🔺", "🔽", "🔼", "[due::", "[owner::"] {
        #expect(!board.contains(signifier), "\(signifier) stayed on the board")
    }
    #expect(board.contains("<h3>Draft the landing page copy</h3>"))
    let draft = try #require(
        board.range(of: "Draft the landing page copy").map { String(board[$0.lowerBound...].prefix(1500)) })
    #expect(draft.contains("overdue by 3 days"))
    #expect(draft.contains(#"title="Priority B""#))
    #expect(draft.contains("#writing</a>"))
    #expect(draft.contains("▤ Website"))
    // [/] is doing; the done task says the day it was done.
    let doing = try #require(board.range(of: #"id="column-doing""#).map { String(board[$0.lowerBound...]) })
    #expect(doing.prefix(4000).contains("Build the pricing table"))
    // 🛫 and ⏳ are the model's start and scheduled days, shown on the card.
    let pricing = try #require(
        board.range(of: "Build the pricing table").map { String(board[$0.lowerBound...].prefix(1500)) })
    #expect(pricing.contains(#"<span class="muted">Starts Nov 10</span>"#))
    let blog = try #require(
        board.range(of: "Move the blog to a subdomain").map { String(board[$0.lowerBound...].prefix(1500)) })
    #expect(blog.contains(#"<span class="muted">Scheduled Dec 1</span>"#))
    #expect(board.contains("Done Nov 12"))
    // Dataview's due and a quoted item; #1 is no tag.
    #expect(board.contains("Write release notes"))
    #expect(board.contains("Legal review of the terms"))
    #expect(board.contains("Call the printer about #1 priority"))
    #expect(!board.contains("not a task"))
    #expect(!board.contains("Print flyers"))
}

@Test func tasksListReadsAVaultAndAnEditNamesTheNoteToEdit() async throws {
    let site = try vault()
    let listed = try await site.herald(["tasks", "list", "--now", "2026-11-21"])
    #expect(listed.status == 0, "\(listed.stderr)")
    let lines = listed.output.split(separator: "\n").map(String.init)
    // Every task the board shows, in the notes' order, each with its note; not the dropped [-].
    #expect(lines.count == 11)
    #expect(lines.filter { $0.hasSuffix("(in Inbox)") }.count == 2)
    #expect(lines.filter { $0.hasSuffix("(in Website)") }.count == 9)
    let draft = try #require(lines.first { $0.contains("Draft the landing page copy") })
    #expect(draft.contains(" todo ") && draft.contains("2026-11-18"))
    #expect(!listed.output.contains("Print flyers"))
    let json = try await site.herald(["tasks", "list", "--json"])
    let tasks = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
    #expect(
        Set(tasks.compactMap { $0["file"] as? String }) == [
            "Content/vault/Inbox.md", "Content/vault/Projects/Website.md"
        ])

    // Editing goes through one file: the error names the folder and the note the task is in.
    let id = String(draft.prefix { $0 != " " })
    let before = try site.read("Content/vault/Projects/Website.md")
    let done = try await site.herald(["tasks", "done", id])
    #expect(done.status == 1)
    #expect(
        done.stderr
            == "Content/vault: error: the tasks come from the folder 'Content/vault', and herald tasks edits one file: "
            + "task \(id) is in 'Content/vault/Projects/Website.md'; to change a task there, name its file as tasks: source: in "
            + "herald.yml, or edit the note itself (herald tasks list reads them all)\n")
    #expect(try site.read("Content/vault/Projects/Website.md") == before)
    let added = try await site.herald(["tasks", "add", "New"])
    #expect(added.status == 1)
    #expect(added.stderr.contains("(such as 'Content/vault/Inbox.md')"))
}

@Test func aCancelledDayIsReadAndADayThatIsNoneIsAnErrorAtItsLine() async throws {
    let site = try TemporarySite([
        "herald.yml": """
        title: Vault
        tasks:
          source: Content/notes.md
          columns: [todo, doing, done]
          status_map: {"-": done}

        """,
        "Content/notes.md": "- [-] Print flyers ❌ 2026-11-15\n- [ ] Plan the party ⏳ 2026-02-30 🛫 2026-13-01\n"
    ])
    let failed = try await site.herald(["build", "--now", "2026-11-21T10:00:00Z"])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("Content/notes.md:2:"), "\(failed.stderr)")
    #expect(failed.stderr.contains("invalid scheduled date '2026-02-30'"), "\(failed.stderr)")
    #expect(failed.stderr.contains("invalid start date '2026-13-01'"), "\(failed.stderr)")

    try site.write("Content/notes.md", "- [-] Print flyers ❌ 2026-11-15\n")
    #expect(try await site.herald(["build", "--now", "2026-11-21T10:00:00Z", "--strict"]).status == 0)
    #expect(try site.read("Output/tasks/index.html").contains(#"<span class="muted">Cancelled Nov 15</span>"#))
}
