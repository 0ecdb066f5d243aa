import Foundation
import HeraldCore
@testable import HeraldEditor
import HeraldTestSupport
import Testing

/// YAMLDocument on a board like the default site's, its CRLF twin, keyed and empty lists, and the real board.
@Suite struct YAMLDocumentTests {
    /// Like the default site's Content/tasks.yml: comments, blank lines between items, block
    /// scalars (one holding a blank line and a `#` line), plain, single- and double-quoted values.
    static let tasks = """
        # Team Board: the Herald team's own backlog.
        # Statuses: todo, doing, review, done.

        - id: 1
          title: Set up the Swift package
          status: done   # finished early
          priority: 'A'
          created: 2026-08-03
          tags: [ci]
          assignee: "Maren"
          notes: |
            `make site` works.

            # not a comment: part of the notes

        - id: 2
          title: "Parse herald.yml: reject unknown keys"
          status: doing
          due: 2026-09-15
          tags: [data, bug]
          notes: |
            A typo like `colums:` now says *did you mean*.

        # Later
        - id: 3
          title: YAML loader
          status: todo
          notes: |
            Accepts a list.

        """

    static func crlf(_ text: String) -> String { text.replacing("\n", with: "\r\n") }

    @Test(arguments: [false, true]) func tasksRoundTripThroughEveryOperation(crlf: Bool) throws {
        let newline = crlf ? "\r\n" : "\n"
        let original = utf8(crlf ? Self.crlf(Self.tasks) : Self.tasks)
        var document = try YAMLDocument(bytes: original, file: "tasks.yml", root: nil)
        #expect(document.records.count == 3)

        try document.appendRecord([
            ("id", .number(4)), ("title", .text("Write docs: the editor")), ("status", .text("todo")),
            ("tags", .list(["docs", "a, b"])), ("due", .null)
        ])
        let appended = document.bytes
        expectBytes(
            appended,
            original.dropLast(newline.utf8.count)
                + utf8(
                    [
                        "", "", "- id: 4", "  title: \"Write docs: the editor\"", "  status: todo",
                        "  tags: [docs, \"a, b\"]", "  due: null", ""
                    ].joined(separator: newline)))
        #expect(text(document, 3, "title") == "Write docs: the editor")

        try document.set("status", to: .text("doing"), inRecord: 3)
        expectEdit(
            appended, document.bytes, replacing: "  status: todo\(newline)  tags: [docs",
            with: "  status: doing\(newline)  tags: [docs")
        try document.set("assignee", to: .text("Ines"), inRecord: 3)
        #expect(text(document, 3, "assignee") == "Ines")
        try document.removeField("assignee", inRecord: 3)
        try document.removeRecord(3)
        expectBytes(document.bytes, original)
    }

    @Test func setKeepsQuotingAndComments() throws {
        let original = utf8(Self.tasks)
        var document = try YAMLDocument(bytes: original, file: "tasks.yml", root: nil)
        try document.set("status", to: .text("review"), inRecord: 0)
        expectEdit(
            original, document.bytes, replacing: "status: done   # finished early",
            with: "status: review   # finished early")
        var before = document.bytes
        try document.set("priority", to: .text("it's B"), inRecord: 0)
        expectEdit(before, document.bytes, replacing: "priority: 'A'", with: "priority: 'it''s B'")
        before = document.bytes
        try document.set("assignee", to: .text("Ines"), inRecord: 0)
        expectEdit(before, document.bytes, replacing: "assignee: \"Maren\"", with: "assignee: \"Ines\"")
        before = document.bytes
        try document.set("title", to: .text("Plain again"), inRecord: 1)
        expectEdit(
            before, document.bytes, replacing: "title: \"Parse herald.yml: reject unknown keys\"",
            with: "title: \"Plain again\"")
        before = document.bytes
        try document.set("tags", to: .list(["data"]), inRecord: 1)
        expectEdit(before, document.bytes, replacing: "tags: [data, bug]", with: "tags: [data]")
        before = document.bytes
        try document.set("due", to: .text("2026-11-23"), inRecord: 1)
        expectEdit(before, document.bytes, replacing: "due: 2026-09-15", with: "due: 2026-11-23")
        #expect(text(document, 1, "due") == "2026-11-23")
        #expect(text(document, 0, "notes") == "`make site` works.\n\n# not a comment: part of the notes\n")
    }

