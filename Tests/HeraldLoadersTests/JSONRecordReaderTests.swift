import Foundation
import HeraldCore
import HeraldLoaders
import HeraldTestSupport
import Testing

@Test func jsonPlaceholderTodosLoad() throws {
    let records = try RealData.load("todos-jsonplaceholder/todos.json")
    #expect(records.count == 200)
    #expect(records.filter { $0["completed"]?.bool == true }.count == 90)
    let first = try #require(records.first)
    #expect(first["userId"]?.int == 1)
    #expect(first["id"]?.int == 1)
    #expect(first["title"]?.string == "delectus aut autem")
    #expect(first.location == SourceLocation(file: "todos-jsonplaceholder/todos.json", line: 2, column: 3))
    #expect(first["title"]?.line == 5)
    #expect(first["title"]?.column == 14)
    #expect(first.fields.map?.keys == ["userId", "id", "title", "completed"])
}

@Test func superheroCatalogLoadsWithoutRoot() throws {
    let records = try RealData.load("heroes-superhero-api/all.json")
    #expect(records.count == 563)
    #expect(records.first?["name"]?.string == "A-Bomb")
    #expect(records.last?["name"]?.string == "Zoom")
    #expect(records.first?["powerstats.strength"]?.int == 100)
    #expect(records.first?["images.md"]?.string?.hasSuffix("1-a-bomb.jpg") == true)
}

@Test func singleHeroObjectIsOneRecord() throws {
    let adam = try RealData.load("heroes-superhero-api/id/7.json")
    #expect(adam.count == 1)
    #expect(adam[0]["name"]?.string == "Adam Monroe")
    #expect(adam[0]["appearance.race"]?.isNull == true)
    #expect(adam[0]["biography.fullName"]?.string == "")
    #expect(adam[0]["biography.placeOfBirth"]?.string == "-")
    #expect(adam[0]["appearance.height"]?.strings == ["-", "0 cm"])

    let batman = try RealData.load("heroes-superhero-api/id/70.json")
    #expect(batman.count == 1)
    let relatives = try #require(batman[0]["connections.relatives"]?.string)
    #expect(relatives.contains("Cassandra Cain (adopted ward)\nMartha Wayne (mother, deceased)"))
}

@Test func objectOfRecordsKeyedByID() throws {
    let records = try read(JSONRecordReader(), #"{"ana": {"role": "support"}, "dva": {"id": 7, "role": "tank"}}"#)
    #expect(records.count == 2)
    #expect(records[0]["id"]?.string == "ana")
    #expect(records[1]["id"]?.int == 7)
    #expect(records[1]["role"]?.string == "tank")
}

@Test func recordsAtRootKeyPath() throws {
    let text = #"{"data": {"count": 2, "results": [{"name": "a"}, {"name": "b"}]}}"#
    let records = try read(JSONRecordReader(root: "data.results"), text)
    #expect(records.map { $0["name"]?.string } == ["a", "b"])

    let missing = errors(JSONRecordReader(root: "data.result"), text)
    #expect(missing.first?.message == "root 'data.result': no key 'result' in 'data'; did you mean 'results'?")
    let notRecords = errors(JSONRecordReader(root: "data.count"), text)
    #expect(notRecords.first?.message.contains("found an integer") == true)
}

@Test func emptyJSONSourcesHaveNoRecords() throws {
    #expect(try read(JSONRecordReader(), "").isEmpty)
    #expect(try read(JSONRecordReader(), "  \n").isEmpty)
    #expect(try read(JSONRecordReader(), "[]").isEmpty)
    #expect(try read(JSONRecordReader(), "{}").isEmpty)
}

@Test func jsonValuesKeepTypesAndPositions() throws {
    let text = """
        [{"int": -12, "zero": 0, "double": 2.5, "exp": 1e3, "big": 123456789012345678901234,
          "text": "caf\\u00e9 \\ud83d\\ude00 \\"q\\" \\\\ \\/ \\t", "t": true, "f": false, "n": null,
          "nested": {"list": [1, "two", [3]]}, "ünï": "çödé"}]
        """
    let record = try #require(try read(JSONRecordReader(), text).first)
    #expect(record["int"]?.int == -12)
    #expect(record["zero"]?.int == 0)
    #expect(record["double"]?.double == 2.5)
    #expect(record["exp"]?.double == 1000)
    #expect(record["big"]?.double == 1.2345678901234568e23)
    #expect(record["text"]?.string == "café 😀 \"q\" \\ / \t")
    #expect(record["t"]?.bool == true)
    #expect(record["f"]?.bool == false)
    #expect(record["n"]?.isNull == true)
    #expect(record["nested.list.1"]?.string == "two")
    #expect(record["nested.list.2.0"]?.int == 3)
    #expect(record["ünï"]?.string == "çödé")
    // Columns count characters, not bytes: "ünï" has 2 two-byte letters.
    #expect(record["nested.list.1"]?.line == 3)
    #expect(record["nested.list.1"]?.column == 26)
    #expect(record["ünï"]?.column == 47)
    #expect(record["text"]?.line == 2)
    #expect(record["text"]?.column == 11)
}

@Test func truncatedJSONNamesTheEnd() {
    let diagnostics = errors(
        JSONRecordReader(), "[\n  {\"id\": 1, \"title\": \"a\"},\n  {\"id\": 2, \"title\": \"b\"\n",
        file: "Content/tasks.json")
    #expect(
        diagnostics.map(\.description) == [
            "Content/tasks.json:3:25: error: unexpected end of file, expected ',' or '}' after a value"
        ])
    let inString = errors(JSONRecordReader(), "[\"abc", file: "t.json")
    #expect(
        inString.map(\.description) == [
            "t.json:1:2: error: unexpected end of file, expected '\"' to close the string opened here"
        ])
    let cut = errors(JSONRecordReader(), "[{\"id\": 1},\n {\"id\": 2", file: "t.json")
    #expect(cut.map(\.description) == ["t.json:2:10: error: unexpected end of file, expected ',' or '}' after a value"])
}

