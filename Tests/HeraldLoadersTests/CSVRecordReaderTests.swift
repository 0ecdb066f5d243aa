import Foundation
import HeraldCore
import HeraldLoaders
import HeraldTestSupport
import Testing

@Test func overwatchRosterLoads() throws {
    let records = try RealData.load("heroes-overwatch/heroes.csv")
    #expect(records.count == 52)
    #expect(records.first?.fields.map?.keys == ["key", "name", "role", "health", "armor", "shields"])
    let names = records.compactMap { $0["name"]?.string }
    #expect(names.contains("Lúcio"))
    #expect(names.contains("Torbjörn"))
    #expect(names.contains("Soldier: 76"))
    let dva = try #require(records.first { $0["key"]?.string == "dva" })
    #expect(dva["name"]?.string == "D.Va")
    #expect(dva["health"]?.string == "325")
    #expect(dva.location == SourceLocation(file: "heroes-overwatch/heroes.csv", line: 9, column: 1))
    #expect(dva["role"]?.line == 9)
    #expect(dva["role"]?.column == 10)
}

@Test func quotedFieldsFollowRFC4180() throws {
    let text =
        "\u{FEFF}id,title,notes\r\n1,\"Buy milk, eggs\",\"She said \"\"hi\"\"\"\r\n2,\"Two\nlines\",\r\n3,plain,\"\"\r\n\r\n"
    let records = try read(CSVRecordReader.csv, text, file: "t.csv")
    #expect(records.count == 3)
    #expect(records[0].fields.map?.keys == ["id", "title", "notes"])
    #expect(records[0]["title"]?.string == "Buy milk, eggs")
    #expect(records[0]["notes"]?.string == "She said \"hi\"")
    #expect(records[1]["title"]?.string == "Two\nlines")
    #expect(records[1]["notes"]?.string == "")
    #expect(records[2]["notes"]?.string == "")
    #expect(records.map(\.location.line) == [2, 3, 5])
    #expect(records[0]["notes"]?.column == 20)
    #expect(records[2]["title"]?.column == 3)
}

@Test func tsvUsesTabs() throws {
    let records = try read(CSVRecordReader.tsv, "name\trole\nAna\tsupport, healer\n\"Mei\"\ttank\n")
    #expect(records.map { $0["role"]?.string } == ["support, healer", "tank"])
    #expect(records[1]["name"]?.string == "Mei")
}

@Test func emptyCSVHasNoRecords() throws {
    #expect(try read(CSVRecordReader.csv, "").isEmpty)
    #expect(try read(CSVRecordReader.csv, "id,title\n").isEmpty)
}

@Test func unclosedQuoteIsReportedWhereItOpens() {
    let text = "id,title\n1,ok\n2,\"broken\n3,fine\n4,\"also broken\n"
    let diagnostics = errors(CSVRecordReader.csv, text, file: "Content/tasks.csv")
    #expect(
        diagnostics.map(\.description) == [
            "Content/tasks.csv:3:3: error: unclosed quoted field (opened here)",
            "Content/tasks.csv:5:3: error: unclosed quoted field (opened here)"
        ])
}

@Test func wrongFieldCountsAreAllReported() {
    let text = "key,name,role\nana,Ana,support\nmei,Mei\nzarya,Zarya,tank,extra\nlucio,Lúcio,support\n"
    let diagnostics = errors(CSVRecordReader.csv, text, file: "h.csv")
    #expect(
        diagnostics.map(\.description) == [
            "h.csv:3:1: error: data row 2 has 2 fields, but the header has 3",
            "h.csv:4:18: error: data row 3 has 4 fields, but the header has 3"
        ])
}

@Test func badHeadersAndStrayQuotes() {
    let header = errors(CSVRecordReader.csv, "id,name,,title\n1,2,3,4\n", file: "h.csv")
    #expect(header.map(\.description) == ["h.csv:1:9: error: column 3 of the header has no name"])
    let stray = errors(CSVRecordReader.csv, "a,b\n\"x\"y,2\n3,\"4\" \n5,6\n", file: "s.csv")
    #expect(
        stray.map(\.description) == [
            "s.csv:2:4: error: expected ',' or a line break after the closing quote of a field, found 'y'",
            "s.csv:3:6: error: expected ',' or a line break after the closing quote of a field, found ' '"
        ])
}

@Test func aRepeatedColumnIsAListOfItsNonEmptyCells() throws {
    // Jira's CSV export writes a `Labels` column per label, as many as the most labelled issue has.
    let text = "Summary,Labels,Issue key,Labels,Labels\nFix login,bug,WEB-1,auth,\nShip docs,,WEB-2,,\n"
    let records = try read(CSVRecordReader.csv, text, file: "jira.csv")
    #expect(
        records.map { $0.fields.map?.keys } == [["Summary", "Labels", "Issue key"], ["Summary", "Labels", "Issue key"]])
    let labels = try #require(records[0]["Labels"])
    #expect(labels.strings == ["bug", "auth"])
    // Each label where it is in the file; the list where its first one is.
    #expect(labels.list?.map(\.column) == [11, 21])
    #expect(labels.line == 2 && labels.column == 11)
    #expect(records[1]["Labels"]?.strings == [])
}
