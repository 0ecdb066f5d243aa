import Foundation
import HeraldTestSupport
import Testing

// The README's GitLab worked example, built exactly as written (only its URL swapped for a file)
// over issues in the shape of GitLab's `GET /projects/:id/issues`, written here by hand.

private let issues = """
    [
      {
        "id": 90211, "iid": 14, "project_id": 3021,
        "title": "Export the board as CSV",
        "description": "A **CSV** export for the weekly review.",
        "state": "opened",
        "created_at": "2026-11-02T08:30:11.204Z", "updated_at": "2026-11-18T16:02:45.118Z",
        "closed_at": null, "closed_by": null,
        "labels": ["feature", "export", "priority::high"],
        "milestone": {"id": 77, "iid": 3, "project_id": 3021, "title": "v2.1", "state": "active", "due_date": "2026-12-15"},
        "assignees": [
          {"id": 501, "username": "maren.k", "name": "Maren Kowalski", "state": "active", "web_url": "https://gitlab.example.org/maren.k"},
          {"id": 502, "username": "tobias", "name": "Tobias Brandt", "state": "active", "web_url": "https://gitlab.example.org/tobias"}
        ],
        "author": {"id": 503, "username": "ines", "name": "Ines Duarte", "state": "active", "web_url": "https://gitlab.example.org/ines"},
        "assignee": {"id": 501, "username": "maren.k", "name": "Maren Kowalski", "state": "active", "web_url": "https://gitlab.example.org/maren.k"},
        "type": "ISSUE", "user_notes_count": 4, "upvotes": 2, "downvotes": 0,
        "due_date": "2026-12-01",
        "confidential": false,
        "web_url": "https://gitlab.example.org/team/board/-/issues/14",
        "references": {"short": "#14", "relative": "#14", "full": "team/board#14"}
      },
      {
        "id": 90230, "iid": 15, "project_id": 3021,
        "title": "Crash when a label has a slash",
        "description": "Steps:\\n\\n1. Add the label `area/ui`\\n2. Build",
        "state": "closed",
        "created_at": "2026-11-05T10:00:00.000Z", "updated_at": "2026-11-20T09:12:00.000Z",
        "closed_at": "2026-11-20T09:12:00.000Z",
        "closed_by": {"id": 502, "username": "tobias", "name": "Tobias Brandt", "state": "active", "web_url": "https://gitlab.example.org/tobias"},
        "labels": ["bug", "area/ui"],
        "milestone": null,
        "assignees": [
          {"id": 502, "username": "tobias", "name": "Tobias Brandt", "state": "active", "web_url": "https://gitlab.example.org/tobias"}
        ],
        "author": {"id": 504, "username": "sam", "name": "Sam Okafor", "state": "active", "web_url": "https://gitlab.example.org/sam"},
        "assignee": {"id": 502, "username": "tobias", "name": "Tobias Brandt", "state": "active", "web_url": "https://gitlab.example.org/tobias"},
        "type": "ISSUE", "user_notes_count": 1, "upvotes": 0, "downvotes": 0,
        "due_date": "2026-11-19",
        "confidential": false,
        "web_url": "https://gitlab.example.org/team/board/-/issues/15",
        "references": {"short": "#15", "relative": "#15", "full": "team/board#15"}
      },
      {
        "id": 90244, "iid": 16, "project_id": 3021,
        "title": "Write the upgrade notes",
        "description": null,
        "state": "opened",
        "created_at": "2026-11-19T13:45:00.000Z", "updated_at": "2026-11-19T13:45:00.000Z",
        "closed_at": null, "closed_by": null,
        "labels": ["docs"],
        "milestone": {"id": 77, "iid": 3, "project_id": 3021, "title": "v2.1", "state": "active", "due_date": "2026-12-15"},
        "assignees": [
          {"id": 505, "username": "li.wei", "name": "Li Wei", "state": "active", "web_url": "https://gitlab.example.org/li.wei"},
          {"id": 503, "username": "ines", "name": "Ines Duarte", "state": "active", "web_url": "https://gitlab.example.org/ines"}
        ],
        "author": {"id": 501, "username": "maren.k", "name": "Maren Kowalski", "state": "active", "web_url": "https://gitlab.example.org/maren.k"},
        "assignee": {"id": 505, "username": "li.wei", "name": "Li Wei", "state": "active", "web_url": "https://gitlab.example.org/li.wei"},
        "type": "ISSUE", "user_notes_count": 0, "upvotes": 0, "downvotes": 0,
        "due_date": "2026-11-27",
        "confidential": false,
        "web_url": "https://gitlab.example.org/team/board/-/issues/16",
        "references": {"short": "#16", "relative": "#16", "full": "team/board#16"}
      }
    ]

    """

/// The README's GitLab `herald.yml`, its source the local file `Content/issues.json`.
private func readmeConfig() throws -> String {
    try readmeExample(
        opening: "title: Issues\ntasks:\n  source: https://gitlab.com/api/v4/projects/", source: "Content/issues.json")
}

@Test func theReadmesGitLabExampleShowsEveryLabelAssigneeLinkAndDueDate() async throws {
    let config = try readmeConfig()
    #expect(config.contains("status_map: {opened: todo, closed: done}"))
    let site = try TemporarySite(["herald.yml": config, "Content/issues.json": issues])
    let build = try await site.herald(["build", "--strict", "--now", "2026-11-21T10:00:00Z"])
    #expect(build.status == 0, "\(build.stderr)")
    #expect(!build.stderr.contains("warning"), "\(build.stderr)")
    let board = try site.read("Output/tasks/index.html")

    // Opened issues in the first column, the closed one in the last, each under its own number.
    let done = try #require(board.range(of: #"id="column-done""#))
    for number in ["14", "16"] {
        #expect(try #require(board.range(of: #"id="task-\#(number)""#)).lowerBound < done.lowerBound)
    }
    #expect(try #require(board.range(of: #"id="task-15""#)).lowerBound > done.lowerBound)
    for label in ["feature", "export", "priority::high", "bug", "area/ui", "docs"] {
        #expect(board.contains(#">#\#(label)</a>"#), "label \(label)")
    }
    for person in ["maren.k", "tobias", "li.wei", "ines"] {
        #expect(board.contains("<span>@\(person)</span>"), "assignee \(person)")
    }
    for number in ["14", "15", "16"] {
        #expect(
            board.contains(#"<a href="https://gitlab.example.org/team/board/-/issues/\#(number)">"#),
            "link to issue \(number)")
    }
    // Open cards say when they are due; a done card says when it was done.
    #expect(board.contains(#"<time datetime="2026-12-01">Dec 1</time> · in 10 days"#))
    #expect(board.contains(#"<time datetime="2026-11-27">Nov 27</time> · in 6 days"#))
    #expect(board.contains(#"<time datetime="2026-11-20">Done Nov 20</time>"#))
    #expect(board.contains(#"<span class="card-fact" title="Milestone">v2.1</span>"#))
    #expect(board.contains(#"<span class="card-fact" title="Opened by">Sam Okafor</span>"#))
    #expect(board.contains("<strong>CSV</strong>"))
    // Every due date, the closed issue's too, is in the calendar feed.
    let calendar = try site.read("Output/tasks/calendar.ics")
    for day in ["20261201", "20261119", "20261127"] {
        #expect(calendar.contains("DTSTART;VALUE=DATE:\(day)"), "\(day)")
    }
}
