import HeraldPresenters
import Testing

// Links are relative so a site works from any sub-path and straight from disk; folder routes end
// in index.html because a file:// URL does not resolve a folder to its index.

@Test func linksFromTheHomePage() {
    let links = Linker(from: "")
    #expect(links.href("") == "index.html")
    #expect(links.href("tasks/") == "tasks/index.html")
    #expect(links.href("heroes/page/2/") == "heroes/page/2/index.html")
    #expect(links.href("feed.xml") == "feed.xml")
    #expect(links.root == "")
}

@Test func linksFromOneFolderDown() {
    let links = Linker(from: "tasks/")
    #expect(links.href("") == "../index.html")
    #expect(links.href("tasks/") == "../tasks/index.html")
    #expect(links.href("heroes/batman/") == "../heroes/batman/index.html")
    #expect(links.href("tasks/report.md") == "../tasks/report.md")
    #expect(links.root == "../")
}

@Test func linksFromDeepPages() {
    let pager = Linker(from: "heroes/page/2/")
    #expect(pager.href("") == "../../../index.html")
    #expect(pager.href("heroes/") == "../../../heroes/index.html")
    #expect(pager.root == "../../../")
    // A file route sits in its folder: `tasks/report.md` is one level down, like `tasks/`.
    let report = Linker(from: "tasks/report.md")
    #expect(report.href("tasks/") == "../tasks/index.html")
    #expect(report.href("assets/herald.0123abcd.css") == "../assets/herald.0123abcd.css")
}

@Test func fragmentsFollowTheFile() {
    #expect(Linker(from: "").href("tasks/", fragment: "task-7") == "tasks/index.html#task-7")
    #expect(
        Linker(from: "tasks/tags/home/").href("tasks/", fragment: "column-done")
            == "../../../tasks/index.html#column-done")
    #expect(Linker(from: "").href("feed.xml", fragment: "top") == "feed.xml#top")
}

@Test func linksRootedAtTheBasePath() {
    // The 404 page is served at whatever address was missed, so relative links would break;
    // rooted links leave folder routes to the server, which serves their index itself.
    let links = Linker(basePath: "/board/")
    #expect(links.href("") == "/board/")
    #expect(links.href("tasks/") == "/board/tasks/")
    #expect(links.href("feed.xml") == "/board/feed.xml")
    #expect(links.href("tasks/", fragment: "task-1") == "/board/tasks/#task-1")
    #expect(links.root == "/board/")
    #expect(Linker(basePath: "/board").href("heroes/") == "/board/heroes/")
    #expect(Linker(basePath: "/").href("heroes/") == "/heroes/")
}

@Test func aPageInAFolderLinksAsItsRouteWould() {
    for links in [Linker(from: ""), Linker(from: "heroes/role/carry/page/2/"), Linker(basePath: "/board")] {
        #expect(links.href(folder: "heroes", name: "storm") == links.href("heroes/storm/"))
        #expect(links.href(folder: "characters", name: "caf\u{E9}-1") == links.href("characters/caf\u{E9}-1/"))
    }
    #expect(Linker(from: "heroes/storm/").href(folder: "heroes", name: "rogue") == "../../heroes/rogue/index.html")
}
