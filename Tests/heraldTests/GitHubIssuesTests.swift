import Foundation
import HeraldTestSupport
import Testing

// The README's GitHub worked example, built exactly as written (only its URL swapped for the
// answers on disk) over answers GitHub really sent: three `GET /repos/PyGithub/PyGithub/issues`
// recorded by PyGithub (Fixtures/tasks-github-issues), two of open issues and pull requests, one of
// closed issues.

/// The JSON bodies of a PyGithub recording's `GET /repos/PyGithub/PyGithub/issues` answers. A
/// recording holds, per request, its scheme, verb, host, port, path, headers and body, then the
/// answer's status, headers and body, a line each. The `per_page=1` answer is left out unless
/// asked for: it is the first issue of the full page again, and the same issue twice is not two tasks.
func recordedIssueAnswers(_ name: String, withRepeats: Bool = false) throws -> [String] {
    let lines = try String(contentsOf: RealData.url("tasks-github-issues/\(name)"), encoding: .utf8)
        .components(separatedBy: "\n")
    return lines.indices.filter { index in
        lines[index] == "GET" && index + 8 < lines.count && lines[index + 6] == "200"
            && (withRepeats || !lines[index + 3].contains("per_page=1"))
            && lines[index + 3].range(of: #"^/repos/PyGithub/PyGithub/issues(\?|$)"#, options: .regularExpression)
                != nil
    }.map { lines[$0 + 8] }
}

/// The README's GitHub `herald.yml`, its source `source` (the answers saved as files).
func readmeGitHubConfig(source: String = "Content/issues/*.json") throws -> String {
    try ReadmeExamples.replacingSource(
        in: ReadmeExamples.config(startingWith: "title: Issues\ntasks:\n  source: https://api.github.com/repos/"),
        with: source)
}

/// A site with the README's config and every recorded answer, one file each, as pages of one source.
func gitHubIssuesSite() throws -> TemporarySite {
    let answers =
        try recordedIssueAnswers("GraphQl.testPaginationAndRestIntegration.txt")
        + recordedIssueAnswers("Repository.testGetIssuesWithTypeWildcard.txt")
    var files = ["herald.yml": try readmeGitHubConfig()]
    for (index, answer) in answers.enumerated() { files["Content/issues/answer-\(index + 1).json"] = answer }
    return try TemporarySite(files)
}

/// Text as the board's templates escape it.
private func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        .replacingOccurrences(of: "'", with: "&#39;")
}

