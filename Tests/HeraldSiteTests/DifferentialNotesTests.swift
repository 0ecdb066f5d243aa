import Foundation
import HeraldSite
import HeraldTestSupport
import Testing

// The differential test of a board made from a folder of notes, as Obsidian keeps them: checklist
// items with the Tasks plugin's dates, priorities, recurrences and tags, nested subtasks, a status
// map, limits, swimlanes and the calendar feed. Random edits of the notes, of the folder and of
// herald.yml, and moves of the clock (which make tasks overdue or bring waiting ones in); after
// each, the kept output and the served session must be a clean build's, byte for byte.

private let boxes: [Character] = [" ", "x", "/", "-"]
private let priorities = ["", " ⏫", " 🔼", " 🔽"]
private let tags = ["", " #home", " #work"]

/// One checklist item and the subtasks nested under it.
private struct Item {
    var title: String
    var box: Character = " "
    var due: Int?
    var starts: Int?
    var priority = ""
    var tag = ""
    var repeats = false
    var subtasks: [String] = []

    var lines: String {
        let due = self.due.map { " 📅 2026-11-\(String(format: "%02d", $0))" } ?? ""
        let starts = self.starts.map { " 🛫 2026-11-\(String(format: "%02d", $0))" } ?? ""
        let repeats = self.repeats ? " 🔁 every week" : ""
        let head = "- [\(box)] \(title)\(tag)\(priority)\(repeats)\(starts)\(due)\n"
        return head + subtasks.map { "    - [ ] \($0)\n" }.joined()
    }
}

private struct EditedNotes: EditedInputs {
    let site: TemporarySite
    var notes: [String: [Item]] = [:]
    var limit = 2
    var calendar = true
    var swimlanes = "project"
    var day = 18
    var made = 0

    init(_ site: TemporarySite, random: inout SeededGenerator) throws {
        self.site = site
        for note in ["Home", "Garden", "Release"] {
            notes[note] = (0..<4).map { _ in newItem(&random) }
        }
        for note in notes.keys { try write(note) }
        try writeConfig()
        // Files changed within a second of a build's look are read again by the next: these are
        // not, from the second build on.
        Thread.sleep(forTimeInterval: 1.1)
    }

    mutating func newItem(_ random: inout SeededGenerator) -> Item {
        made += 1
        return Item(
            title: "Task \(made)", due: Bool.random(using: &random) ? Int.random(in: 10...28, using: &random) : nil,
            priority: priorities.randomElement(using: &random) ?? "", tag: tags.randomElement(using: &random) ?? "")
    }

    func write(_ note: String) throws {
        guard let items = notes[note] else { return }
        try site.write("Content/notes/\(note).md", "# \(note)\n\nSome words first.\n\n" + items.map(\.lines).joined())
    }

    func writeConfig() throws {
        try site.write(
            "herald.yml",
            """
            title: Notes
            timezone: UTC
            tasks:
              source: Content/notes
              format: markdown-checklist
              columns: [todo, doing, done]
              status_map: {"/": doing, "x": done, "-": ~}
              limits: {doing: \(limit)}
              swimlanes: \(swimlanes)
              calendar: \(calendar)

            """)
    }

    /// One random edit, written; returns what it did, for the failure message.
    mutating func edit(_ random: inout SeededGenerator) throws -> String {
        let names = notes.keys.sorted()
        let note = names[Int.random(in: 0..<names.count, using: &random)]
        let count = notes[note]?.count ?? 0
        let index = count > 0 ? Int.random(in: 0..<count, using: &random) : 0
        let title = count > 0 ? notes[note]?[index].title ?? "" : ""
        switch Int.random(in: 0..<11, using: &random) {
        case 0 where count > 0:
            let box = boxes.randomElement(using: &random) ?? " "
            notes[note]?[index].box = box
            try write(note)
            return "\(title) in \(note) boxed [\(box)]"
        case 1 where count > 0:
            let due = Bool.random(using: &random) ? Int.random(in: 10...28, using: &random) : nil
            notes[note]?[index].due = due
            try write(note)
            return "\(title) due \(due.map(String.init) ?? "never")"
        case 2:
            let name = "Note \(made)"
            notes[name] = [newItem(&random), newItem(&random)]
            try write(name)
            return "added the note \(name)"
        case 3 where names.count > 1:
            notes[note] = nil
            try site.remove("Content/notes/\(note).md")
            return "removed the note \(note)"
        case 4:
            // A note's name is the project of its tasks.
            let renamed = note + " moved"
            try FileManager.default.moveItem(
                at: site.url("Content/notes/\(note).md"), to: site.url("Content/notes/\(renamed).md"))
            notes[renamed] = notes[note]
            notes[note] = nil
            return "renamed \(note) to \(renamed)"
        case 5 where count > 0:
            notes[note]?[index].subtasks.append("Step \(made)")
            made += 1
            try write(note)
            return "a subtask under \(title)"
        case 6:
            day = Int.random(in: 10...28, using: &random)
            return "the clock moved to 2026-11-\(day)"
        case 7 where count > 0:
            let starts = Bool.random(using: &random) ? Int.random(in: 10...28, using: &random) : nil
            notes[note]?[index].starts = starts
            notes[note]?[index].priority = priorities.randomElement(using: &random) ?? ""
            try write(note)
            return "\(title) starts \(starts.map(String.init) ?? "now"), priority changed"
        case 8:
            limit = Int.random(in: 1...3, using: &random)
            calendar = Bool.random(using: &random)
            swimlanes = ["project", "priority"].randomElement(using: &random) ?? "project"
            try writeConfig()
            return "limit \(limit), calendar \(calendar), swimlanes by \(swimlanes)"
        case 9 where count > 0:
            notes[note]?[index].repeats.toggle()
            try write(note)
            return "\(title) repeats: \(notes[note]?[index].repeats ?? false)"
        default:
            notes[note, default: []].append(newItem(&random))
            try write(note)
            return "a task added to \(note)"
        }
    }

    var now: Date {
        get throws { try instant("2026-11-\(String(format: "%02d", day))T09:00:00Z") }
    }
}

@Test func incrementalBuildsOfABoardOfNotesEqualCleanBuildsAfterEveryEdit() throws {
    var random = SeededGenerator(seed: 2024)
    var edited = try EditedNotes(try TemporarySite(), random: &random)
    try expectIncrementalBuildsMatchCleanOnes(&edited, random: &random) { [site = edited.site] () throws in
        // The board is there to be compared: its cards, and the feed the config asks for.
        #expect(try site.read("Output/tasks/index.html").contains("Task 1"))
        #expect(site.exists("Output/tasks/calendar.ics"))
    }
}
