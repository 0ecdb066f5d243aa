import Foundation
import HeraldCore
import HeraldLoaders
import HeraldTestSupport
import Testing

private let textReaders: [(String, any TextRecordReader)] = [
    ("json", JSONRecordReader()), ("yaml", YAMLRecordReader()), ("csv", CSVRecordReader.csv),
    ("todo.txt", TodoTxtRecordReader()), ("checklist", MarkdownChecklistRecordReader()),
    ("markdown", MarkdownRecordReader())
]

@Test func binaryGarbageIsAnErrorWithAPosition() throws {
    // A PNG header: a high byte first, then CR LF, SUB, LF and NUL bytes.
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]
    for (name, reader) in textReaders {
        let diagnostics = errors(reader, png, file: "image.png")
        #expect(
            diagnostics.map(\.description) == ["image.png:1:1: error: the file is not UTF-8 text: invalid byte 0x89"],
            "\(name)")
    }
    var withNul = Array("id,title\n1,ok\n2,o".utf8)
    withNul += [0x00] + Array("k\n".utf8)
    #expect(
        errors(CSVRecordReader.csv, withNul, file: "t.csv").map(\.description)
            == ["t.csv:3:4: error: the file contains a NUL byte: it is binary, not UTF-8 text"])
}

@Test func invalidUTF8IsReportedAtItsLineAndColumn() {
    // "é" is fine; then a truncated 3-byte sequence, then an overlong "/" and a UTF-16 surrogate.
    let cases: [([UInt8], String)] = [
        (
            Array("(A) café\nx done\n(B) ab".utf8) + [0xE2, 0x82] + Array(" end\n".utf8),
            "t.txt:3:7: error: the file is not UTF-8 text: invalid byte 0xE2"
        ),
        (
            Array("[\"".utf8) + [0xC0, 0xAF] + Array("\"]".utf8),
            "t.txt:1:3: error: the file is not UTF-8 text: invalid byte 0xC0"
        ),
        (
            Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8),
            "t.txt:1:3: error: the file is not UTF-8 text: invalid byte 0xED"
        )
    ]
    for (bytes, expected) in cases {
        #expect(errors(TodoTxtRecordReader(), bytes, file: "t.txt").map(\.description) == [expected])
    }
    // A byte order mark is allowed and is not part of the first line's text.
    let withBOM = try? TodoTxtRecordReader().records(
        inText: [0xEF, 0xBB, 0xBF] + Array("(A) One\n".utf8), file: "t.txt")
    #expect(withBOM?.first?["priority"]?.string == "A")
}

@Test func twoHundredThousandCharacterLinesAreFine() throws {
    let long = String(repeating: "ü", count: 200_000)
    let todo = try #require(try read(TodoTxtRecordReader(), "(A) \(long) +Project due:2026-02-28\n").first)
    #expect(todo["title"]?.string?.count == 200_000)
    #expect(todo["due"]?.column == 200_015)
    #expect(
        errors(TodoTxtRecordReader(), "(A) \(long) +Project due:2026-02-30\n", file: "t.txt").map(\.description)
            == ["t.txt:1:200015: error: invalid due date '2026-02-30'"])

    let csv = try read(CSVRecordReader.csv, "id,text,after\n1,\(long),x\n2,\"\(long)\",y\n")
    #expect(csv.count == 2)
    #expect(csv[0]["text"]?.string == long)
    #expect(csv[0]["after"]?.column == 200_004)
    #expect(csv[1]["after"]?.column == 200_006)

    let checklist = try read(MarkdownChecklistRecordReader(), "- [ ] \(long)\n  - [x] short\n")
    #expect(checklist.first?["title"]?.string == long)
    #expect(checklist.first?["subtasks.0.completed"]?.bool == true)
}

@Test func manyStrayQuotesStopAfterALimit() {
    let text = "id,title\n" + (1...50).map { "\($0),\"broken" }.joined(separator: "\n") + "\n"
    let diagnostics = errors(CSVRecordReader.csv, text, file: "q.csv")
    #expect(diagnostics.count == 21)
    #expect(diagnostics.first?.description == "q.csv:2:3: error: unclosed quoted field (opened here)")
    #expect(diagnostics.last?.message == "too many unclosed quotes; stopped reading the file here")
}

@Test func everyBadFileOfAFolderIsReported() throws {
    let site = try TemporarySite()
    try site.write("data/a.json", "[{\"ok\": 1}]")
    try site.write("data/b.json", "[{\"ok\": 1},")
    try site.write("data/c.json", "[1]")
    let diagnostics = site.errors(SourceSpec(path: "data", format: .json))
    #expect(
        diagnostics.map(\.description) == [
            "data/b.json:1:12: error: unexpected end of file, expected a value",
            "data/c.json:1:2: error: record 1 is an integer, expected an object of fields"
        ])
}

@Test func invalidUTF8AfterGoodLinesIsReportedWhereItIsInEveryFormat() {
    let good: [String: String] = [
        "json": "[\n{\"title\": \"", "yaml": "- title: ok\n- title: ", "csv": "title\nok\n",
        "todo.txt": "(A) ok\n", "checklist": "- [ ] ok\n- [ ] ", "markdown": "---\ntitle: ok\n---\n\n"
    ]
    for (name, reader) in textReaders {
        let prefix = good[name] ?? ""
        let line = prefix.filter { $0 == "\n" }.count + 1
        let column = prefix.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.count + 1 } ?? 1
        let diagnostics = errors(reader, Array(prefix.utf8) + [0xFF] + Array("x\n".utf8), file: "f")
        #expect(
            diagnostics.map(\.description) == [
                "f:\(line):\(column): error: the file is not UTF-8 text: invalid byte 0xFF"
            ],
            "\(name)")
    }
}

@Test func deeplyNestedJSONAndYAMLAreErrorsNotCrashes() {
    let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(errors(JSONRecordReader(), json, file: "deep.json").first?.message.contains("nested") == true)
    let yaml = "a: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
    #expect(!errors(YAMLRecordReader(), yaml, file: "deep.yml").isEmpty)
    let block = (0..<2_000).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n") + " x\n"
    #expect(!errors(YAMLRecordReader(), block, file: "deep.yml").isEmpty)
}

@Test func aHugeSingleFieldIsReadWhole() throws {
    let huge = String(repeating: "a", count: 20_000_000)
    let records = try read(CSVRecordReader.csv, "id,title\n1,\(huge)\n")
    #expect(records.first?["title"]?.string?.utf8.count == 20_000_000)
}
