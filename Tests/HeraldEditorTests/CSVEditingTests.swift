import Foundation
import HeraldCore
import HeraldEditor
import HeraldModels
import Testing

@Test(arguments: [",", "\t"])
func csvRoundTripKeepsQuotingAndQuotedNewlines(separator: String) throws {
    let rows = [
        ["id", "title", "status", "notes"],
        ["1", "\"Write, test\"", "todo", "\"two\r\nlines\""],
        ["2", "Ship", "done", ""]
    ]
    let text = rows.map { $0.joined(separator: separator) }.joined(separator: "\r\n") + "\r\n"
    let file = separator == "," ? "Content/tasks.csv" : "Content/tasks.tsv"
    let site = try EditSite(path: file, bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
    let original = try site.bytes

    let added = try site.apply(.add(NewTask(text: "Say \"hi\", then go")))
    #expect(added.task.id == "3")
    let quoted = separator == "," ? "\"Say \"\"hi\"\", then go\"" : "\"Say \"\"hi\"\", then go\""
    #expect(changedLines(original, try site.bytes).added == ["3\(separator)\(quoted)\(separator)todo\(separator)\r"])
    var before = try site.bytes
    try site.apply(.move(id: "3", to: "doing"))
    #expect(
        changedLines(before, try site.bytes) == (
            ["3\(separator)\(quoted)\(separator)todo\(separator)\r"],
            ["3\(separator)\(quoted)\(separator)doing\(separator)\r"]
        ))
    try site.apply(.done(id: "3"))
    before = try site.bytes
    try site.apply(.move(id: "3", to: "todo"))
    #expect(changedLines(before, try site.bytes).removed.count == 1)
    try site.apply(.remove(id: "3"))
    #expect(try site.bytes == original)

    // A quoted field stays quoted when it changes.
    try site.apply(.edit(id: "1", TaskEdits(title: "Write tests")))
    #expect(String(decoding: try site.bytes, as: UTF8.self).contains("1\(separator)\"Write tests\"\(separator)todo"))
}

@Test func csvRefusesAFieldItHasNoColumnFor() throws {
    let site = try EditSite(path: "Content/tasks.csv", bytes: Array("id,title,status\n1,A,todo\n".utf8))
    let failure = try site.failure(.add(NewTask(text: "B", tags: ["x"])))
    #expect(failure.contains("no column 'tags'"))
}