@Test func jsonSyntaxErrorsPointAtTheByte() {
    func first(_ text: String) -> String? { errors(JSONRecordReader(), text, file: "d.json").first?.description }
    #expect(first(#"[{"a": 1 "b": 2}]"#) == #"d.json:1:10: error: expected ',' or '}' after a value, found '"'"#)
    #expect(
        first("[1, 2,]") == "d.json:1:7: error: expected a value after ',', found ']' (JSON allows no trailing comma)")
    #expect(first(#"{"a": 1,}"#) == "d.json:1:9: error: expected a string key after ',', found '}'")
    #expect(first("[undefined]") == "d.json:1:2: error: expected a value, found 'undefined'")
    #expect(
        first(#"["a\qb"]"#)
            == #"d.json:1:4: error: invalid escape '\q' in a string; JSON knows \" \\ \/ \b \f \n \r \t and \uXXXX"#)
    #expect(first(#"["\u12"]"#) == #"d.json:1:3: error: invalid \u escape: expected 4 hexadecimal digits after \u"#)
    #expect(
        first(#"["\ud800 alone"]"#)
            == #"d.json:1:3: error: invalid \u escape: \uD800 is half of a surrogate pair without its other half"#)
    #expect(
        first("[\"tab\there\"]")
            == "d.json:1:6: error: control character U+0009 inside a string; escape it (\\t, \\u00XX)")
    #expect(
        first("[\"line\nbreak\"]")
            == "d.json:1:2: error: unterminated string: a line break cannot stand inside a JSON string (write \\n)")
    #expect(first("[01]") == "d.json:1:2: error: invalid number '01': leading zeros are not allowed")
    #expect(first("[1.]") == "d.json:1:2: error: invalid number '1.': expected a digit after '.'")
    #expect(first("[-]") == "d.json:1:2: error: invalid number '-'")
    #expect(first("[1e999]") == "d.json:1:2: error: number 1e999 is out of range")
    #expect(
        first("[1] [2]") == "d.json:1:5: error: expected the end of the document after the top-level value, found '['")
    #expect(
        first("\"just text\"")
            == "d.json:1:1: error: expected records: an array of records or an object of records by id, found a string")
}

@Test func everyBadRecordIsReported() {
    let text = """
        [
          {"id": 1},
          "two",
          {"id": 3},
          [4],
          {"id": 5, "id": 6}
        ]
        """
    let diagnostics = errors(JSONRecordReader(), text, file: "t.json")
    #expect(
        diagnostics.map(\.description) == [
            "t.json:6:13: error: duplicate key 'id' in an object"
        ])
    let shapes = errors(JSONRecordReader(), text.replacingOccurrences(of: #", "id": 6"#, with: ""), file: "t.json")
    #expect(
        shapes.map(\.description) == [
            "t.json:3:3: error: record 2 is a string, expected an object of fields",
            "t.json:5:3: error: record 4 is an array, expected an object of fields"
        ])
}

@Test func deepNestingIsAnErrorNotACrash() {
    let diagnostics = errors(JSONRecordReader(), String(repeating: "[", count: 100_000))
    #expect(diagnostics.first?.message == "arrays and objects are nested more than 512 deep")
}

@Test func veryLongLineKeepsColumns() throws {
    let long = String(repeating: "é", count: 200_000)
    let text = #"[{"text": "\#(long)", "after": 1}, {"x": 2}]"#
    let records = try read(JSONRecordReader(), text)
    #expect(records.count == 2)
    #expect(records[0]["text"]?.string?.count == 200_000)
    #expect(records[0]["after"]?.column == 200_024)
    #expect(records[1]["x"]?.column == 200_034)
}
