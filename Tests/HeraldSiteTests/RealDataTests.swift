import Foundation
import HeraldCore
import HeraldModels
import HeraldSite
import HeraldTestSupport
import Testing

// The real data sets, loaded the way a user would: a herald.yml next to the data file, and no
// code. Expected values come from the data files themselves (read here with Foundation) or
// from reading them by hand, never from Herald.

private func loadTasks(_ site: TemporarySite) throws -> [TaskItem] {
    try #require(try site.sources().tasks).load()
}

private func loadHeroes(_ site: TemporarySite) throws -> [Hero] {
    try #require(try site.sources().heroes).load()
}

private func fixtureText(_ path: String) throws -> String {
    try String(contentsOf: try RealData.url(path), encoding: .utf8)
}

private func fixtureJSON(_ path: String) throws -> [[String: Any]] {
    let data = try Data(contentsOf: try RealData.url(path))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
}

private func flattened(_ tasks: [TaskItem]) -> [TaskItem] {
    tasks.flatMap { [$0] + flattened($0.subtasks) }
}

// MARK: Tasks

@Test func jsonPlaceholderTodos() throws {
    let site = try TemporarySite()
    try site.copy(try RealData.url("todos-jsonplaceholder/todos.json"), to: "todos.json")
    try site.write(
        "herald.yml",
        """
        tasks:
          source: todos.json
          columns: [open, started, closed]
          fields: {title: title}
        """)
    let tasks = try loadTasks(site)
    let raw = try fixtureJSON("todos-jsonplaceholder/todos.json")
    #expect(tasks.count == 200)
    #expect(tasks.filter(\.completed).count == 90)
    #expect(tasks.count == raw.count)
    for (task, record) in zip(tasks, raw) {
        let completed = try #require(record["completed"] as? Bool)
        #expect(task.id == "\(record["id"] ?? "")")
        #expect(task.title == record["title"] as? String)
        #expect(task.completed == completed)
        // Only a completion flag: done tasks go to the last column, the others to the first.
        #expect(task.status == (completed ? "closed" : "open"))
        #expect(task.record["userId"] != nil)
    }
}

@Test(arguments: ["todo.txt", "task_todo.txt", "tasklist_todo.txt", "sort_todo.txt"])
func todoTxtFiles(_ name: String) throws {
    let site = try TemporarySite()
    try site.copy(try RealData.url("tasks-todotxt/\(name)"), to: "Content/\(name)")
    try site.write("herald.yml", "tasks:\n  source: Content/\(name)\n")
    let tasks = try loadTasks(site)

    // One task per line that is not blank (todo.txt has no comments: a `#` line is a task too);
    // each has its own short ID.
    let lines = try fixtureText("tasks-todotxt/\(name)").components(separatedBy: "\n")
    let taskLines = lines.enumerated().filter { _, line in !line.trimmingCharacters(in: .whitespaces).isEmpty }
    #expect(tasks.map(\.location.line) == taskLines.map { $0.offset + 1 })
    #expect(Set(tasks.map(\.id)).count == tasks.count)
    #expect(tasks.allSatisfy { $0.idIsDerived && $0.id.count >= 4 && $0.id.allSatisfy(\.isHexDigit) })
    // Only a lowercase `x` and a space mark a completed task.
    let done = Set(taskLines.filter { $0.element.hasPrefix("x ") }.map { $0.offset + 1 })
    #expect(Set(tasks.filter(\.completed).map(\.location.line)) == done)
    for task in tasks {
        #expect(task.status == (task.completed ? "done" : "todo"))
    }
}

