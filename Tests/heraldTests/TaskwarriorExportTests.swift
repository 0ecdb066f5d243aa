import Foundation
import HeraldTestSupport
import Testing

// The README's Taskwarrior example, built exactly as written over what `task export` wrote
// (Fixtures/tasks-taskwarrior): dates in ISO 8601's basic form, exported in UTC by a user in Berlin.

/// The `<li class="card" …>` of the task `uuid` on the board, up to the next card.
private func card(_ uuid: String, in board: String) throws -> String {
    let start = try #require(board.range(of: #"id="task-\#(uuid)""#), "no card for \(uuid)")
    return String(board[start.lowerBound...].components(separatedBy: #"<li class="card"#)[0])
}

@Test func theReadmesTaskwarriorExampleReadsARealExportOnItsOwnDays() async throws {
    let config = try ReadmeExamples.config(
        startingWith: "timezone: Europe/Berlin\ntasks:\n  source: Content/tasks.json")
    let site = try TemporarySite(["herald.yml": config])
    try site.copy(try RealData.url("tasks-taskwarrior/export.json"), to: "Content/tasks.json")
    let build = try await site.herald(["build", "--strict", "--now", "2026-11-29T21:40:00Z", "--verbose"])
    #expect(build.status == 0, "\(build.stderr)")
    #expect(!build.stderr.contains("warning"), "\(build.stderr)")
    // The recurring task's template and the deleted task are left out, as `task list` leaves them.
    #expect(build.output.contains("Content/tasks.json: 8 records: 6 made, 2 dropped"), "\(build.output)")

    let data = try Data(contentsOf: RealData.url("tasks-taskwarrior/export.json"))
    let tasks = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    func uuid(_ description: String, status: String = "pending") throws -> String {
        try #require(
            tasks.first { $0["description"] as? String == description && $0["status"] as? String == status }?["uuid"]
                as? String)
    }
    let board = try site.read("Output/tasks/index.html")
    let upcoming = try #require(board.range(of: #"<section class="upcoming""#))
    // `20261204T230000Z` is midnight of December 5 in Berlin: the day the user typed.
    let report = try card(try uuid("Write the quarterly report"), in: board)
    #expect(report.contains(#"<time datetime="2026-12-05">Dec 5</time>"#), "\(report)")
    #expect(report.contains("<p>numbers from finance arrive on the 1st</p>"))
    #expect(report.contains(#"title="Priority H""#) && report.contains(">+work</a>") && report.contains(">#q4</a>"))
    let plants = try card(try uuid("Water the plants"), in: board)
    #expect(plants.contains(#"<time datetime="2026-11-30">Nov 30</time> · due tomorrow"#), "\(plants)")
    #expect(try card(try uuid("Book the venue for the team offsite"), in: board).contains(">+work.offsite</a>"))
    #expect(try card(try uuid("Draft the conference talk"), in: board).contains("Scheduled Dec 2"))
    // Waiting for December 1 in Berlin: under Upcoming, not in a column.
    let plumber = try #require(board.range(of: #"id="task-\#(try uuid("Call the plumber about the leak"))""#))
    #expect(plumber.lowerBound > upcoming.lowerBound)
    #expect(try card(try uuid("Call the plumber about the leak"), in: board).contains("From Dec 1"))
    let done = try #require(board.range(of: #"id="column-done""#))
    let passport = try #require(board.range(of: #"id="task-\#(try uuid("Renew passport", status: "completed"))""#))
    #expect(passport.lowerBound > done.lowerBound && passport.lowerBound < upcoming.lowerBound)
    #expect(!board.contains("Old idea about a newsletter"))
    #expect(board.components(separatedBy: "Water the plants").count == 2)
}
