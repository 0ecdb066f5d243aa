import HeraldModels
import HeraldPresenters
import Testing

@Test func theHomePageLinksToEverything() throws {
    let context = try context(pages: [.init(title: "About", route: "about/")])
    let tasks = [
        TaskItem(id: "1", title: "a", status: "todo", tags: ["home"], location: here),
        TaskItem(id: "2", title: "b", status: "done", completed: true, location: here)
    ]
    let heroes = [
        Hero(id: "x", slug: "xena", name: "Xena", publisher: "Renaissance", location: here),
        Hero(id: "g", slug: "gabrielle", name: "Gabrielle", stats: [.init(name: "wit", value: 90)], location: here)
    ]
    let home = HomePresenter(
        context: context,
        board: TaskBoardPresenter(tasks: tasks, columns: ["todo", "done"], context: context),
        catalog: HeroCatalogPresenter(
            heroes: heroes, groupBy: [.publisher, .alignment],
            perPage: 48, context: context)
    ).view()
    #expect(home["intro"]?.string == "2 tasks on the board, 2 heroes in the catalog.")
    #expect(home["progress"]?["percent"]?.int == 50)
    let directory = try #require(home["directory"]?.list)
    let hrefs = directory.compactMap { $0["href"]?.string }
    // Alignment has no values among these heroes, so it gets no index page and no link.
    #expect(
        hrefs == [
            "tasks/index.html", "tasks/report/index.html", "tasks/report.md", "tasks/index.html", "heroes/index.html",
            "heroes/publisher/index.html", "about/index.html", "feed.xml", "sitemap.xml"
        ])
    #expect(directory.first { $0["label"]?.string == "Tags" }?["note"]?.string == "#home")
    // Ranked heroes come first; Xena has no stats, so no rank, and follows.
    #expect(home["featured"]?["heroes"]?.list?.map { $0["name"]?.string } == ["Gabrielle", "Xena"])
}

@Test(arguments: [(true, false), (false, true), (false, false)])
func theHomePageShowsOnlyWhatTheSiteHas(hasTasks: Bool, hasHeroes: Bool) throws {
    var context = try context()
    context.hasTasks = hasTasks
    context.hasHeroes = hasHeroes
    let tasks = hasTasks ? [TaskItem(id: "1", title: "a", status: "todo", tags: ["home"], location: here)] : []
    let heroes = hasHeroes ? [Hero(id: "x", slug: "xena", name: "Xena", publisher: "Renaissance", location: here)] : []
    let home = HomePresenter(
        context: context,
        board: TaskBoardPresenter(tasks: tasks, columns: ["todo"], context: context),
        catalog: HeroCatalogPresenter(
            heroes: heroes, groupBy: [.publisher], perPage: 48,
            context: context)
    ).view()
    let hrefs = try #require(home["directory"]?.list).compactMap { $0["href"]?.string }
    #expect(hrefs.contains("tasks/index.html") == hasTasks)
    #expect(hrefs.contains("feed.xml") == hasTasks)
    #expect(hrefs.contains("heroes/index.html") == hasHeroes)
    #expect(hrefs.contains("heroes/publisher/index.html") == hasHeroes)
    #expect(hrefs.last == "sitemap.xml")
    #expect(home["has_tasks"]?.bool == hasTasks && home["has_heroes"]?.bool == hasHeroes)
    let intro =
        switch (hasTasks, hasHeroes) {
        case (true, false): "1 task on the board."
        case (false, true): "1 hero in the catalog."
        default: "Nothing here yet."
        }
    #expect(home["intro"]?.string == intro)
}
