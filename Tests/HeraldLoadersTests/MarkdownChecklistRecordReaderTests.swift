import HeraldCore
import HeraldLoaders
import HeraldTestSupport
import Testing

private func count(_ items: [DataNode]) -> Int {
    items.reduce(items.count) { $0 + count($1["subtasks"]?.list ?? []) }
}

@Test func textualRoadmapChecklist() throws {
    let records = try RealData.load("tasks-markdown-checklist/textual-roadmap.md")
    #expect(records.count == 20)
    #expect(count(records.map(\.fields)) == 47)

    let command = records[0]
    #expect(command["title"]?.string == "Command interface")
    #expect(command["completed"]?.bool == false)
    #expect(command["list"]?.string == "Features")
    #expect(
        command.location == SourceLocation(file: "tasks-markdown-checklist/textual-roadmap.md", line: 11, column: 1))
    #expect(command["subtasks"]?.list?.compactMap { $0["title"]?.string } == ["Command menu", "Fuzzy search"])
    #expect(command["subtasks.0.list"]?.string == "Features")
    #expect(command["subtasks.0.line"]?.int == 12)
    #expect(command["subtasks.0.title"]?.column == 11)

    let devtools = try #require(records.first { $0["title"]?.string == "Devtools" })
    #expect(devtools["completed"]?.bool == true)
    #expect(devtools["subtasks.0.completed"]?.bool == false)

    let themes = try #require(records.first { $0["title"]?.string == "Themes" })
    #expect(themes["subtasks.0.title"]?.string == "Customize via config")

    let buttons = try #require(records.first { $0["title"]?.string == "Buttons" })
    #expect(buttons["list"]?.string == "Widgets")
    #expect(buttons["subtasks.0.completed"]?.bool == true)

    // Two-space nesting under a list that otherwise nests by four.
    let image = try #require(records.first { $0["title"]?.string == "Image support" })
    #expect(
        image["subtasks"]?.list?.compactMap { $0["title"]?.string } == [
            "Half block", "Braile", "Sixels, and other image extensions"
        ])
    let form = try #require(records.first { $0["title"]?.string == "Form Widget" })
    #expect(form["subtasks.1.title"]?.string == "Export to `attrs` objects")
    #expect(records.last?["title"]?.string == "TextArea (multi-line input)")
    #expect(records.last?["subtasks"]?.list?.count == 4)
}

@Test func checklistMarkersNestingAndFences() throws {
    let text = """
        - [ ] Before any heading
        # Sprint 1 #
        * [X] Star done
        \t+ [ ] Tab-nested plus
        \t    1. [x] Deeper, ordered
        2) [ ] Ordered with paren
          - [ ] two-space child
            - [ ] grandchild
          - [ ] second child
        - [] not an item
        - [y] A status of its own
        - [ ]
        Some paragraph.
        ```
        - [ ] inside a fence
        ```
        ~~~~
        - [ ] inside tildes
        ~~~
        - [ ] still fenced
        ~~~~
        ## Sprint 2
        - [ ] Last
        """
    let records = try read(MarkdownChecklistRecordReader(), text)
    #expect(
        records.compactMap { $0["title"]?.string }
            == ["Before any heading", "Star done", "Ordered with paren", "A status of its own", "Last"])
    #expect(records[3]["mark"]?.string == "y")
    #expect(records[3]["completed"]?.bool == false)
    #expect(records[2]["mark"] == nil)
    #expect(records[0]["list"]?.isNull == true)
    #expect(records[1]["list"]?.string == "Sprint 1")
    #expect(records[1]["completed"]?.bool == true)
    #expect(records[1]["subtasks.0.title"]?.string == "Tab-nested plus")
    #expect(records[1]["subtasks.0.subtasks.0.title"]?.string == "Deeper, ordered")
    #expect(records[1]["subtasks.0.subtasks.0.completed"]?.bool == true)
    #expect(records[2]["subtasks"]?.list?.compactMap { $0["title"]?.string } == ["two-space child", "second child"])
    #expect(records[2]["subtasks.0.subtasks.0.title"]?.string == "grandchild")
    #expect(records[4]["list"]?.string == "Sprint 2")
    #expect(records[4].location.line == 23)
}

@Test func checklistWithoutItemsIsEmpty() throws {
    #expect(try read(MarkdownChecklistRecordReader(), "# Notes\n\nJust text.\n- a plain bullet\n").isEmpty)
    #expect(try read(MarkdownChecklistRecordReader(), "").isEmpty)
}

@Test func aChecklistItemsFieldsAreFoundWhereTheyAreAndABlockIdIsNoPartOfItsTitle() throws {
    let text = "Take out the trash 🔁 every week [owner:: Maren] ➕ 2026-11-01 📅 2026-11-22 #home ✅ 2026-11-23 ^trash-1"
    let fields = ChecklistTaskFields(text)
    #expect(fields.title == "Take out the trash")
    #expect(fields.tags == ["home"])
    let scalars = Array(text.unicodeScalars)
    func at(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
    let found = Dictionary(
        uniqueKeysWithValues: fields.spans.map { ($0.name, (at($0.whole), at($0.value), $0.isDataview)) })
    #expect(found["recurrence"]?.0 == "🔁 every week")
    #expect(found["recurrence"]?.1 == "every week")
    #expect(found["owner"]?.0 == "[owner:: Maren]")
    #expect(found["owner"]?.1 == "Maren")
    #expect(found["owner"]?.2 == true)
    #expect(found["created"]?.0 == "➕ 2026-11-01")
    #expect(found["due"]?.1 == "2026-11-22")
    #expect(found["completed_at"]?.0 == "✅ 2026-11-23")
    #expect(fields.tagPlaces.map(at) == ["#home"])
    #expect(fields.blockID.map(at) == " ^trash-1")
    // The reader's record agrees: the block id is neither title nor field.
    let record = try #require(try read(MarkdownChecklistRecordReader(), "- [ ] \(text)\n").first)
    #expect(record["title"]?.string == "Take out the trash")
    #expect(record["recurrence"]?.string == "every week")
    // A caret inside the text, or one with no blank before it, is no block id.
    #expect(ChecklistTaskFields("Raise 2^10 by one").blockID == nil)
    #expect(ChecklistTaskFields("x^abc").blockID == nil)
    #expect(ChecklistTaskFields("Read ^ later").title == "Read ^ later")
}

@Test func theTasksPluginsDependencyAndOnCompletionFieldsLeaveTheTitle() throws {
    // The plugin's own note of its format: ⛔ names the tasks this one waits for, 🏁 what to do
    // with it once done. Both are fields, as 🆔 is, and neither swallows the recurrence before it.
    let note = try RealData.load("tasks-obsidian-vault/Tasks-Demo/Formats/Tasks Format.md", format: .markdownChecklist)
    let byTitle = Dictionary(note.compactMap { record in record["title"]?.string.map { ($0, record) } }) { first, _ in
        first
    }
    let after = try #require(byTitle["do this after first and some other task"])
    #expect(after["depends_on"]?.string == "dcf64c,0h17ye")
    let keep = try #require(byTitle["Keep this task when done too"])
    #expect(keep["on_completion"]?.string == "keep")
    let repeating = try #require(byTitle["Remove completed instance of this recurring task when done"])
    #expect(repeating["recurrence"]?.string == "every day")
    #expect(repeating["on_completion"]?.string == "delete")
    for record in note {
        let title = record["title"]?.string ?? ""
        #expect(!title.contains("⛔") && !title.contains("🏁"), "\(title)")
    }
}
