import Foundation
import HeraldTestSupport
import Testing

// The board's own keys as a user writes them in herald.yml: limits, swimlanes, the calendar feed.

private func board(_ keys: String) throws -> TemporarySite {
    let site = try TemporarySite.smallSite()
    try site.edit(
        "herald.yml", replacing: "  columns: [todo, doing, review, done]\n",
        with: "  columns: [todo, doing, review, done]\n" + keys)
    return site
}

@Test func aColumnOverItsLimitIsAWarningAtTheLimitAndMarkedOnTheBoard() async throws {
    let site = try board("  limits: {doing: 1, review: 5}\n")
    try site.write(
        "Content/tasks.yml",
        try site.read("Content/tasks.yml")
            + "\n- id: 90\n  title: Extra one\n  status: doing\n\n- id: 91\n  title: Extra two\n  status: doing\n")
    let built = try await site.herald(["build", "--now", "2026-11-21T10:00:00Z"])
    #expect(built.status == 0, "\(built.stderr)")
    let doing = try site.read("Content/tasks.yml").components(separatedBy: "status: doing").count - 1
    #expect(doing > 1)
    #expect(
        built.stderr.contains("herald.yml:8:19: warning: column 'doing' holds \(doing) tasks, over its limit of 1"),
        "\(built.stderr)")
    let page = try site.read("Output/tasks/index.html")
    #expect(page.contains(#"<section class="column over-limit" id="column-doing""#))
    #expect(page.contains("\(doing) / 1<span class=\"sr-only\">, over its limit of 1</span>"))
    #expect(try await site.herald(["build", "--now", "2026-11-21T10:00:00Z", "--strict"]).status == 1)
}

@Test func theBoardsKeysAreCheckedWithSuggestions() async throws {
    let site = try board("  limits: {doin: 2, done: many}\n  swimlanes: asignee\n  calendar: yes\n")
    let result = try await site.herald(["build"])
    #expect(result.status == 1)
    let errors = result.stderr.split(separator: "\n").map(String.init)
    #expect(
        errors.contains(
            "herald.yml:8:12: error: 'limits' names 'doin', which is not a column "
                + "(columns: todo, doing, review, done) (did you mean 'doing'?)"), "\(result.stderr)")
    #expect(
        errors.contains(
            "herald.yml:8:27: error: the limit of 'done' must be a whole number from 1 to 100000, found 'many'"))
    #expect(
        errors.contains(
            "herald.yml:9:14: error: 'swimlanes' must be one of assignee, project, priority, found 'asignee' "
                + "(did you mean 'assignee'?)"))
    #expect(errors.contains("herald.yml:10:13: error: 'calendar' must be true or false, found 'yes'"))
}

@Test func swimlanesAndTheCalendarFeedAreOnTheBuiltBoard() async throws {
    let site = try board("  swimlanes: assignee\n  calendar: true\n")
    let built = try await site.herald(["build", "--now", "2026-11-21T10:00:00Z"])
    #expect(built.status == 0, "\(built.stderr)")
    let page = try site.read("Output/tasks/index.html")
    #expect(page.contains(#"<h2 class="lane-head" id="lane-Maren-heading">@Maren"#), "\(page)")
    // A lane names the value it stands for, for the served board's drops.
    #expect(
        page.contains(
            #"<section class="lane" id="lane-Maren" aria-labelledby="lane-Maren-heading" data-count-scope data-lane="Maren">"#
        ))
    #expect(page.contains(#"href="../tasks/calendar.ics""#))
    let feed = try site.read("Output/tasks/calendar.ics")
    #expect(feed.hasPrefix("BEGIN:VCALENDAR\r\n") && feed.hasSuffix("END:VCALENDAR\r\n"))
    #expect(site.exists("Output/tasks/projects/release/calendar.ics"))
    let check = try await site.herald(["check"])
    #expect(check.status == 0, "\(check.stderr)")
}

