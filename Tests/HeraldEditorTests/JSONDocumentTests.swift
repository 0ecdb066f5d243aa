import Foundation
import HeraldCore
@testable import HeraldEditor
import HeraldTestSupport
import Testing

/// JSONDocument on the JSONPlaceholder to-dos and on hand-written layouts: pretty, minified, keyed, rooted, empty.
@Suite struct JSONDocumentTests {
    /// The JSONPlaceholder to-dos: 200 records, pretty-printed with two spaces.
    static func todos() throws -> [UInt8] {
        Array(try Data(contentsOf: RealData.url("todos-jsonplaceholder/todos.json")))
    }

    @Test func realTodosRoundTripThroughEveryOperation() throws {
        let original = try Self.todos()
        var document = try JSONDocument(bytes: original, file: "todos.json", root: nil)
        #expect(document.records.count == 200)

        try document.appendRecord([
            ("userId", .number(11)), ("id", .number(201)), ("title", .text("say \"hi\"\tnow")),
            ("completed", .bool(false))
        ])
        let appended = document.bytes
        expectEdit(
            original, appended, replacing: "\"completed\": false\n  }\n]",
            with: """
                "completed": false
                  },
                  {
                    "userId": 11,
                    "id": 201,
                    "title": "say \\"hi\\"\\tnow",
                    "completed": false
                  }
                ]
                """)
        #expect(document.records.count == 201)
        #expect(text(document, 200, "title") == "say \"hi\"\tnow")

        try document.set("completed", to: .bool(true), inRecord: 200)
        expectEdit(
            appended, document.bytes, replacing: "\"completed\": false\n  }\n]", with: "\"completed\": true\n  }\n]")
        let completed = document.bytes

        try document.set("tags", to: .list(["a", "b"]), inRecord: 200)
        expectEdit(
            completed, document.bytes, replacing: "\"completed\": true\n  }\n]",
            with: "\"completed\": true,\n    \"tags\": [\"a\", \"b\"]\n  }\n]")
        #expect(field(document, 200, "tags").map { "\($0)" }?.contains("\"a\"") == true)

        try document.removeField("tags", inRecord: 200)
        expectBytes(document.bytes, completed)

        try document.removeRecord(200)
        expectBytes(document.bytes, original)
        #expect(document.records.count == 200)
    }

    @Test func setAndRemoveFieldInTheMiddleOfRealTodos() throws {
        let original = try Self.todos()
        var document = try JSONDocument(bytes: original, file: "todos.json", root: nil)
        try document.set("title", to: .text("new title"), inRecord: 2)
        expectEdit(
            original, document.bytes, replacing: "\"title\": \"fugiat veniam minus\"", with: "\"title\": \"new title\"")
        #expect(text(document, 2, "title") == "new title")

        try document.set("due", to: .text("2026-11-23"), inRecord: 2)
        try document.removeField("due", inRecord: 2)
        try document.set("title", to: .text("fugiat veniam minus"), inRecord: 2)
        expectBytes(document.bytes, original)

        try document.removeField("userId", inRecord: 0)
        expectEdit(
            original, document.bytes, replacing: "{\n    \"userId\": 1,\n    \"id\": 1,", with: "{\n    \"id\": 1,")
        try document.removeField("completed", inRecord: 0)
        #expect(field(document, 0, "completed") == nil)
        #expect(field(document, 1, "completed") != nil)
    }

    @Test func removingRealRecordsTakesTheirCommas() throws {
        let original = try Self.todos()
        var document = try JSONDocument(bytes: original, file: "todos.json", root: nil)
        try document.removeRecord(0)
        expectEdit(
            original, document.bytes,
            replacing: """
                [
                  {
                    "userId": 1,
                    "id": 1,
                    "title": "delectus aut autem",
                    "completed": false
                  },
                  {
                """, with: "[\n  {")
        #expect(document.records.first.map { "\($0.fields.lookup("id")!.value)" } == "int(2)")
        try document.removeRecord(98)
        #expect(document.records.count == 198)
        #expect(document.records.map { "\($0.fields.lookup("id")!.value)" }.contains("int(100)") == false)
        try document.removeRecord(197)
        #expect(document.bytes.suffix(5) == utf8("  }\n]"))
        #expect(try JSONDocument(bytes: document.bytes, file: "t", root: nil).records.count == 197)
    }

