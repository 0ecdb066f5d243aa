import Foundation
import HeraldTestSupport
import Testing

// The Obsidian Tasks plugin's own sample vault (Fixtures/tasks-obsidian-vault), built as a board.
// Every checkbox line of its notes must become a card, a subtask on a card, a task dropped by
// status_map, or a warning at its file and line; none may be lost. The lines are found here by a
// reading of this test's own, not by Herald's.

private let now = "2026-11-21T10:00:00Z"

/// The vault's statuses a team would map; the Manual Testing notes use dozens more, which stay unmapped.
private let statusMap: [Character: String] = [
    "/": "doing", "-": "~", ">": "todo", "<": "todo", "!": "doing", "?": "todo"
]

private func vault() throws -> TemporarySite {
    let map = statusMap.keys.sorted().map { "\"\($0)\": \(statusMap[$0] ?? "")" }.joined(separator: ", ")
    let site = try TemporarySite([
        "herald.yml": """
        title: Tasks demo
        tasks:
          source: Content/vault
          format: markdown-checklist
          columns: [todo, doing, done]
          status_map: {\(map)}

        """
    ])
    try site.copy(try RealData.url("tasks-obsidian-vault/Tasks-Demo"), to: "Content/vault")
    return site
}

/// One checkbox line of a note: where it is, its box's character and its text after the box.
struct VaultCheckbox {
    var file: String
    var line: Int
    var mark: Character
    var text: String
    var indent: Int
}

