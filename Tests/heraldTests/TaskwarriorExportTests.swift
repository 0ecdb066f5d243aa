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

/// Taskwarrior's `task`, where `make deps` installs it; under CI its absence fails the test.
private let taskwarrior: URL? = ["/usr/bin/task", "/usr/local/bin/task"].map(URL.init(fileURLWithPath:))
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

@Test(
    .enabled(
        if: taskwarrior != nil || ProcessInfo.processInfo.environment["CI"] != nil, "make deps installs taskwarrior"))
func whatHeraldTasksWritesIntoAnExportTaskwarriorImportsBack() async throws {
    let task = try #require(taskwarrior, "make deps installs taskwarrior")
    let config = try ReadmeExamples.config(
        startingWith: "timezone: Europe/Berlin\ntasks:\n  source: Content/tasks.json")
    let site = try TemporarySite(["herald.yml": config])
    try site.copy(try RealData.url("tasks-taskwarrior/export.json"), to: "Content/tasks.json")
    let before = try site.read("Content/tasks.json")
    // A UUID by its first eight characters, as Taskwarrior's own reports name it.
    let done = try await site.herald(["tasks", "done", "75ca84e0", "--now", "2026-11-30T09:00:00+01:00"])
    #expect(
        done.output == "Done 75ca84e0-b7c3-441f-abf6-81e667135b77: Write the quarterly report +work\n", "\(done.stderr)"
    )
    let added = try await site.herald([
        "tasks", "add", "Send the invoices", "--due", "2026-12-24", "--now", "2026-11-30"
    ])
    #expect(added.status == 0, "\(added.stderr)")
    let after = try site.read("Content/tasks.json")
    // Only the completed task's line, the comma after the last record and a new one: the file's
    // other bytes stay as Taskwarrior wrote them.
    let changed = Set(after.split(separator: "\n")).subtracting(before.split(separator: "\n"))
    #expect(changed.count == 3, "\(changed)")
    let lastBefore = try #require(before.split(separator: "\n").dropLast().last)
    #expect(changed.contains(lastBefore + ","))
    // Its dates as the file writes them: the instant November 30 (and December 24) starts in Berlin.
    #expect(after.contains(#""status":"completed","uuid":"75ca84e0-b7c3-441f-abf6-81e667135b77""#))
    #expect(after.contains(#""end":"20261129T230000Z""#))
    let new = try #require(changed.first { $0.contains("Send the invoices") })
    #expect(new.contains(#""entry":"20261129T230000Z""#) && new.contains(#""due":"20261223T230000Z""#), "\(new)")
    let uuid = try #require(
        new.firstMatch(of: #/"uuid":"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/#))

    // Taskwarrior itself reads the file back: the task done on the day, the new one due on its own.
    let data = site.url("taskwarrior")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    // No new occurrence of the recurring task: which ones Taskwarrior would add depends on the clock.
    try "data.location=\(data.path)\nconfirmation=no\nverbose=nothing\nrecurrence=0\n".write(
        to: site.url("taskrc"), atomically: true, encoding: .utf8)
    let environment = ["TASKRC": site.url("taskrc").path, "TASKDATA": data.path, "TZ": "Europe/Berlin"]
    let imported = try await CLI.launch(
        task, ["import", site.url("Content/tasks.json").path], in: site.folder, environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    let exported = try await CLI.launch(task, ["export"], in: site.folder, environment: environment)
    let tasks = try #require(try JSONSerialization.jsonObject(with: exported.stdout) as? [[String: Any]])
    let report = try #require(tasks.first { $0["uuid"] as? String == "75ca84e0-b7c3-441f-abf6-81e667135b77" })
    #expect(report["status"] as? String == "completed")
    #expect(report["end"] as? String == "20261129T230000Z")
    let invoices = try #require(tasks.first { $0["uuid"] as? String == String(uuid.1) })
    #expect(invoices["description"] as? String == "Send the invoices")
    #expect(invoices["status"] as? String == "pending")
    #expect(invoices["due"] as? String == "20261223T230000Z")
    // Every record of the file, and only those.
    let written = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: site.url("Content/tasks.json"))) as? [[String: Any]])
    #expect(Set(tasks.compactMap { $0["uuid"] as? String }) == Set(written.compactMap { $0["uuid"] as? String }))
    #expect(tasks.count == written.count)
}