    @Test func minifiedJSONStaysMinified() throws {
        let original = utf8(#"[{"id":1,"title":"a"},{"id":2,"title":"b","done":false}]"#)
        var document = try JSONDocument(bytes: original, file: "min.json", root: nil)
        try document.appendRecord([("id", .number(3)), ("title", .text("c")), ("tags", .list(["x", "y"]))])
        expectBytes(
            document.bytes,
            utf8(#"[{"id":1,"title":"a"},{"id":2,"title":"b","done":false},{"id":3,"title":"c","tags":["x","y"]}]"#))
        try document.set("done", to: .null, inRecord: 0)
        expectBytes(
            document.bytes,
            utf8(
                #"[{"id":1,"title":"a","done":null},{"id":2,"title":"b","done":false},{"id":3,"title":"c","tags":["x","y"]}]"#
            ))
        try document.removeField("done", inRecord: 0)
        try document.removeRecord(2)
        expectBytes(document.bytes, original)
        try document.removeField("id", inRecord: 1)
        expectBytes(document.bytes, utf8(#"[{"id":1,"title":"a"},{"title":"b","done":false}]"#))
    }

    @Test func singleLineObjectsInAPrettyArray() throws {
        let original = utf8("[\n  {\"id\": 1, \"title\": \"a\"},\n  { \"id\": 2, \"title\": \"b\" }\n]")
        var document = try JSONDocument(bytes: original, file: "lines.json", root: nil)
        try document.appendRecord([("id", .number(3)), ("title", .text("c"))])
        expectBytes(
            document.bytes,
            utf8(
                "[\n  {\"id\": 1, \"title\": \"a\"},\n  { \"id\": 2, \"title\": \"b\" },\n  { \"id\": 3, \"title\": \"c\" }\n]"
            ))
        try document.set("status", to: .text("done"), inRecord: 0)
        #expect(document.bytes.starts(with: utf8("[\n  {\"id\": 1, \"title\": \"a\", \"status\": \"done\"},\n")))
        try document.removeField("status", inRecord: 0)
        try document.removeRecord(2)
        expectBytes(document.bytes, original)
        try document.removeRecord(0)
        expectBytes(document.bytes, utf8("[\n  { \"id\": 2, \"title\": \"b\" }\n]"))
        try document.removeRecord(0)
        expectBytes(document.bytes, utf8("[\n]"))
        #expect(document.records.isEmpty)
    }

    @Test func fourSpacesCRLFAndAByteOrderMarkStay() throws {
        let body = "[\r\n    {\r\n        \"id\": 1,\r\n        \"title\": \"é one\"\r\n    }\r\n]"
        let original = [0xEF, 0xBB, 0xBF] + utf8(body)
        var document = try JSONDocument(bytes: original, file: "bom.json", root: nil)
        try document.appendRecord([("id", .number(2)), ("title", .text("two"))])
        expectBytes(
            document.bytes,
            [0xEF, 0xBB, 0xBF]
                + utf8(
                    "[\r\n    {\r\n        \"id\": 1,\r\n        \"title\": \"é one\"\r\n    },\r\n    {\r\n        \"id\": 2,\r\n        \"title\": \"two\"\r\n    }\r\n]"
                ))
        try document.set("title", to: .text("é un"), inRecord: 0)
        try document.set("due", to: .text("2026-11-23"), inRecord: 1)
        #expect(document.bytes.count > original.count)
        #expect(text(document, 1, "due") == "2026-11-23")
        try document.removeField("due", inRecord: 1)
        try document.set("title", to: .text("é one"), inRecord: 0)
        try document.removeRecord(1)
        expectBytes(document.bytes, original)
    }

    @Test func keyedObjectsAddMembersByID() throws {
        let original = utf8("{\n  \"a1\": {\"title\": \"x\"},\n  \"b2\": {\"title\": \"y\"}\n}\n")
        var document = try JSONDocument(bytes: original, file: "keyed.json", root: nil)
        #expect(text(document, 1, "id") == "b2")
        try document.appendRecord([("id", .text("c3")), ("title", .text("z"))])
        expectBytes(
            document.bytes,
            utf8("{\n  \"a1\": {\"title\": \"x\"},\n  \"b2\": {\"title\": \"y\"},\n  \"c3\": {\"title\": \"z\"}\n}\n"))
        #expect(text(document, 2, "id") == "c3")
        try document.removeRecord(2)
        expectBytes(document.bytes, original)
        try document.removeRecord(0)
        expectBytes(document.bytes, utf8("{\n  \"b2\": {\"title\": \"y\"}\n}\n"))

        let withIDs = utf8(#"{"7": {"id": 7, "title": "x"}}"#)
        var numbered = try JSONDocument(bytes: withIDs, file: "ids.json", root: nil)
        try numbered.appendRecord([("id", .number(8)), ("title", .text("y"))])
        expectBytes(numbered.bytes, utf8(#"{"7": {"id": 7, "title": "x"}, "8": {"id": 8, "title": "y"}}"#))
        #expect(editError { try numbered.appendRecord([("title", .text("no id"))]) }?.message.contains("id") == true)
    }

    @Test func recordsUnderARootPath() throws {
        let original = utf8(
            "{\"meta\": {\"count\": 1},\n \"data\": {\"results\": [\n   {\"id\": 1, \"title\": \"a\"}\n ]}}\n")
        var document = try JSONDocument(bytes: original, file: "root.json", root: "data.results")
        try document.appendRecord([("id", .number(2)), ("title", .text("b"))])
        expectBytes(
            document.bytes,
            utf8(
                "{\"meta\": {\"count\": 1},\n \"data\": {\"results\": [\n   {\"id\": 1, \"title\": \"a\"},\n   {\"id\": 2, \"title\": \"b\"}\n ]}}\n"
            ))
        try document.set("title", to: .text("B"), inRecord: 1)
        try document.removeRecord(1)
        expectBytes(document.bytes, original)
        try document.removeRecord(0)
        expectBytes(document.bytes, utf8("{\"meta\": {\"count\": 1},\n \"data\": {\"results\": [\n ]}}\n"))
    }

    @Test func emptyArraysAndObjectsTakeAFirstRecord() throws {
        for original in ["[]", "[ ]", "[\n]\n", "{\"tasks\": []}"] {
            let root = original.hasPrefix("{") ? "tasks" : nil
            var document = try JSONDocument(bytes: utf8(original), file: "empty.json", root: root)
            try document.appendRecord([("id", .number(1)), ("title", .text("first"))])
            #expect(document.records.count == 1)
            #expect(text(document, 0, "title") == "first")
            try document.removeRecord(0)
            expectBytes(document.bytes, utf8(original))
        }
        var pretty = try JSONDocument(bytes: utf8("[\n]\n"), file: "empty.json", root: nil)
        try pretty.appendRecord([("id", .number(1)), ("title", .text("first"))])
        expectBytes(pretty.bytes, utf8("[\n  {\n    \"id\": 1,\n    \"title\": \"first\"\n  }\n]\n"))

        var empty = try JSONDocument(bytes: utf8("[{}]"), file: "empty.json", root: nil)
        try empty.set("title", to: .text("x"), inRecord: 0)
        expectBytes(empty.bytes, utf8("[{\"title\": \"x\"}]"))
        try empty.removeField("title", inRecord: 0)
        expectBytes(empty.bytes, utf8("[{}]"))
    }

    @Test func stringsAreEscaped() throws {
        var document = try JSONDocument(bytes: utf8(#"[{"title": "a"}]"#), file: "s.json", root: nil)
        let tricky = "quote \" backslash \\ newline \n tab \t bell \u{07} é"
        try document.set("title", to: .text(tricky), inRecord: 0)
        expectBytes(document.bytes, utf8(#"[{"title": "quote \" backslash \\ newline \n tab \t bell \u0007 é"}]"#))
        #expect(text(document, 0, "title") == tricky)
        try document.set("title", to: .list(["a\"b"]), inRecord: 0)
        try document.set("title", to: .number(-4), inRecord: 0)
        expectBytes(document.bytes, utf8(#"[{"title": -4}]"#))
    }

    @Test func mistakesAreReportedNotWritten() throws {
        let original = utf8(#"{"title": "one record"}"#)
        var single = try JSONDocument(bytes: original, file: "one.json", root: nil)
        try single.set("status", to: .text("done"), inRecord: 0)
        expectBytes(single.bytes, utf8(#"{"title": "one record", "status": "done"}"#))
        #expect(
            editError { try single.appendRecord([("title", .text("x"))]) }?.message.contains("single record") == true)
        #expect(editError { try single.removeRecord(0) } != nil)
        #expect(
            editError { try single.set("title", to: .text("x"), inRecord: 3) }?.message.contains("no record 4") == true)
    }
}
