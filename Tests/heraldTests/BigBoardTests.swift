import Foundation
import HeraldTestSupport
import Testing

// A board of years of work: 5,000 tasks, most of them done. The board stays light by showing the
// newest 50 done tasks and linking the rest, which get pages of their own.

/// 5,000 todo.txt lines, a fixed mix: 3,500 done on different days, 500 doing, 1,000 to do.
private func fiveThousandTasks() -> String {
    let verbs = ["Fix", "Write", "Review", "Plan", "Update", "Check", "Draft", "Call", "Order", "Clean"]
    let things = ["the release notes", "the login page", "the budget", "the newsletter", "the CI cache"]
    let projects = ["web", "ops", "docs", "finance", "events"]
    return (0..<5_000).map { number in
        let title =
            "\(verbs[number % verbs.count]) \(things[number % things.count]) \(number + 1) +\(projects[number % projects.count]) @office"
        let due =
            number % 2 == 0
            ? " due:2026-\(String(format: "%02d", number % 12 + 1))-\(String(format: "%02d", number % 28 + 1))" : ""
        switch number % 10 {
        case 0..<7:
            let day =
                Calendar(identifier: .gregorian).date(
                    byAdding: .day, value: -(number % 600), to: Date(timeIntervalSince1970: 1_795_000_000)) ?? Date()
            let stamp = ISO8601DateFormatter.string(from: day, timeZone: .gmt, formatOptions: [.withFullDate])
            return "x \(stamp) 2024-01-01 \(title)\(due)"
        case 7: return "(B) 2026-10-01 \(title)\(due) status:doing"
        default: return "2026-10-01 \(title)\(due)"
        }
    }.joined(separator: "\n") + "\n"
}

@Test func aBoardOfFiveThousandTasksWeighsUnderOneMegabyteAndPagesItsDoneTasks() async throws {
    let site = try TemporarySite([
        "herald.yml":
            "title: Big board\nbase_url: https://example.org/team/\ntasks:\n  source: Content/tasks.todo.txt\n  columns: [todo, doing, done]\n",
        "Content/tasks.todo.txt": fiveThousandTasks()
    ])
    try await site.buildOK(["--strict"])
    let board = try site.read("Output/tasks/index.html")
    #expect(board.utf8.count < 1_000_000, "the board weighs \(board.utf8.count) bytes")

    // The done column: its count says all 3,500, its list shows the newest 50, and a link leads on.
    let done = try #require(board.range(of: #"<section class="column" id="column-done""#))
    let doneColumn = board[done.lowerBound...]
    #expect(doneColumn.contains(#"<span class="count" data-count>3500</span>"#))
    #expect(doneColumn.components(separatedBy: #"<li class="card completed""#).count - 1 == 50)
    #expect(doneColumn.contains(#"<a href="../tasks/done/index.html">All 3500 tasks in Done →</a>"#))
    // The open columns are all there.
    #expect(board.components(separatedBy: #"<li class="card""#).count - 1 == 1_500)

    // tasks/done/ and its pages hold every done task once, newest first, 100 a page.
    var seen: [String] = []
    for number in 1...35 {
        let path = number == 1 ? "Output/tasks/done/index.html" : "Output/tasks/done/page/\(number)/index.html"
        let page = try site.read(path)
        let ids = page.matches(of: #/<li class="card completed" id="(task-[0-9a-f]+)"/#).map { String($0.1) }
        #expect(ids.count == 100, "\(path)")
        seen += ids
    }
    #expect(!site.exists("Output/tasks/done/page/36/index.html"))
    #expect(Set(seen).count == 3_500)
    let firstPage = try site.read("Output/tasks/done/index.html")
    let boardDone = doneColumn.matches(of: #/<li class="card completed" id="(task-[0-9a-f]+)"/#).map { String($0.1) }
    #expect(Array(seen.prefix(50)) == boardDone)
    #expect(firstPage.contains("3500 tasks, the most recent first. Page 1 of 35."))
    #expect(firstPage.contains(#"rel="next""#))

    // Every link of the big board lands, the feed's links to recent completions included.
    let check = try await site.herald(["check"])
    #expect(check.status == 0, "\(check.stderr)")
}

@Test func aBoardWhoseDoneColumnFitsShowsItWhole() async throws {
    let lines = (1...50).map { "x 2026-11-\(String(format: "%02d", $0 % 28 + 1)) Task \($0)" }.joined(separator: "\n")
    let site = try TemporarySite([
        "herald.yml": "title: Small board\ntasks:\n  source: Content/tasks.todo.txt\n",
        "Content/tasks.todo.txt": lines + "\nStill open\n"
    ])
    try await site.buildOK(["--strict"])
    let board = try site.read("Output/tasks/index.html")
    #expect(board.components(separatedBy: #"<li class="card completed""#).count - 1 == 50)
    #expect(!board.contains("tasks/done/"))
    #expect(!site.exists("Output/tasks/done/index.html"))
}
