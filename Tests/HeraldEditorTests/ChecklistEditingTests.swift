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
    #expect(changedLines(original, afterAdd).added == ["* [ ] Write the editor"] || changedLines(original, afterAdd).added == ["- [ ] Write the editor"])
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
    #expect(String(decoding: try site.bytes, as: UTF8.self) == text.replacingOccurrences(of: "- [ ] Parent", with: "- [x] Parent"))
    try site.apply(.reopen(id: parent.id))
    #expect(String(decoding: try site.bytes, as: UTF8.self) == text)
    try site.apply(.remove(id: parent.id))
    #expect(String(decoding: try site.bytes, as: UTF8.self) == "# Plan\n\n- [X] Sibling\n\nSome text.\n")
    #expect(try site.tasks().map(\.id) == [sibling.id])
    let failure = try site.failure(.move(id: sibling.id, to: "doing"))
    #expect(failure.contains("either open or done"))
}

@Test func checklistAddsUnderANamedHeadingOrTheLastList() throws {
    let text = "## Soon\n\n1. [ ] One\n2. [ ] Two\n\n## Later\n\n* [ ] Far off\n"
    let site = try EditSite(path: "Content/plan.md", bytes: Array(text.utf8))
    try site.apply(.add(NewTask(text: "Three", list: "Soon")))
    #expect(String(decoding: try site.bytes, as: UTF8.self) == "## Soon\n\n1. [ ] One\n2. [ ] Two\n3. [ ] Three\n\n## Later\n\n* [ ] Far off\n")
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