@Test func theReadmesGitHubExampleShowsEveryLabelAndAssigneeOfRealIssues() async throws {
    let config = try readmeGitHubConfig()
    #expect(config.contains("assignee: assignees.*.login") && config.contains("where: {pull_request.html_url: null}"))
    let site = try gitHubIssuesSite()
    let build = try await site.herald(["build", "--strict", "--now", "2026-11-21T10:00:00Z"])
    #expect(build.status == 0, "\(build.stderr)")
    #expect(!build.stderr.contains("warning"), "\(build.stderr)")
    let board = try site.read("Output/tasks/index.html")
    let done = try #require(board.range(of: #"id="column-done""#))

    var issues: [[String: Any]] = []
    for index in 1...3 {
        let data = Data(try site.read("Content/issues/answer-\(index).json").utf8)
        issues += try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }
    #expect(issues.count == 38)
    var labels = 0
    var assignees = 0
    var pullRequests = 0
    for issue in issues {
        let number = try #require(issue["number"] as? Int)
        // GitHub lists pull requests among the issues; the example leaves them out.
        if issue["pull_request"] != nil {
            #expect(!board.contains(#"id="task-\#(number)""#), "pull request #\(number)")
            pullRequests += 1
            continue
        }
        let start = try #require(board.range(of: #"id="task-\#(number)""#), "no card for #\(number)")
        let card = String(board[start.lowerBound...].components(separatedBy: #"<li class="card"#)[0])
        // Open issues in the first column, closed ones in the last.
        #expect((start.lowerBound > done.lowerBound) == (issue["state"] as? String == "closed"), "#\(number)")
        let url = try #require(issue["html_url"] as? String)
        let title = try #require(issue["title"] as? String)
        #expect(card.contains(#"<a href="\#(url)">\#(escaped(title))</a>"#), "#\(number) \(title)")
        for label in issue["labels"] as? [[String: Any]] ?? [] {
            let name = try #require(label["name"] as? String)
            #expect(card.contains(#">#\#(escaped(name))</a>"#), "#\(number) label \(name)")
            labels += 1
        }
        for person in issue["assignees"] as? [[String: Any]] ?? [] {
            let login = try #require(person["login"] as? String)
            #expect(card.contains("<span>@\(escaped(login))</span>"), "#\(number) assignee \(login)")
            assignees += 1
        }
    }
    // The answers' own labels and assignees, so that the loops above checked some.
    #expect(labels == 3)
    #expect(assignees == 3)
    #expect(pullRequests == 9)
    #expect(board.contains(#"<span class="card-fact" title="Milestone">Version 1.4</span>"#))
}

@Test func anIssueInTwoOverlappingAnswersIsAWarningNamingBothPlaces() async throws {
    let answers = try recordedIssueAnswers("GraphQl.testPaginationAndRestIntegration.txt", withRepeats: true)
    let repeated = try recordedIssueAnswers("GraphQl.testPaginationAndRestIntegration.txt")
    #expect(answers.count == repeated.count + 1)
    // The record both answers hold is a pull request, which the README's `where:` leaves out.
    var files = [
        "herald.yml": try readmeGitHubConfig().replacingOccurrences(
            of: "  where: {pull_request.html_url: null}\n", with: "")
    ]
    for (index, answer) in answers.enumerated() { files["Content/issues/answer-\(index + 1).json"] = answer }
    let site = try TemporarySite(files)

    let build = try await site.herald(["build", "--now", "2026-11-21T10:00:00Z"])
    #expect(build.status == 0, "\(build.stderr)")
    let warnings = build.stderr.split(separator: "\n").filter {
        $0.contains(": warning: ") && $0.contains("has the ID")
    }
    #expect(warnings.count == 1, "\(build.stderr)")
    // At the later answer's record, naming the earlier one's file and line.
    #expect(
        warnings.first?.range(
            of:
                #"^Content/issues/answer-\d+\.json:\d+:\d+: warning: task '.+' has the ID '\d+' of the task at Content/issues/answer-\d+\.json:\d+:\d+"#,
            options: .regularExpression) != nil, "\(warnings)")
    let strict = try await site.herald(["build", "--strict", "--now", "2026-11-21T10:00:00Z"])
    #expect(strict.status != 0)
}

@Test func anIssueWithThreeAssigneesAndThreeLabelsShowsThemAll() async throws {
    // PyGithub's recording of adding two assignees to issue #28: GitHub's answer is the issue itself.
    let lines = try String(
        contentsOf: RealData.url("tasks-github-issues/Issue.testAddAndRemoveAssignees.txt"), encoding: .utf8
    ).components(separatedBy: "\n")
    let post = try #require(
        lines.indices.first {
            lines[$0] == "POST" && $0 + 8 < lines.count
                && lines[$0 + 3] == "/repos/PyGithub/PyGithub/issues/28/assignees"
        })
    let answer = lines[post + 8]
    let issue = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
    let logins = (issue["assignees"] as? [[String: Any]] ?? []).compactMap { $0["login"] as? String }
    let labels = (issue["labels"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    #expect(logins.count == 3 && labels.count == 3)

    let site = try TemporarySite(["herald.yml": try readmeGitHubConfig(), "Content/issues/issue-28.json": answer])
    let build = try await site.herald(["build", "--strict", "--now", "2026-11-21T10:00:00Z"])
    #expect(build.status == 0, "\(build.stderr)")
    let board = try site.read("Output/tasks/index.html")
    let start = try #require(board.range(of: #"id="task-28""#))
    // The card runs to its tag chips' list and the item that closes it.
    let card = String(board[start.lowerBound...].components(separatedBy: "</ul>\n</li>")[0])
    #expect(card.contains(#"<a href="https://github.com/PyGithub/PyGithub/issues/28">Issue created by PyGithub</a>"#))
    for login in logins { #expect(card.contains("<span>@\(login)</span>"), "\(login)") }
    for label in labels { #expect(card.contains(#">#\#(escaped(label))</a>"#), "\(label)") }
}
