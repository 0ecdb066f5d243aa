import Foundation
import HeraldCore
import HeraldEditor
import HeraldModels
import Testing

@Test(arguments: ["todo.txt", "task_todo.txt", "sort_todo.txt", "tasklist_todo.txt"])
func todoTxtRoundTripReturnsTheOriginalBytes(file: String) throws {
    let site = try EditSite(realData: "tasks-todotxt/\(file)", as: "Content/todo.txt")
    let original = try site.bytes

    let added = try site.apply(.add(NewTask(text: "Call Grandma +Family @phone due:2026-12-01", priority: "B")))
    #expect(
        changedLines(original, try site.bytes).added == ["(B) 2026-11-23 Call Grandma +Family @phone due:2026-12-01"])
    // A title of its own (the files have a "Call Mom" already), so its ID stays through done.
    #expect(added.task.title == "Call Grandma")
    #expect(added.task.project == "Family" && added.task.contexts == ["phone"])
    #expect(added.task.due == Day(iso: "2026-12-01"))
    let id = added.task.id

    var before = try site.bytes
    try site.apply(.done(id: id), now: "2026-11-24T10:00:00Z")
    #expect(
        changedLines(before, try site.bytes) == (
            ["(B) 2026-11-23 Call Grandma +Family @phone due:2026-12-01"],
            ["x 2026-11-24 2026-11-23 Call Grandma +Family @phone due:2026-12-01 pri:B"]
        ))
    before = try site.bytes
    try site.apply(.reopen(id: id))
    #expect(changedLines(before, try site.bytes).added == ["(B) 2026-11-23 Call Grandma +Family @phone due:2026-12-01"])
    try site.apply(.remove(id: id))
    #expect(try site.bytes == original)
}

@Test func todoTxtKeepsCRLFAndAMissingFinalNewline() throws {
    let text = "(A) Call Mom @Phone\r\n# a comment\r\n\r\nx 2026-01-02 2026-01-01 Old thing\r\nBuy milk"
    let site = try EditSite(path: "Content/todo.txt", bytes: Array(text.utf8))
    let id = try site.apply(.add(NewTask(text: "New task"))).task.id
    #expect(String(decoding: try site.bytes, as: UTF8.self) == text + "\r\n2026-11-23 New task")
    let milk = try #require(try site.tasks().first { $0.title == "Buy milk" }).id
    try site.apply(.done(id: milk))
    #expect(
        String(decoding: try site.bytes, as: UTF8.self).contains("\r\nx 2026-11-23 Buy milk\r\n2026-11-23 New task"))
    try site.apply(.reopen(id: milk))
    try site.apply(.remove(id: id))
    #expect(String(decoding: try site.bytes, as: UTF8.self) == text)

    // A completed task that had a priority gets it back, from its pri: tag, when reopened.
    let mom = try #require(try site.tasks().first { $0.title == "Call Mom" }).id
    try site.apply(.done(id: mom))
    #expect(String(decoding: try site.bytes, as: UTF8.self).hasPrefix("x 2026-11-23 Call Mom @Phone pri:A\r\n"))
    try site.apply(.reopen(id: mom))
    #expect(String(decoding: try site.bytes, as: UTF8.self) == text)
}

@Test func todoTxtIDsSurviveOtherTasksChanging() throws {
    let site = try EditSite(realData: "tasks-todotxt/task_todo.txt", as: "Content/todo.txt")
    let tasks = try site.tasks()
    #expect(tasks.allSatisfy { $0.id.count >= 4 && $0.id.allSatisfy(\.isHexDigit) })
    #expect(Set(tasks.map(\.id)).count == tasks.count)
    // A title several tasks share makes their IDs hash all their fields, so done changes those;
    // a task with a title of its own keeps its ID through every change of the others.
    let counts = Dictionary(tasks.map { ($0.title, 1) }, uniquingKeysWith: +)
    let ids = idsByTitle(tasks).filter { counts[$0.key] == 1 }
    let open = try #require(tasks.first { !$0.completed && counts[$0.title] == 1 })
    let closed = try #require(tasks.first { $0.completed && counts[$0.title] == 1 })
    let removed = try #require(tasks.last { $0.id != open.id && $0.id != closed.id && counts[$0.title] == 1 })
    try site.apply(.done(id: open.id))
    try site.apply(.reopen(id: closed.id))
    try site.apply(.remove(id: removed.id))
    try site.apply(.add(NewTask(text: "Something new")))
    let after = idsByTitle(try site.tasks())
    for (title, id) in ids where title != removed.title {
        #expect(after[title] == id, "\(title)")
    }
}

@Test func todoTxtMovesThroughAMiddleColumnWithAStatusTag() throws {
    let site = try EditSite(path: "Content/todo.txt", bytes: Array("(A) 2026-11-01 Write it +Docs\n".utf8))
    let id = try #require(try site.tasks().first).id
    try site.apply(.move(id: id, to: "doing"))
    #expect(String(decoding: try site.bytes, as: UTF8.self) == "(A) 2026-11-01 Write it +Docs status:doing\n")
    #expect(try site.tasks().first?.status == "doing")
    try site.apply(.move(id: id, to: "done"))
    #expect(String(decoding: try site.bytes, as: UTF8.self) == "x 2026-11-23 2026-11-01 Write it +Docs pri:A\n")
    try site.apply(.move(id: id, to: "todo"))
    #expect(String(decoding: try site.bytes, as: UTF8.self) == "(A) 2026-11-01 Write it +Docs\n")
}

@Test func todoTxtEditsKeepTheTagsAndTheID() throws {
    let site = try EditSite(
        path: "Content/todo.txt", bytes: Array("(A) 2026-11-01 Write it +Docs due:2026-12-01 owner:ana\n".utf8))
    let id = try #require(try site.tasks().first).id
    try site.apply(.edit(id: id, TaskEdits(due: .some(Day(iso: "2026-12-24")), priority: .some("C"))))
    #expect(
        String(decoding: try site.bytes, as: UTF8.self) == "(C) 2026-11-01 Write it +Docs due:2026-12-24 owner:ana\n")
    #expect(try site.tasks().first?.id == id)
    // A key the board does not know is part of the title, so a new title replaces it; the
    // project stays, as a chip beside the title.
    let renamed = try site.apply(.edit(id: id, TaskEdits(title: "Write it all", due: .some(nil), priority: .some(nil))))
    #expect(String(decoding: try site.bytes, as: UTF8.self) == "2026-11-01 Write it all +Docs\n")
    #expect(renamed.task.id != id)
}