@Test func theLimitWarningCountsWhatTheColumnHeadCountsNotTheUpcomingTasks() async throws {
    // Two tasks in Doing now and two that wait for their threshold day (t:) in the Upcoming list.
    let waiting = "2026-11-01 Later one status:doing t:2027-01-04\n2026-11-01 Later two status:doing t:2027-01-05\n"
    let site = try TemporarySite([
        "herald.yml": "title: Limits\ntimezone: Europe/Berlin\ntasks:\n  source: Content/todo.txt\n"
            + "  columns: [todo, doing, done]\n  limits: {doing: 2}\n",
        "Content/todo.txt": "2026-11-01 Now one status:doing\n2026-11-01 Now two status:doing\n" + waiting
    ])
    let atLimit = try await site.herald(["build", "--now", "2026-11-21T10:00:00Z"])
    #expect(atLimit.status == 0, "\(atLimit.stderr)")
    #expect(!atLimit.stderr.contains("over its limit"), "\(atLimit.stderr)")
    var page = try site.read("Output/tasks/index.html")
    #expect(page.contains("2 / 2<span class=\"sr-only\">, limit 2</span>"), "\(page)")
    #expect(page.contains(#"<h2 id="upcoming-heading">Upcoming <span class="muted">2</span>"#))

    try site.write("Content/todo.txt", "2026-11-01 Now three status:doing\n" + (try site.read("Content/todo.txt")))
    let over = try await site.herald(["build", "--now", "2026-11-21T10:00:00Z"])
    #expect(
        over.stderr.contains("herald.yml:6:19: warning: column 'doing' holds 3 tasks, over its limit of 2"),
        "\(over.stderr)")
    page = try site.read("Output/tasks/index.html")
    #expect(page.contains("3 / 2<span class=\"sr-only\">, over its limit of 2</span>"), "\(page)")

    // On the day the waiting tasks start, they are in the column, its head and the warning alike.
    let later = try await site.herald(["build", "--now", "2027-01-05T10:00:00Z"])
    #expect(later.stderr.contains("column 'doing' holds 5 tasks, over its limit of 2"), "\(later.stderr)")
    #expect(try site.read("Output/tasks/index.html").contains("5 / 2<span class=\"sr-only\">"))
}

/// Every line of a todo.txt file is a task, a record status_map drops, or a comment the site
/// named, and the build says how many of each.
@Test func theBuildCountsTheCommentLinesItSkipped() async throws {
    let site = try TemporarySite([
        "herald.yml":
            "title: Comments\ntimezone: Europe/Berlin\ntasks:\n  source: Content/todo.txt\n  comments: \"#\"\n"
            + "  status_map: {later: ~}\n",
        "Content/todo.txt": "# Home\nCall Mom\n  # indented, still a comment\n#1 priority: also a comment here\n\n"
            + "Pick up milk status:later\nWater the plants\n"
    ])
    let built = try await site.herald(["build", "--report", "report.json", "--verbose"])
    #expect(built.status == 0, "\(built.stderr)")
    #expect(
        built.output.contains(
            "Content/todo.txt: 3 records: 2 made, 1 dropped (where:, status_map: ~, h:1); 3 comment lines skipped"),
        "\(built.output)")
    let report = try JSONSerialization.jsonObject(with: Data(site.read("report.json").utf8)) as? [String: Any]
    let records = try #require((report?["records"] as? [[String: Any]])?.first)
    #expect(records["comments"] as? Int == 3)
    // Without comments: every line is a task, and none is counted as a comment.
    try site.write(
        "herald.yml",
        "title: Comments\ntimezone: Europe/Berlin\ntasks:\n  source: Content/todo.txt\n"
            + "  status_map: {later: ~}\n")
    let plain = try await site.herald(["build", "--verbose"])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(
        plain.output.contains("Content/todo.txt: 6 records: 5 made, 1 dropped (where:, status_map: ~, h:1)\n"),
        "\(plain.output)")
}
