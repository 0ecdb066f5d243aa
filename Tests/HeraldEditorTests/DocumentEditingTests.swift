import Foundation
import HeraldCore
import HeraldEditor
import HeraldModels
import HeraldTestSupport
import Testing

// `herald tasks` on JSON and YAML sources through the editor, as a user's commands run them.

@Test func jsonPlaceholderRoundTripReturnsTheOriginalBytes() throws {
    let site = try EditSite(
        realData: "todos-jsonplaceholder/todos.json", as: "Content/todos.json",
        extra: "  columns: [open, closed]\n")
    let original = try site.bytes
    let added = try site.apply(.add(NewTask(text: "Water the plants")))
    #expect(added.task.id == "201")
    #expect(added.task.status == "open")
    let afterAdd = try site.bytes
    try site.apply(.done(id: "201"))
    #expect(changedLines(afterAdd, try site.bytes).removed.map { $0.contains("\"completed\": false") } == [true])
    #expect(try site.tasks().last?.completed == true)
    try site.apply(.reopen(id: "201"))
    #expect(try site.bytes == afterAdd)
    try site.apply(.remove(id: "201"))
    #expect(try site.bytes == original)

    // Completing and removing others leaves every other task's ID, and its bytes, alone.
    try site.apply(.done(id: "1"))
    try site.apply(.remove(id: "2"))
    let ids = try site.tasks().map(\.id)
    #expect(ids == (1...200).filter { $0 != 2 }.map(String.init))
}

@Test func theDefaultSitesYAMLKeepsItsCommentsAndBlockNotes() throws {
    let site = try EditSite(
        path: "Content/tasks.yml", bytes: [UInt8](try Data(contentsOf: Repository.url("Content/tasks.yml"))),
        extra: "  columns: [todo, doing, review, done]\n")
    let original = try site.bytes
    let open = try #require(try site.tasks().first { !$0.completed && $0.status == "todo" })

    let added = try site.apply(
        .add(
            NewTask(
                text: "Write: the editor's docs", priority: "B", due: Day(iso: "2026-12-01"),
                tags: ["docs"], project: "engine", assignee: "Ines")))
    let afterAdd = try site.bytes
    let text = String(decoding: afterAdd, as: UTF8.self)
    #expect(text.hasPrefix(String(decoding: original, as: UTF8.self).trimmingCharacters(in: .newlines)))
    #expect(text.contains("  title: \"Write: the editor's docs\"\n"))
    #expect(added.task.tags == ["docs"] && added.task.assignee == "Ines" && added.task.priority == "B")

    try site.apply(.move(id: added.task.id, to: "review"))
    #expect(changedLines(afterAdd, try site.bytes) == (["  status: todo"], ["  status: review"]))
    try site.apply(.done(id: added.task.id))
    #expect(String(decoding: try site.bytes, as: UTF8.self).contains("  status: done\n"))
    #expect(try site.tasks().first { $0.id == added.task.id }?.completedAt == Day(iso: "2026-11-23"))
    try site.apply(.reopen(id: added.task.id))
    #expect(try site.bytes == afterAdd)
    try site.apply(.remove(id: added.task.id))
    #expect(try site.bytes == original)

    let before = try site.bytes
    try site.apply(.done(id: open.id))
    // Two places change: the status line, and a completion date after the record's last line
    // (its block of notes); everything between stays.
    let changed = changedLines(before, try site.bytes)
    #expect(changed.removed.first == "  status: todo")
    #expect(changed.added.first == "  status: done")
    #expect(Array(changed.added.dropFirst().dropLast()) == Array(changed.removed.dropFirst()))
    #expect(changed.added.last == "  completed_at: 2026-11-23")
}
