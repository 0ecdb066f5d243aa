import Foundation
import HeraldTestSupport
import Testing

// The README's Jira example, built exactly as written over a file in the shape of Jira's
// "Export CSV (all fields)": a BOM, CRLF line ends, a quoted description over two lines, one
// `Labels` column per label (as many as the most labelled issue has), Jira's own date text.
private let export =
    "\u{FEFF}Summary,Issue key,Issue id,Issue Type,Status,Priority,Assignee,Reporter,Created,Due date,Labels,Labels,Labels,Description\r\n"
    + "Checkout revamp,PAY-1,10001,Epic,In Progress,High,Dana Ortiz,Sam Lee,12/Mar/24 9:41 AM,31/Mar/24,frontend,payments,,"
    + "\"Rework the checkout flow.\r\nTwo steps, not five.\"\r\n"
    + "Fix the card form,PAY-2,10002,Bug,To Do,Highest,,Sam Lee,13/Mar/24 8:00 AM,,bug,,,\r\n"
    + "Ship receipts,PAY-3,10003,Story,Done,Medium,Dana Ortiz,Dana Ortiz,1/Mar/24 9:00 AM,,,,,\r\n"

@Test func theReadmesJiraExampleReadsEveryLabelAndEditsOnlyTheStatusCell() async throws {
    let config = try ReadmeExamples.config(startingWith: "tasks:\n  source: Content/jira.csv\n")
    let site = try TemporarySite(["herald.yml": config, "Content/jira.csv": export])
    let build = try await site.herald(["build", "--strict", "--now", "2026-11-29"])
    #expect(build.status == 0, "\(build.stderr)")
    #expect(!build.stderr.contains("warning"), "\(build.stderr)")
    let board = try site.read("Output/tasks/index.html")
    let column = { (name: String) throws -> String in
        let start = try #require(board.range(of: #"id="column-\#(name)""#))
        return String(board[start.lowerBound...].components(separatedBy: "</section>")[0])
    }
    let doing = try column("doing")
    #expect(doing.contains(#"id="task-PAY-1""#) && doing.contains("@Dana Ortiz") && doing.contains(">High</span>"))
    // Both labels of the three Labels columns, the empty one left out.
    #expect(doing.contains(">#frontend</a>") && doing.contains(">#payments</a>"))
    #expect(doing.contains("<p>Rework the checkout flow.\nTwo steps, not five.</p>"))
    #expect(try column("todo").contains(#"id="task-PAY-2""#) && column("todo").contains(">#bug</a>"))
    #expect(try column("done").contains(#"id="task-PAY-3""#))

    let moved = try await site.herald(["tasks", "move", "PAY-2", "doing"])
    #expect(moved.status == 0, "\(moved.stderr)")
    // Byte for byte, the BOM included: only the one cell changed.
    let file = { try Data(contentsOf: site.url("Content/jira.csv")) }
    #expect(
        try file()
            == Data(
                export.replacingOccurrences(of: "PAY-2,10002,Bug,To Do,", with: "PAY-2,10002,Bug,In Progress,").utf8))
    let added = try await site.herald(["tasks", "add", "Refund by card"])
    #expect(added.output.hasPrefix("Added PAY-4: Refund by card"), "\(added.stderr)")
    // A label would go into one of three Labels cells: refused, and nothing written.
    let before = try file()
    let tagged = try await site.herald(["tasks", "add", "Receipts by mail", "--tag", "email"])
    #expect(tagged.status == 1)
    #expect(tagged.stderr.contains("the column 'Labels' is repeated in the header"), "\(tagged.stderr)")
    #expect(try file() == before)
}
