import Foundation
import HeraldCore
@testable import HeraldEditor
import HeraldModels
import Testing

// The served board's undo of a removal (the removed bytes put back in their place) and its drop
// into another column and another priority's lane at once (one write).

private let formats: [(path: String, text: String, extra: String)] = [
    (
        "Content/todo.txt",
        "(A) 2026-11-01 Call Mom +Family @phone\r\n2026-11-02 Pick up milk\r\nx 2026-11-20 Download the app\r\n", ""
    ),
    (
        "Content/tasks.json",
        """
        [
          {"id": 1, "title": "Call Mom", "status": "todo"},
          {"id": 2, "title": "Pick up milk", "status": "doing", "tags": ["home"]},
          {"id": 3, "title": "Download the app", "status": "done"}
        ]

        """, "  columns: [todo, doing, done]\n"
    ),
    (
        "Content/tasks.yml",
        "# Chores\n- id: 1\n  title: Call Mom\n  status: todo\n\n- id: 2  # the milk\n  title: Pick up milk\n  status: doing\n\n- id: 3\n  title: Download the app\n  status: done\n",
        "  columns: [todo, doing, done]\n"
    ),
    (
        "Content/tasks.csv",
        "id,title,status\n1,Call Mom,todo\n2,\"Pick up milk, \"\"fresh\"\"\",doing\n3,Download the app,done\n",
        "  columns: [todo, doing, done]\n"
    ),
    ("Content/list.md", "# Chores\n\n- [ ] Call Mom\n- [ ] Pick up milk\n- [x] Download the app\n", "")
]

@Test(arguments: [0, 1, 2])
func aRemovalPutBackGivesTheOriginalBytes(position: Int) throws {
    for format in formats {
        let site = try EditSite(path: format.path, bytes: Array(format.text.utf8), extra: format.extra)
        let original = try site.bytes
        let task = try site.tasks()[position]
        let removed = try site.apply(.remove(id: task.id), keepsRemovals: true)
        let removal = try #require(removed.removal, "\(format.path)")
        #expect(try site.bytes != original)
        let restored = try site.apply(.restore(removal))
        let now = try site.bytes
        #expect(now == original, "\(format.path): \(String(decoding: now, as: UTF8.self))")
        #expect(restored.task.title == task.title)
        #expect(restored.task.id == task.id)
    }
}

@Test func aRemovalIsNotPutBackIntoAFileChangedSince() throws {
    let site = try EditSite(path: "Content/todo.txt", bytes: Array("Call Mom\nPick up milk\n".utf8))
    let removal = try #require(try site.apply(.remove(id: try site.tasks()[0].id), keepsRemovals: true).removal)
    try site.site.write("Content/todo.txt", "Pick up milk\nWater the plants\n")
    let message = try site.failure(.restore(removal))
    #expect(message.contains("the task file changed since the task was removed"), "\(message)")
    // The same removal twice: after the first, the file is no longer what the removal left.
    let again = try EditSite(path: "Content/todo.txt", bytes: Array("Call Mom\nPick up milk\n".utf8))
    let second = try #require(try again.apply(.remove(id: try again.tasks()[0].id), keepsRemovals: true).removal)
    try again.apply(.restore(second))
    #expect(try again.failure(.restore(second)).contains("changed since the task was removed"))
    #expect(try again.bytes == Array("Call Mom\nPick up milk\n".utf8))
}

@Test func aRemovalIsOneRunOfBytesOrNone() throws {
    let before = Array("a\nb\nc\n".utf8)
    let removal = try #require(Removal(taskID: "x", before: before, after: Array("a\nc\n".utf8)) as Removal?)
    #expect(removal.restoring(Array("a\nc\n".utf8)) == before)
    #expect(Removal(taskID: "x", before: before, after: Array("b\n".utf8)) == nil)
    #expect(Removal(taskID: "x", before: before, after: before) == nil)
}

@Test func aDropIntoAnotherColumnAndPriorityIsOneWrite() throws {
    let site = try EditSite(
        path: "Content/todo.txt", bytes: Array("(A) 2026-11-01 Call Mom +Family\n2026-11-02 Pick up milk\n".utf8),
        extra: "  columns: [todo, doing, done]\n")
    let ids = try site.tasks().map(\.id)
    try site.apply(.edit(id: ids[1], TaskEdits(priority: .some("B"), status: "doing")))
    #expect(try site.bytes == Array("(A) 2026-11-01 Call Mom +Family\n(B) 2026-11-02 Pick up milk status:doing\n".utf8))
    // Into the lane of tasks without a priority, and back to the first column.
    try site.apply(.edit(id: ids[0], TaskEdits(priority: .some(nil), status: "todo")))
    #expect(try site.bytes == Array("2026-11-01 Call Mom +Family\n(B) 2026-11-02 Pick up milk status:doing\n".utf8))
    // Another lane, the same column: the priority alone changes, not nothing.
    let outcome = try site.apply(.edit(id: ids[1], TaskEdits(priority: .some("C"), status: "doing")))
    #expect(outcome.changed)
    #expect(try site.bytes == Array("2026-11-01 Call Mom +Family\n(C) 2026-11-02 Pick up milk status:doing\n".utf8))
    // Into the last column, a todo.txt priority becomes pri:, as done does.
    try site.apply(
        .edit(id: try site.tasks()[1].id, TaskEdits(priority: .some("A"), status: "done")), now: "2026-11-23T10:00:00Z")
    #expect(try site.bytes == Array("2026-11-01 Call Mom +Family\nx 2026-11-23 2026-11-02 Pick up milk pri:A\n".utf8))
}

@Test func aDropIntoAnotherPriorityOfARecordFileSetsBothKeys() throws {
    let json =
        "[\n  {\"id\": 1, \"title\": \"Call Mom\", \"status\": \"todo\", \"priority\": \"A\"},\n  {\"id\": 2, \"title\": \"Milk\", \"status\": \"todo\"}\n]\n"
    let site = try EditSite(
        path: "Content/tasks.json", bytes: Array(json.utf8), extra: "  columns: [todo, doing, done]\n")
    try site.apply(.edit(id: "1", TaskEdits(priority: .some("B"), status: "doing")))
    #expect(
        try site.bytes
            == Array(
                json.replacingOccurrences(
                    of: "\"status\": \"todo\", \"priority\": \"A\"",
                    with: "\"status\": \"doing\", \"priority\": \"B\""
                ).utf8))
    // A column that does not exist is refused before anything is written.
    #expect(
        try site.failure(.edit(id: "2", TaskEdits(priority: .some("B"), status: "someday"))).contains(
            "'someday' is not a column"))
}
