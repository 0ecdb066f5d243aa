import Foundation
import HeraldCore
import HeraldEditor
import HeraldModels
import Testing

@Test func checklistRoundTripReturnsTheOriginalBytes() throws {
    let site = try EditSite(realData: "tasks-markdown-checklist/textual-roadmap.md", as: "Content/roadmap.md")
    let original = try site.bytes
    let added = try site.apply(.add(NewTask(text: "Write the editor", list: "Features")))
    let afterAdd = try site.bytes
    #expect(
        changedLines(original, afterAdd).added == ["* [ ] Write the editor"]
            || changedLines(original, afterAdd).added == ["- [ ] Write the editor"])
    #expect(try site.tasks().first { $0.id == added.task.id }?.title == "Write the editor")

    try site.apply(.done(id: added.task.id))
    #expect(changedLines(afterAdd, try site.bytes).added.map { $0.contains("[x] Write the editor") } == [true])
    try site.apply(.reopen(id: added.task.id))
    #expect(try site.bytes == afterAdd)
    try site.apply(.remove(id: added.task.id))
    #expect(try site.bytes == original)
}

@Test func checklistRemovesAnItemWithItsSubtasksAndFlipsBoxesInPlace() throws {
    let text = "# Plan\n\n- [ ] Parent\n  - [x] Child one\n  - [ ] Child two\n- [X] Sibling\n\nSome text.\n"
    let site = try EditSite(path: "Content/plan.md", bytes: Array(text.utf8))
    let tasks = try site.tasks()
    let parent = try #require(tasks.first { $0.title == "Parent" })
    let sibling = try #require(tasks.first { $0.title == "Sibling" })
    try site.apply(.done(id: parent.id))
    #expect(
        String(decoding: try site.bytes, as: UTF8.self)
            == text.replacingOccurrences(of: "- [ ] Parent", with: "- [x] Parent ✅ 2026-11-23"))
    try site.apply(.reopen(id: parent.id))
    #expect(String(decoding: try site.bytes, as: UTF8.self) == text)
    try site.apply(.remove(id: parent.id))
    #expect(String(decoding: try site.bytes, as: UTF8.self) == "# Plan\n\n- [X] Sibling\n\nSome text.\n")
    #expect(try site.tasks().map(\.id) == [sibling.id])
    let failure = try site.failure(.move(id: sibling.id, to: "doing"))
    #expect(failure.contains("status_map names none for it"))
}

@Test func checklistAddsUnderANamedHeadingOrTheLastList() throws {
    let text = "## Soon\n\n1. [ ] One\n2. [ ] Two\n\n## Later\n\n* [ ] Far off\n"
    let site = try EditSite(path: "Content/plan.md", bytes: Array(text.utf8))
    try site.apply(.add(NewTask(text: "Three", list: "Soon")))
    #expect(
        String(decoding: try site.bytes, as: UTF8.self)
            == "## Soon\n\n1. [ ] One\n2. [ ] Two\n3. [ ] Three\n\n## Later\n\n* [ ] Far off\n")
    try site.apply(.add(NewTask(text: "Farther")))
    #expect(String(decoding: try site.bytes, as: UTF8.self).hasSuffix("* [ ] Far off\n* [ ] Farther\n"))
    let failure = try site.failure(.add(NewTask(text: "X", list: "Never")))
    #expect(failure.contains("no heading 'Never'"))
}

@Test func checklistAddsToAnIndentedListWithItsIndentation() throws {
    let text = "Notes first.\n\n  - [ ] Indented one\n    - [ ] Its child\n"
    let site = try EditSite(path: "Content/plan.md", bytes: Array(text.utf8))
    try site.apply(.add(NewTask(text: "Indented two")))
    #expect(String(decoding: try site.bytes, as: UTF8.self) == text + "  - [ ] Indented two\n")
    #expect(try site.tasks().map(\.title) == ["Indented one", "Indented two"])
}

// What the Obsidian Tasks plugin writes: a done date on done, gone again on reopen, the box of
// status_map's character for a middle column, and the fields kept when the title changes.

private let vaultNote = """
    # Home

    - [ ] Fix the sink 📅 2026-11-25 #house ^sink
    - [/] Paint the door ⏳ 2026-11-20
    - [ ] Read [due:: 2026-11-30]  [priority:: high]
    - [x] Old one ✅ 2026-11-01

    """

private func isoDay(_ text: String) throws -> Day {
    try #require(Day(iso: text))
}

private func vaultSite() throws -> EditSite {
    try EditSite(
        path: "Content/home.md", bytes: utf8(vaultNote),
        extra: "  columns: [todo, doing, done]\n  status_map: {\"/\": doing, \">\": todo}\n")
}

