import Foundation
import HeraldTestSupport
import Testing

// Control characters in data: a terminal's escape sequence in a record must reach neither the
// terminal raw (through a message) nor a page.

@Test func controlCharactersInDataAreEscapedInMessagesAndDroppedFromPages() async throws {
    let escape = "\u{1B}[2J\u{1B}]0;owned\u{07}"
    let site = try TemporarySite([
        "herald.yml":
            "title: Controls\ntasks:\n  source: Content/tasks.json\n  columns: [todo, done]\nheroes:\n  source: Content/heroes.json\n",
        "Content/tasks.json": #"[{"id": 1, "title": "Fine", "status": "todo"}]"#,
        "Content/heroes.json": #"[{"name": "Bad\u001b[2JName\u0007", "publisher": "Pub\u001b]0;x\u0007"}]"#
    ])
    let built = try await site.herald(["build", "--now", "2026-11-21T10:00:00Z"])
    #expect(built.status == 0, "\(built.stderr)")
    let page = try Data(contentsOf: site.url("Output/heroes/index.html"))
    #expect(!page.contains(0x1B) && !page.contains(0x07))
    #expect(String(decoding: page, as: UTF8.self).contains("Bad[2JName"))

    try site.write(
        "Content/tasks.json",
        #"[{"id": 1, "title": "Fine", "status": "late\#(escape)"}]"#
            .replacingOccurrences(of: "\u{1B}", with: "\\u001b").replacingOccurrences(of: "\u{07}", with: "\\u0007"))
    let refused = try await site.herald(["build", "--now", "2026-11-21T10:00:00Z"])
    #expect(refused.status == 1)
    #expect(!refused.stderr.utf8.contains(0x1B) && !refused.stderr.utf8.contains(0x07))
    #expect(refused.stderr.contains("late\\u{1B}[2J\\u{1B}]0;owned\\u{7}"), "\(refused.stderr)")
    #expect(
        refused.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.allSatisfy {
            $0.hasPrefix("Content/tasks.json:")
        })
}