    @Test func newKeysGoAfterABlockScalarAndLeaveBackOut() throws {
        let original = utf8(Self.tasks)
        var document = try YAMLDocument(bytes: original, file: "tasks.yml", root: nil)
        try document.set("completed_at", to: .text("2026-09-04"), inRecord: 0)
        expectEdit(
            original, document.bytes, replacing: "part of the notes\n\n- id: 2",
            with: "part of the notes\n  completed_at: 2026-09-04\n\n- id: 2")
        try document.removeField("completed_at", inRecord: 0)
        expectBytes(document.bytes, original)

        try document.set("done", to: .bool(true), inRecord: 2)
        expectEdit(
            original, document.bytes, replacing: "    Accepts a list.\n", with: "    Accepts a list.\n  done: true\n")
        try document.removeField("done", inRecord: 2)
        expectBytes(document.bytes, original)

        try document.removeField("notes", inRecord: 0)
        expectEdit(
            original, document.bytes,
            replacing:
                "  assignee: \"Maren\"\n  notes: |\n    `make site` works.\n\n    # not a comment: part of the notes\n",
            with: "  assignee: \"Maren\"\n")
        #expect(field(document, 0, "notes") == nil)
    }

    @Test func removingRecordsTakesTheirBlankLines() throws {
        let original = utf8(Self.tasks)
        var middle = try YAMLDocument(bytes: original, file: "tasks.yml", root: nil)
        try middle.removeRecord(1)
        expectEdit(
            original, middle.bytes,
            replacing:
                "- id: 2\n  title: \"Parse herald.yml: reject unknown keys\"\n  status: doing\n  due: 2026-09-15\n  tags: [data, bug]\n  notes: |\n    A typo like `colums:` now says *did you mean*.\n\n# Later",
            with: "# Later")

        var first = try YAMLDocument(bytes: original, file: "tasks.yml", root: nil)
        try first.removeRecord(0)
        #expect(
            String(decoding: first.bytes, as: UTF8.self).hasPrefix(
                "# Team Board: the Herald team's own backlog.\n# Statuses: todo, doing, review, done.\n\n- id: 2\n"))