@Test func doneWritesTheTasksPluginsDoneDateBeforeABlockIdAndReopenTakesItAway() throws {
    let site = try vaultSite()
    let ids = idsByTitle(try site.tasks())
    let sink = try #require(ids["Fix the sink"])
    try site.apply(.done(id: sink))
    expectEdit(
        utf8(vaultNote), try site.bytes, replacing: "- [ ] Fix the sink 📅 2026-11-25 #house ^sink\n",
        with: "- [x] Fix the sink 📅 2026-11-25 #house ✅ 2026-11-23 ^sink\n")
    let done = try #require(try site.tasks().first { $0.title == "Fix the sink" })
    #expect(done.completedAt?.description == "2026-11-23")
    try site.apply(.reopen(id: sink))
    expectBytes(try site.bytes, utf8(vaultNote))

    // An item written in the Dataview format gets its done date as Dataview writes it.
    let read = try #require(ids["Read"])
    try site.apply(.done(id: read))
    expectEdit(
        utf8(vaultNote), try site.bytes, replacing: "- [ ] Read [due:: 2026-11-30]  [priority:: high]\n",
        with: "- [x] Read [due:: 2026-11-30]  [priority:: high]  [completion:: 2026-11-23]\n")
    try site.apply(.move(id: read, to: "todo"))
    expectBytes(try site.bytes, utf8(vaultNote))

    // An item done in Obsidian loses its done date when it moves out of the last column.
    let old = try #require(ids["Old one"])
    try site.apply(.move(id: old, to: "doing"))
    expectEdit(utf8(vaultNote), try site.bytes, replacing: "- [x] Old one ✅ 2026-11-01\n", with: "- [/] Old one\n")
}

@Test func aMiddleColumnIsTheCharacterStatusMapGivesIt() throws {
    let site = try vaultSite()
    let ids = idsByTitle(try site.tasks())
    try site.apply(.move(id: try #require(ids["Fix the sink"]), to: "doing"))
    expectEdit(utf8(vaultNote), try site.bytes, replacing: "- [ ] Fix the sink", with: "- [/] Fix the sink")
    #expect(try site.tasks().first { $0.title == "Fix the sink" }?.status == "doing")
    // From a custom status to done and back to the first column: x, then a space.
    let door = try #require(ids["Paint the door"])
    try site.apply(.done(id: door))
    #expect(
        String(decoding: try site.bytes, as: UTF8.self).contains("- [x] Paint the door ⏳ 2026-11-20 ✅ 2026-11-23\n"))
    try site.apply(.reopen(id: door))
    #expect(String(decoding: try site.bytes, as: UTF8.self).contains("- [ ] Paint the door ⏳ 2026-11-20\n"))
    // A column no character stands for is refused, naming the mapping that would do.
    let plain = try EditSite(
        path: "Content/plan.md", bytes: utf8("- [ ] One\n"),
        extra: "  columns: [todo, doing, review, done]\n  status_map: {\"/\": doing}\n")
    let one = try #require(try plain.tasks().first?.id)
    #expect(try plain.failure(.move(id: one, to: "review")).contains("status_map: {\"/\": review}"))
}

@Test func editingAChecklistItemKeepsItsFieldsAndWritesItsDueDateAsTheTasksPluginDoes() throws {
    let site = try vaultSite()
    let ids = idsByTitle(try site.tasks())
    let sink = try #require(ids["Fix the sink"])
    try site.apply(.edit(id: sink, TaskEdits(title: "Fix the kitchen sink", due: .some(try isoDay("2026-12-01")))))
    expectEdit(
        utf8(vaultNote), try site.bytes, replacing: "- [ ] Fix the sink 📅 2026-11-25 #house ^sink",
        with: "- [ ] Fix the kitchen sink 📅 2026-12-01 #house ^sink")
    let kitchen = try #require(idsByTitle(try site.tasks())["Fix the kitchen sink"])
    try site.apply(.edit(id: kitchen, TaskEdits(due: .some(nil))))
    #expect(String(decoding: try site.bytes, as: UTF8.self).contains("- [ ] Fix the kitchen sink #house ^sink\n"))
    try site.apply(.edit(id: try #require(ids["Paint the door"]), TaskEdits(due: .some(try isoDay("2026-12-02")))))
    #expect(
        String(decoding: try site.bytes, as: UTF8.self).contains("- [/] Paint the door ⏳ 2026-11-20 📅 2026-12-02\n"))
    try site.apply(
        .edit(id: try #require(ids["Read"]), TaskEdits(title: "Read the book", due: .some(try isoDay("2026-12-03")))))
    #expect(
        String(decoding: try site.bytes, as: UTF8.self).contains(
            "- [ ] Read the book [due:: 2026-12-03]  [priority:: high]\n"))
    #expect(try site.failure(.edit(id: kitchen, TaskEdits(priority: .some("A")))).contains("priority"))
}

@Test func aNewItemTakesItsColumnsCharacterAndItsDueDateAsTheTasksPluginWritesThem() throws {
    let site = try vaultSite()
    try site.apply(.add(NewTask(text: "Oil the hinges", status: "doing", due: try isoDay("2026-12-04"))))
    try site.apply(.add(NewTask(text: "Sweep [owner:: Maren]", status: "done")))
    expectBytes(
        try site.bytes,
        utf8(vaultNote + "- [/] Oil the hinges 📅 2026-12-04\n- [x] Sweep [owner:: Maren] ✅ 2026-11-23\n"))
    let plain = try EditSite(
        path: "Content/plan.md", bytes: utf8("- [ ] One\n"), extra: "  columns: [todo, doing, done]\n")
    #expect(try plain.failure(.add(NewTask(text: "Two", status: "doing"))).contains("status_map names none for it"))
}