/// The checkbox lines of every note under `folder`, by this reading: a bullet or a number, maybe
/// behind quote marks, then a box of one character and a space or the line's end; nothing between
/// a fence of backticks or tildes and the next fence of the same character.
func vaultCheckboxes(in folder: URL, prefix: String) throws -> [VaultCheckbox] {
    let pattern = try NSRegularExpression(
        pattern: #"^([ \t]*(?:>[ \t]*)*)(?:[-*+]|[0-9]+[.)])[ \t]+\[([^\]])\](?:[ \t]+(.*))?$"#)
    let fence = try NSRegularExpression(pattern: #"^[ \t]*(?:>[ \t]*)*(`{3,}|~{3,})"#)
    var found: [VaultCheckbox] = []
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
    for url in files where url.pathExtension == "md" {
        let path = prefix + url.path.dropFirst(folder.path.count)
        let text = try String(contentsOf: url, encoding: .utf8)
        var openFence: Character?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let line = line.hasSuffix("\r") ? String(line.dropLast()) : line
            let whole = NSRange(line.startIndex..., in: line)
            if let match = fence.firstMatch(in: line, range: whole), let range = Range(match.range(at: 1), in: line) {
                let marker = line[range].first
                if openFence == nil { openFence = marker } else if openFence == marker { openFence = nil }
                continue
            }
            guard openFence == nil, let match = pattern.firstMatch(in: line, range: whole),
                let lead = Range(match.range(at: 1), in: line), let box = Range(match.range(at: 2), in: line)
            else { continue }
            let rest = Range(match.range(at: 3), in: line).map { String(line[$0]) } ?? ""
            found.append(
                VaultCheckbox(
                    file: path, line: index + 1, mark: line[box].first ?? " ", text: rest,
                    indent: line[lead].filter { $0 == " " || $0 == "\t" }.count))
        }
    }
    return found
}

/// The lines whose due, created, done, scheduled, start or cancelled date is shaped like a day but
/// is none (`2024-02-31`). A task that status_map drops is not read past its status, so of its
/// dates only the done date counts.
private func impossibleDates(_ lines: [VaultCheckbox]) throws -> Set<String> {
    let every = try NSRegularExpression(
        pattern:
            "(?:\u{1F4C5}|\u{2795}|\u{2705}|\u{23F3}|\u{231B}|\u{1F6EB}|\u{274C})\u{FE0F}?[ \t]*([0-9]{4})-([0-9]{2})-([0-9]{2})"
    )
    let done = try NSRegularExpression(pattern: "\u{2705}\u{FE0F}?[ \t]*([0-9]{4})-([0-9]{2})-([0-9]{2})")
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    return Set(
        lines.filter { line in
            let field = statusMap[line.mark] == "~" ? done : every
            return field.matches(in: line.text, range: NSRange(line.text.startIndex..., in: line.text)).contains {
                match in
                let parts = (1...3).compactMap {
                    Range(match.range(at: $0), in: line.text).flatMap { Int(line.text[$0]) }
                }
                let components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
                guard let date = calendar.date(from: components) else { return true }
                return calendar.dateComponents([.year, .month, .day], from: date) != components
            }
        }.map { "\($0.file):\($0.line)" })
}

@Test func everyCheckboxOfTheTasksSampleVaultIsACardASubtaskADropOrAWarning() async throws {
    let site = try vault()
    var lines = try vaultCheckboxes(in: site.url("Content/vault"), prefix: "Content/vault")
    #expect(lines.count > 900)

    // The vault's notes on invalid dates hold days that do not exist: each is an error at its line.
    let impossible = try impossibleDates(lines)
    #expect(!impossible.isEmpty)
    let failed = try await site.herald(["build", "--now", now])
    #expect(failed.status == 1)
    let errors = failed.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(Set(errors.map { $0.split(separator: ":").prefix(2).joined(separator: ":") }) == impossible)
    for note in Set(impossible.map { String($0[..<($0.lastIndex(of: ":") ?? $0.endIndex)]) }) {
        try site.remove(note)
        lines.removeAll { $0.file == note }
    }

    let built = try await site.herald(["build", "--now", now, "--report", "report.json", "--verbose"])
    #expect(built.status == 0, "\(built.stderr)")
    let board = try site.read("Output/tasks/index.html")

    // Each unmapped status is a warning at its own line, and no other line has one.
    let unmapped = lines.filter { !" xX".contains($0.mark) && statusMap[$0.mark] == nil }
    let warnings = built.stderr.split(separator: "\n").filter {
        $0.contains(": warning: ") && $0.contains("checklist status")
    }
    #expect(
        Set(warnings.map { $0.split(separator: ":").prefix(2).joined(separator: ":") })
            == Set(unmapped.map { "\($0.file):\($0.line)" }))
    #expect(warnings.count == unmapped.count)

    // Cards and the subtasks on them, with the dropped, account for every line. The board shows
    // the first cards of Done; its own page has them all.
    let done = try #require(board.range(of: #"id="column-done""#))
    let pages = [String(board[..<done.lowerBound]), try site.read("Output/tasks/done/index.html")]
    let cards = pages.map { $0.components(separatedBy: #"<li class="card"#).count - 1 }.reduce(0, +)
    let subtasks = pages.flatMap { $0.components(separatedBy: #"<ul class="subtasks""#).dropFirst() }
        .map { $0.components(separatedBy: "</ul>")[0].components(separatedBy: "<li").count - 1 }
        .reduce(0, +)
    let report = try JSONSerialization.jsonObject(with: Data(site.read("report.json").utf8)) as? [String: Any]
    let records = try #require((report?["records"] as? [[String: Any]])?.first)
    let dropped = records["dropped"] as? Int ?? -1
    #expect(dropped == lines.filter { $0.mark == "-" }.count)
    #expect(cards + subtasks + dropped == lines.count, "\(cards) cards, \(subtasks) subtasks, \(dropped) dropped")

    // Due dates are read (📅, or Dataview's due), so the home page's overdue count is this count.
    let due = try NSRegularExpression(
        pattern:
            "(?:\u{1F4C5}|\u{1F4C6}|\u{1F5D3})\u{FE0F}?[ \t]*([0-9-]{10})|[\\[(][ \t]*due::[ \t]*([0-9-]{10})[ \t]*[\\])]"
    )
    let overdue = lines.filter { line in
        guard !"xX-".contains(line.mark),
            let match = due.firstMatch(in: line.text, range: NSRange(line.text.startIndex..., in: line.text))
        else { return false }
        let day =
            [1, 2].compactMap { Range(match.range(at: $0), in: line.text).map { String(line.text[$0]) } }.first ?? ""
        return day < String(now.prefix(10))
    }
    let home = try site.read("Output/index.html")
    #expect(home.contains(#"<span class="stat overdue">\#(overdue.count)</span>"#), "\(overdue.count) overdue")

    // No field stays in a title, but where its value is a Templater placeholder, not a date.
    let signifiers = ["📅", "⏳", "🛫", "➕", "✅", "❌", "🔺", "⏫", "🔼", "🔽", "⏬", "🔁", "🆔", "⛔", "🏁", "[due::"]
    let titles = board.components(separatedBy: "<h3>").dropFirst().map { $0.components(separatedBy: "</h3>")[0] }
    for title in titles where !title.contains("&lt;%") {
        #expect(!signifiers.contains { title.contains($0) }, "\(title)")
    }
}

@Test func aSubtasksOwnSubtasksAreOnTheCardToo() async throws {
    // The vault's test note of a parent, two children and a grandchild under each.
    let path = "Test Data/inheritance_1parent2children2grandchildren.md"
    let site = try TemporarySite([
        "herald.yml": "title: Tree\ntasks:\n  source: Content/tree.md\n  format: markdown-checklist\n"
    ])
    try site.copy(try RealData.url("tasks-obsidian-vault/Tasks-Demo/\(path)"), to: "Content/tree.md")
    let lines = try vaultCheckboxes(in: site.url("Content"), prefix: "Content")
    #expect(lines.count == 5)
    #expect(try await site.herald(["build", "--now", now]).status == 0)
    let board = try site.read("Output/tasks/index.html")
    let card = try #require(board.components(separatedBy: #"<li class="card"#).dropFirst().first)
    let nested =
        card.components(separatedBy: #"<ul class="subtasks""#).dropFirst().first?
        .components(separatedBy: "</ul>").first ?? ""
    // Every line under the parent, grandchildren too, in the note's order, each once.
    let listed = nested.components(separatedBy: "<li").dropFirst().map { $0.components(separatedBy: "</li>")[0] }
    #expect(listed.count == lines.count - 1)
    for (item, line) in zip(listed, lines.dropFirst()) {
        #expect(item.hasSuffix(line.text.replacingOccurrences(of: "#task ", with: "")), "\(item)")
    }
    #expect(listed.filter { $0.hasPrefix(#" class="nested""#) }.count == 2)
}
