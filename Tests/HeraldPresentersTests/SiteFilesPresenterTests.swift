import HeraldModels
import HeraldPresenters
import Testing

@Test func theSitemapListsAbsoluteURLsUnderTheBaseURL() throws {
    let files = SiteFilesPresenter(context: try context(baseURL: "https://example.org/board/"))
    let sitemap = files.sitemap(routes: [("", nil), ("tasks/", try day("2026-11-02")), ("heroes/page/2/", nil)])
    let urls = try #require(sitemap["urls"]?.list)
    #expect(
        urls.map { $0["loc"]?.string } == [
            "https://example.org/board/", "https://example.org/board/tasks/", "https://example.org/board/heroes/page/2/"
        ])
    #expect(urls.map { $0["lastmod"]?.string } == [nil, "2026-11-02", nil])
    #expect(files.robots()["sitemap"]?.string == "https://example.org/board/sitemap.xml")
}

@Test func theFeedListsCompletedTasksNewestFirst() throws {
    let tasks = [
        TaskItem(
            id: "1", title: "Old", status: "done", completed: true, completedAt: try day("2026-10-01"), location: here),
        TaskItem(id: "2", title: "Open", status: "todo", location: here),
        TaskItem(
            id: "3", title: "New", notes: "Shipped it.", status: "done", completed: true,
            completedAt: try day("2026-11-18"), location: here),
        // Done, but with no completion day: it cannot be placed in time, so the feed leaves it out.
        TaskItem(id: "4", title: "Undated", status: "done", completed: true, location: here),
        TaskItem(
            id: "5", title: "Middle", status: "done", completed: true, completedAt: try day("2026-11-02"),
            location: here)
    ]
    let feed = SiteFilesPresenter(context: try context()).feed(tasks: tasks)
    let entries = try #require(feed["entries"]?.list)
    #expect(entries.map { $0["title"]?.string } == ["Done: New", "Done: Middle", "Done: Old"])
    #expect(
        entries.map { $0["updated"]?.string } == [
            "2026-11-18T00:00:00Z", "2026-11-02T00:00:00Z", "2026-10-01T00:00:00Z"
        ])
    #expect(entries.first?["link"]?.string == "https://example.org/board/tasks/#task-3")
    #expect(entries.first?["summary"]?.string == "Shipped it.")
    #expect(entries.last?["summary"]?.string == "Old")
    #expect(feed["updated"]?.string == "2026-11-18T00:00:00Z")
    #expect(feed["self"]?.string == "https://example.org/board/feed.xml")
    #expect(feed["author"]?.string == "Test Board")
    #expect(SiteFilesPresenter(context: try context()).feed(tasks: tasks, limit: 1)["entries"]?.list?.count == 1)
}

@Test func anEmptyFeedIsUpdatedAtTheBuildsDay() throws {
    let feed = SiteFilesPresenter(context: try context(now: "2026-11-20T23:30:00Z")).feed(tasks: [])
    #expect(feed["entries"]?.list?.isEmpty == true)
    #expect(feed["updated"]?.string == "2026-11-20T00:00:00Z")
}

@Test func theNotFoundPageLinksFromTheBasePath() throws {
    let assets = ["herald_css": "assets/herald.0123abcd.css"]
    let board = SiteFilesPresenter(context: try context(baseURL: "https://example.org/board/", assets: assets))
        .notFound()
    #expect(board["links"]?["home"]?.string == "/board/")
    #expect(board["links"]?["tasks"]?.string == "/board/tasks/")
    #expect(board["assets"]?["herald_css"]?.string == "/board/assets/herald.0123abcd.css")
    #expect(board["nav"]?.list?.map { $0["href"]?.string } == ["/board/", "/board/tasks/", "/board/heroes/"])
    let root = SiteFilesPresenter(context: try context(baseURL: "/", assets: assets)).notFound()
    #expect(root["links"]?["heroes"]?.string == "/heroes/")
    #expect(root["assets"]?["herald_css"]?.string == "/assets/herald.0123abcd.css")
}

// A build keeps the sitemap while its fingerprint stays: each change below changes its view data,
// and must change the fingerprint; the same routes and days keep it.
@Test func theSitemapsFingerprintChangesWheneverItsViewDataDoes() throws {
    let routes: [(route: String, lastModified: Day?)] = [("", nil), ("tasks/", try day("2026-11-02")), ("about/", nil)]
    let files = SiteFilesPresenter(context: try context())
    let changes: [(String, SiteFilesPresenter, [(route: String, lastModified: Day?)])] = [
        ("a page added", files, routes + [("heroes/", nil)]),
        ("a page removed", files, Array(routes.dropLast())),
        ("a page renamed", files, [routes[0], routes[1], ("about-us/", nil)]),
        ("a day changed", files, [routes[0], ("tasks/", try day("2026-11-03")), routes[2]]),
        ("a day given", files, [routes[0], routes[1], ("about/", try day("2026-11-01"))]),
        ("the base URL", SiteFilesPresenter(context: try context(baseURL: "https://example.com/")), routes)
    ]
    for (name, presenter, changed) in changes {
        #expect(files.sitemap(routes: routes) != presenter.sitemap(routes: changed), "\(name)")
        #expect(files.sitemapFingerprint(routes: routes) != presenter.sitemapFingerprint(routes: changed), "\(name)")
    }
    let again = SiteFilesPresenter(context: try context())
    #expect(again.sitemapFingerprint(routes: routes) == files.sitemapFingerprint(routes: routes))
}