        var last = try YAMLDocument(bytes: original, file: "tasks.yml", root: nil)
        try last.removeRecord(2)
        expectEdit(
            original, last.bytes,
            replacing: "# Later\n- id: 3\n  title: YAML loader\n  status: todo\n  notes: |\n    Accepts a list.\n",
            with: "# Later\n")
        #expect(last.records.count == 2)
    }

    @Test func keyedMapUnderARootWithAByteOrderMarkAndNoFinalNewline() throws {
        let body =
            "board:\n  name: Team\n  tasks:\n    \"a1\":\n      title: First\n      done: false\n\n    b2:\n      title: Second"
        let original = [0xEF, 0xBB, 0xBF] + utf8(body)
        var document = try YAMLDocument(bytes: original, file: "board.yml", root: "board.tasks")
        #expect(text(document, 0, "id") == "a1")
        try document.appendRecord([("id", .text("c3")), ("title", .text("Third"))])
        expectBytes(document.bytes, original + utf8("\n\n    c3:\n      title: Third"))
        #expect(text(document, 2, "id") == "c3")
        try document.set("done", to: .bool(true), inRecord: 2)
        try document.removeRecord(2)
        expectBytes(document.bytes, original)
        try document.set("title", to: .text("Second!"), inRecord: 1)
        expectBytes(document.bytes, [0xEF, 0xBB, 0xBF] + utf8(body.replacing("title: Second", with: "title: Second!")))
        try document.removeRecord(0)
        expectBytes(
            document.bytes, [0xEF, 0xBB, 0xBF] + utf8("board:\n  name: Team\n  tasks:\n    b2:\n      title: Second!"))
        try document.removeRecord(0)
        expectBytes(document.bytes, [0xEF, 0xBB, 0xBF] + utf8("board:\n  name: Team\n  tasks: {}"))
    }

    @Test func emptyListsTakeAFirstRecord() throws {
        for original in ["tasks: []\n", "[]\n", "# none yet\n[]"] {
            var document = try YAMLDocument(
                bytes: utf8(original), file: "empty.yml", root: original.hasPrefix("tasks") ? "tasks" : nil)
            try document.appendRecord([("id", .number(1)), ("title", .text("first"))])
            #expect(text(document, 0, "title") == "first")
            try document.removeRecord(0)
            expectBytes(document.bytes, utf8(original))
        }
        var document = try YAMLDocument(bytes: utf8("tasks: []\n"), file: "empty.yml", root: "tasks")
        try document.appendRecord([("id", .number(1)), ("title", .text("first"))])
        expectBytes(document.bytes, utf8("tasks:\n  - id: 1\n    title: first\n"))
    }

    @Test func textsThatWouldReadAsSomethingElseAreQuoted() throws {
        var document = try YAMLDocument(bytes: utf8("- title: x\n  empty:\n  gone: ~\n"), file: "q.yml", root: nil)
        let quoted = [
            "yes", "No", "true", "null", "~", "12", "1.5", "-x", "a #b", "a: b", " pad", "pad ", "#tag", "[x]", "@me",
            "`code`", "'q'", "\"q\"", "line\nbreak", "tab\there", ""
        ]
        for value in quoted {
            try document.set("title", to: .text(value), inRecord: 0)
            #expect(text(document, 0, "title") == value)
            #expect(document.bytes.starts(with: utf8("- title: \"")), "\(value.debugDescription) is not quoted")
        }
        // A quoted value stays quoted; a plain one stays plain when it can.
        for value in ["2026-11-23", "plain words", "C++", "é and ü", "a:b", "x-1"] {
            var plain = try YAMLDocument(bytes: utf8("- title: x\n"), file: "q.yml", root: nil)
            try plain.set("title", to: .text(value), inRecord: 0)
            expectBytes(plain.bytes, utf8("- title: \(value)\n"))
        }
        try document.set("empty", to: .number(3), inRecord: 0)
        try document.set("added", to: .null, inRecord: 0)
        #expect(String(decoding: document.bytes, as: UTF8.self).hasSuffix("  empty: 3\n  gone: ~\n  added: ~\n"))
    }

    @Test func theFirstKeyOnTheDashLineMakesWayForTheNext() throws {
        var document = try YAMLDocument(bytes: utf8("- id: 1\n  title: x\n- id: 2\n"), file: "d.yml", root: nil)
        try document.removeField("id", inRecord: 0)
        expectBytes(document.bytes, utf8("- title: x\n- id: 2\n"))
        #expect(editError { try document.removeField("id", inRecord: 1) }?.message.contains("only field") == true)
    }

    @Test func whatCannotBeEditedInPlaceIsAPositionedError() throws {
        var document = try YAMLDocument(bytes: utf8(Self.tasks), file: "tasks.yml", root: nil)
        let block = editError { try document.set("notes", to: .text("new"), inRecord: 1) }
        #expect(block?.location == SourceLocation(file: "tasks.yml", line: 21, column: 10))
        #expect(block?.message.contains("block scalar") == true)

        var lists = try YAMLDocument(
            bytes: utf8("- id: 1\n  tags:\n    - a\n  title: long\n    words\n"), file: "l.yml", root: nil)
        #expect(editError { try lists.set("tags", to: .list(["b"]), inRecord: 0) }?.location.line == 3)
        #expect(
            editError { try lists.set("title", to: .text("short"), inRecord: 0) }?.message.contains("several lines")
                == true)
        try lists.set("status", to: .text("todo"), inRecord: 0)
        expectBytes(lists.bytes, utf8("- id: 1\n  tags:\n    - a\n  title: long\n    words\n  status: todo\n"))

        var flow = try YAMLDocument(bytes: utf8("- {id: 1, title: x}\n- id: 2\n"), file: "f.yml", root: nil)
        let record = editError { try flow.set("title", to: .text("y"), inRecord: 0) }
        #expect(record?.location == SourceLocation(file: "f.yml", line: 1, column: 3))
        #expect(record?.message.contains("flow style") == true)
        try flow.set("title", to: .text("y"), inRecord: 1)
        #expect(text(flow, 1, "title") == "y")

        var flowList = try YAMLDocument(bytes: utf8("tasks: [{id: 1}]\n"), file: "f.yml", root: "tasks")
        #expect(editError { try flowList.appendRecord([("id", .number(2))]) }?.message.contains("flow style") == true)
        #expect(editError { try flowList.removeRecord(5) }?.message.contains("no record 6") == true)
    }

    /// Every record of the default site's own board, edited one by one and put back.
    @Test func everyRecordOfTheDefaultBoardEditsAndComesBack() throws {
        let original = Array(try Data(contentsOf: Repository.url("Content/tasks.yml")))
        let document = try YAMLDocument(bytes: original, file: "tasks.yml", root: nil)
        let count = document.records.count
        #expect(count > 10)
        for index in 0..<count {
            var edited = document
            try edited.set("reviewed", to: .bool(true), inRecord: index)
            #expect(field(edited, index, "reviewed").map { "\($0)" } == "bool(true)")
            try edited.removeField("reviewed", inRecord: index)
            if let title = text(edited, index, "title") {
                try edited.set("title", to: .text(title + "!"), inRecord: index)
                #expect(text(edited, index, "title") == title + "!")
                try edited.set("title", to: .text(title), inRecord: index)
            }
            expectBytes(edited.bytes, original)

            var removed = document
            try removed.removeRecord(index)
            let ids = removed.records.map { "\($0.fields.lookup("id")?.value as Any)" }
            var expected = document.records.map { "\($0.fields.lookup("id")?.value as Any)" }
            expected.remove(at: index)
            #expect(ids == expected)
        }
        var appended = document
        try appended.appendRecord([("id", .number(count + 1)), ("title", .text("One more")), ("status", .text("todo"))])
        #expect(text(appended, count, "title") == "One more")
        try appended.removeRecord(count)
        expectBytes(appended.bytes, original)
    }
}