@Test func todoTxtFieldsReachTheModel() throws {
    let site = try TemporarySite()
    try site.copy(try RealData.url("tasks-todotxt/todo.txt"), to: "todo.txt")
    try site.copy(try RealData.url("tasks-todotxt/task_todo.txt"), to: "task_todo.txt")

    try site.write("herald.yml", "tasks:\n  source: todo.txt\n")
    let simple = try loadTasks(site)
    let mom = try #require(simple.first)
    #expect(mom.title == "Call Mom")
    #expect(mom.priority == "A")
    #expect(mom.contexts == ["Phone"])
    #expect(mom.project == "Family")
    #expect(!mom.completed)
    let app = try #require(simple.last)
    #expect(app.title == "Download Todo.txt mobile app")
    #expect(app.completed)
    #expect(app.status == "done")

    try site.write("herald.yml", "tasks:\n  source: task_todo.txt\n")
    let tasks = try loadTasks(site)
    func line(_ number: Int) throws -> TaskItem { try #require(tasks.first { $0.location.line == number }) }

    // (B) 2013-12-01 private:false Outline chapter 5 +Novel @Computer Level:5 due:2014-02-17
    let outline = try line(4)
    #expect(outline.title == "private:false Outline chapter 5 Level:5")
    #expect(outline.priority == "B")
    #expect(outline.created?.description == "2013-12-01")
    #expect(outline.due?.description == "2014-02-17")
    #expect(outline.project == "Novel")
    #expect(outline.contexts == ["Computer"])
    #expect(outline.record["pairs"]?.lookup("Level")?.value.stringValue == "5")
    #expect(outline.record["pairs"]?.lookup("private")?.value.stringValue == "false")

    // x 2014-01-02 (B) 2013-12-30 Create golang library test cases @Go +go-todotxt
    let cases = try line(5)
    #expect(cases.completed)
    #expect(cases.status == "done")
    #expect(cases.completedAt?.description == "2014-01-02")
    #expect(cases.created?.description == "2013-12-30")
    #expect(cases.priority == "B")
    #expect(cases.project == "go-todotxt")
    #expect(cases.contexts == ["Go"])

    // @Home Turn off TV @Electricity @Television @Electricity @Of_Super-Importance Importance:Very!
    let tv = try line(25)
    #expect(tv.contexts == ["Home", "Electricity", "Television", "Of_Super-Importance"])
    #expect(tv.record["pairs"]?.lookup("Importance")?.value.stringValue == "Very!")

    // +Gardening Plan backyard herb garden +Planning @Home +Improving: the first project is the task's.
    #expect(try line(12).project == "Gardening")

    let xylophone = try #require(tasks.first { $0.title == "xylophone lesson" })
    #expect(!xylophone.completed)
    #expect(xylophone.status == "todo")
    let resolutions = try #require(tasks.first { $0.title.hasSuffix("Make resolutions") })
    #expect(!resolutions.completed)
}

@Test func markdownChecklist() throws {
    let site = try TemporarySite()
    try site.copy(try RealData.url("tasks-markdown-checklist/textual-roadmap.md"), to: "Content/roadmap.md")
    try site.write("herald.yml", "tasks:\n  source: Content/roadmap.md\n")
    let tasks = try loadTasks(site)

    // Every `- [ ]` / `* [x]` line of the file is one task, at any depth.
    let lines = try fixtureText("tasks-markdown-checklist/textual-roadmap.md").components(separatedBy: "\n")
    let items = lines.filter { $0.contains(#/^\s*[-*+] \[[ xX]\] /#) }
    let topLevel = items.filter { !$0.hasPrefix(" ") }
    #expect(items.count == 47)
    #expect(flattened(tasks).count == items.count)
    #expect(tasks.count == topLevel.count)
    #expect(
        flattened(tasks).filter(\.completed).count == items.filter { $0.contains("[x]") || $0.contains("[X]") }.count)

    let command = try #require(tasks.first)
    #expect(command.title == "Command interface")
    #expect(command.subtasks.map(\.title) == ["Command menu", "Fuzzy search"])
    #expect(command.record["list"]?.value.stringValue == "Features")
    // Two-space nesting under four-space siblings still nests.
    let images = try #require(tasks.first { $0.title == "Image support" })
    #expect(images.subtasks.map(\.title) == ["Half block", "Braile", "Sixels, and other image extensions"])
    #expect(images.record["list"]?.value.stringValue == "Widgets")
    // A finished item keeps its open subtask: each has its own place on the board.
    let devtools = try #require(tasks.first { $0.title == "Devtools" })
    #expect(devtools.completed && devtools.status == "done")
    #expect(devtools.subtasks.map(\.status) == ["todo"])
}

@Test func checklistHeadingsCanBeMappedToProjectsByConfig() throws {
    let site = try TemporarySite()
    try site.copy(try RealData.url("tasks-markdown-checklist/textual-roadmap.md"), to: "roadmap.md")
    try site.write("herald.yml", "tasks:\n  source: roadmap.md\n  fields: {project: list}\n")
    let tasks = try loadTasks(site)
    #expect(Set(tasks.compactMap(\.project)) == ["Features", "Widgets"])
    #expect(tasks.filter { $0.project == "Features" }.count == 5)
}

@Test func sqliteTable() throws {
    let site = try TemporarySite()
    try SeedDatabase.create(
        at: site.url("Content/tasks.sqlite"),
        rows: [
            .init(
                title: "Set up the database", subtitle: "schema and seed", imageURL: "https://example.org/db.png",
                isCompleted: 1, createdAt: "2026-11-01T23:30:00Z"),
            .init(title: "Write the loader", subtitle: nil, imageURL: nil, isCompleted: 0, createdAt: "2026-11-03"),
            .init(title: "Review it", subtitle: "with the team", imageURL: nil, isCompleted: 0, createdAt: nil)
        ])
    try site.write(
        "herald.yml",
        """
        timezone: Europe/Berlin
        tasks:
          source: Content/tasks.sqlite
          table: tasks
        """)
    let tasks = try loadTasks(site)
    #expect(tasks.map(\.id) == ["1", "2", "3"])
    #expect(tasks.map(\.title) == ["Set up the database", "Write the loader", "Review it"])
    #expect(tasks.map(\.completed) == [true, false, false])
    #expect(tasks.map(\.status) == ["done", "todo", "todo"])
    // 23:30 UTC on Nov 1 is already Nov 2 in the site's zone.
    #expect(tasks.map { $0.created?.description } == ["2026-11-02", "2026-11-03", nil])
    #expect(tasks[0].record["subtitle"]?.value.stringValue == "schema and seed")
    #expect(tasks[0].record["image_url"]?.value.stringValue == "https://example.org/db.png")
}

// MARK: Heroes

private let superheroConfig = """
    heroes:
      source: all.json
      fields:
        full_name: biography.fullName
        publisher: biography.publisher
        alignment: biography.alignment
        stats: powerstats
        appearance: appearance
        aliases: biography.aliases
        affiliations: connections.groupAffiliation
        image: images.md
    """

@Test func superheroAPI() throws {
    let site = try TemporarySite()
    try site.copy(try RealData.url("heroes-superhero-api/all.json"), to: "all.json")
    try site.write("herald.yml", superheroConfig)
    let heroes = try loadHeroes(site)
    let raw = try fixtureJSON("heroes-superhero-api/all.json")
    #expect(heroes.count == 563)
    #expect(heroes.count == raw.count)
    func hero(_ id: Int) throws -> Hero { try #require(heroes.first { $0.id == String(id) }) }

    let bomb = try hero(1)
    #expect(bomb.name == "A-Bomb")
    #expect(bomb.slug == "1-a-bomb")
    #expect(bomb.fullName == "Richard Milhouse Jones")
    #expect(bomb.publisher == "Marvel Comics")
    #expect(bomb.alignment == "good")
    #expect(bomb.stats.map(\.name) == ["intelligence", "strength", "speed", "durability", "power", "combat"])
    #expect(bomb.statsTotal == 38 + 100 + 17 + 80 + 24 + 64)
    #expect(bomb.appearance.map(\.name) == ["gender", "race", "height", "weight", "eyeColor", "hairColor"])
    #expect(bomb.appearance.first { $0.name == "height" }?.text == "6'8 / 203 cm")
    #expect(bomb.aliases == ["Rick Jones"])
    #expect(
        bomb.affiliations == [
            "Hulk Family", "Excelsior (sponsor)", "Avengers (honorary member)", "formerly partner of the Hulk",
            "Captain America and Captain Marvel", "Teen Brigade", "ally of Rom"
        ])
    #expect(bomb.image == "https://cdn.rawgit.com/akabab/superhero-api/0.2.0/api/images/md/1-a-bomb.jpg")
    #expect(bomb.record["work"] != nil)

    // Adam Monroe's record is full of placeholders: "" for his full name, null for his race,
    // "-" for his height in feet and his affiliations. They are missing, not values.
    let adam = try hero(7)
    #expect(adam.name == "Adam Monroe")
    #expect(adam.fullName == nil)
    #expect(!adam.appearance.contains { $0.name == "race" })
    #expect(adam.appearance.first { $0.name == "height" }?.text == "0 cm")
    #expect(adam.affiliations.isEmpty)
    #expect(adam.aliases == ["Takezo Kensei", "Richard Sanders"])
    #expect(adam.publisher == "NBC - Heroes")
    #expect(adam.statsTotal == 63 + 10 + 12 + 100 + 100 + 64)

    let batman = try hero(70)
    #expect(batman.slug == "70-batman")
    #expect(batman.fullName == "Bruce Wayne")
    #expect(batman.publisher == "DC Comics")
    #expect(batman.statsTotal == 100 + 26 + 27 + 50 + 47 + 100)
    #expect(batman.affiliations.count == 8)
    #expect(batman.affiliations.first == "Batman Family")
    #expect(batman.affiliations.last == "Sinestro Corps")

    // Every hero against its raw record.
    for (hero, record) in zip(heroes, raw) {
        #expect(hero.name == record["name"] as? String)
        #expect(hero.slug == record["slug"] as? String)
        let stats = try #require(record["powerstats"] as? [String: Int])
        #expect(hero.statsTotal == Double(stats.values.reduce(0, +)), "\(hero.name)")
        let biography = try #require(record["biography"] as? [String: Any])
        let publisher = biography["publisher"] as? String
        let missing = publisher == nil || publisher == "" || publisher == "-"
        #expect(hero.publisher == (missing ? nil : publisher), "\(hero.name)")
        let alignment = biography["alignment"] as? String
        #expect(hero.alignment == (alignment == "-" ? nil : alignment), "\(hero.name)")
    }
}

@Test func overwatchCSV() throws {
    let site = try TemporarySite()
    try site.copy(try RealData.url("heroes-overwatch/heroes.csv"), to: "Content/heroes.csv")
    try site.write(
        "herald.yml",
        """
        heroes:
          source: Content/heroes.csv
          fields:
            stats: [health, armor, shields]
            tags: role
        """)
    let heroes = try loadHeroes(site)
    #expect(heroes.count == 52)
    func hero(_ name: String) throws -> Hero { try #require(heroes.first { $0.name == name }) }

    #expect(try hero("Lúcio").slug == "lucio")
    #expect(try hero("Torbjörn").slug == "torbjorn")
    #expect(try hero("Soldier: 76").slug == "soldier-76")
    #expect(try hero("D.Va").slug == "d-va")
    let torbjorn = try hero("Torbjörn")
    #expect(torbjorn.stats.map(\.name) == ["health", "armor", "shields"])
    #expect(torbjorn.stats.map(\.value) == [225, 75, 0])
    #expect(torbjorn.tags == ["damage"])

    // Every row against the file: the roster's own `key` column is the slug a person chose,
    // and the derived slug agrees with it except for D.Va, whose key drops the dot.
    let rows = try fixtureText("heroes-overwatch/heroes.csv").split(separator: "\n").dropFirst()
        .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    #expect(rows.count == heroes.count)
    for (hero, row) in zip(heroes, rows) {
        #expect(hero.name == row[1])
        #expect(hero.slug == (row[1] == "D.Va" ? "d-va" : row[0]))
        #expect(hero.slug.allSatisfy { $0.isASCII })
        #expect(hero.tags == [row[2]])
        #expect(hero.statsTotal == row[3...5].compactMap { Double($0) }.reduce(0, +))
        #expect(hero.record["key"]?.value.stringValue == row[0])
    }
}

extension DataValue {
    var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }
}
