import Foundation
import HeraldCore
import HeraldModels
import HeraldTestSupport
import Testing

/// The superhero-api mapping: nested key paths into the API's record.
private let superheroRules = HeroRules(fields: [
    .name: "name", .fullName: "biography.fullName", .publisher: "biography.publisher",
    .alignment: "biography.alignment", .stats: "powerstats", .appearance: "appearance",
    .aliases: "biography.aliases", .affiliations: "connections.groupAffiliation", .image: "images.md", .tags: "roles"
])

private func superhero(_ id: Int) throws -> Hero {
    let file = "Fixtures/\(id).json"
    let fields = try YAMLReader.parse(try fixture("\(id).json"), file: file)
    return try Hero.decode(Record(fields: fields, location: fields.location(in: file)), rules: superheroRules)
}

@Test func superheroABombDecodesThroughTheMapping() throws {
    let hero = try superhero(1)
    #expect(hero.id == "1")
    #expect(hero.slug == "1-a-bomb")
    #expect(hero.name == "A-Bomb")
    #expect(hero.fullName == "Richard Milhouse Jones")
    #expect(hero.publisher == "Marvel Comics")
    #expect(hero.alignment == "good")
    #expect(hero.stats.map(\.name) == ["intelligence", "strength", "speed", "durability", "power", "combat"])
    #expect(hero.statsTotal == 323)
    #expect(hero.appearance.first { $0.name == "height" }?.text == "6'8 / 203 cm")
    #expect(hero.appearance.map(\.name) == ["gender", "race", "height", "weight", "eyeColor", "hairColor"])
    #expect(hero.aliases == ["Rick Jones"])
    #expect(hero.affiliations.first == "Hulk Family")
    #expect(hero.affiliations.contains("Excelsior (sponsor)"))
    #expect(hero.image == "https://cdn.rawgit.com/akabab/superhero-api/0.2.0/api/images/md/1-a-bomb.jpg")
    #expect(hero.tags.isEmpty)
    #expect(hero.biography == nil)
    #expect(hero.location.description == "Fixtures/1.json:1:1")
}

@Test func superheroAdamMonroePlaceholdersAreMissing() throws {
    let hero = try superhero(7)
    #expect(hero.fullName == nil)  // ""
    #expect(hero.affiliations.isEmpty)  // "-"
    #expect(hero.appearance.first { $0.name == "race" } == nil)  // null
    #expect(hero.appearance.first { $0.name == "height" }?.text == "0 cm")  // ["-", "0 cm"]
    #expect(hero.aliases == ["Takezo Kensei", "Richard Sanders"])
    #expect(hero.statsTotal == 349)
}

@Test func superheroBatmanKeepsANewlineInsideAField() throws {
    let hero = try superhero(70)
    guard case .string(let relatives)? = hero.record["connections"]?.lookup("relatives")?.value else {
        Issue.record("connections.relatives missing from the record")
        return
    }
    #expect(relatives.contains("(adopted ward)\nMartha Wayne"))
    #expect(hero.affiliations.count == 8)
    #expect(hero.statsTotal == 350)
}

@Test func heroPlaceholderStatsAreMissingButTextIsAnError() throws {
    let text = """
        name: Mystery
        powerstats: {intelligence: "-", strength: null, speed: "12", power: lots, combat: [1]}
        """
    let found = diagnostics { () throws(DiagnosticError) in
        try Hero.decode(try record(text, file: "heroes.yml"), rules: superheroRules)
    }
    #expect(
        found.map(\.description) == [
            "heroes.yml:2:69: error: stat 'power' of hero 'Mystery': expected a number, found 'lots'",
            "heroes.yml:2:83: error: stat 'combat' of hero 'Mystery': expected a number, found a list"
        ])
    let fixed = try Hero.decode(
        try record("name: Mystery\npowerstats: {intelligence: '-', strength: null, speed: '12'}"),
        rules: superheroRules)
    #expect(fixed.stats == [Hero.Stat(name: "speed", value: 12)])
}

@Test func aCsvRosterTakesStatsFromColumns() throws {
    // The Overwatch roster: `key,name,role,health,armor,shields`, every cell text.
    let row = try record(
        "{key: soldier-76, name: 'Soldier: 76', role: damage, health: '250', armor: '0', shields: '', "
            + "image: 'https://img.example.org/w_200,h_100/76.png'}", file: "heroes.csv")
    let rules = HeroRules(fields: [.id: "key", .tags: "role"], statFields: ["health", "armor", "shields"])
    let hero = try Hero.decode(row, rules: rules)
    #expect(hero.id == "soldier-76")
    #expect(hero.slug == "soldier-76")
    #expect(hero.stats == [Hero.Stat(name: "health", value: 250), Hero.Stat(name: "armor", value: 0)])
    #expect(hero.tags == ["damage"])
    #expect(hero.images == ["https://img.example.org/w_200,h_100/76.png"])  // a URL is never split at commas
}

@Test func aMarkdownBodyIsTheBiography() throws {
    let hero = try Hero.decode(
        try record("name: Lúcio\nbiography: short\n", file: "heroes/lucio.md", body: "# Lúcio\n\nA DJ.\n"),
        rules: HeroRules())
    #expect(hero.biography == "# Lúcio\n\nA DJ.\n")
    #expect(hero.slug == "lucio")
    #expect(hero.id == "lucio")
    let plain = try Hero.decode(try record("name: Ana\nbiography: A sniper.\n"), rules: HeroRules())
    #expect(plain.biography == "A sniper.")
}

@Test func aHeroWithoutNameOrWithAWrongTypeReportsEverything() throws {
    let found = diagnostics { () throws(DiagnosticError) in
        try Hero.decode(
            try record("id: 9\nappearance: tall\nbiography: {a: 1}\n", file: "h.yml"),
            rules: HeroRules(fields: [.biography: "biography"]))
    }
    #expect(
        found.map(\.message) == [
            "hero '9' has no name (looked for 'name')",
            "field 'biography' of hero '9': expected text, found a map",
            "field 'appearance' of hero '9': expected a map of descriptions, found 'tall'"
        ])
}

@Test func rankingSortsByTotalWithTiesByName() throws {
    func hero(_ name: String, _ values: [Double]) -> Hero {
        Hero(
            id: name, slug: Slug.make(from: name), name: name,
            stats: values.enumerated().map { Hero.Stat(name: "s\($0.offset)", value: $0.element) },
            location: SourceLocation(file: "h.json"))
    }
    let heroes = [
        hero("Zarya", [50, 50]), hero("ana", [100]), hero("Batman", [200]), hero("Nobody", []),
        hero("Mercy", [10])
    ]
    let ranking = HeroRanking(heroes)
    #expect(ranking.entries.map(\.slug) == ["batman", "ana", "zarya", "mercy"])
    #expect(ranking.entries.map(\.rank) == [1, 2, 2, 4])
    #expect(ranking.entries.map(\.index) == [2, 1, 0, 4])
    #expect(ranking.rank(at: 0) == 2)
    #expect(ranking.rank(at: 3) == nil)
    #expect(ranking.rank(at: 5) == nil)
    // Sorted by name first, ties keep that order without names being compared again.
    var sorted = heroes
    HeroOrdering.sort(&sorted)
    #expect(sorted.map(\.slug) == ["ana", "batman", "mercy", "nobody", "zarya"])
    let fromSorted = HeroRanking(sorted, sortedByName: true)
    #expect(fromSorted.entries.map(\.slug) == ["batman", "ana", "zarya", "mercy"])
    #expect(fromSorted.entries.map(\.rank) == [1, 2, 2, 4])
    #expect(fromSorted.rank(at: 3) == nil)
}

@Test func sortingByNameReadsPastALongSharedStartAndDescends() throws {
    func hero(_ name: String, _ slug: String) -> Hero {
        Hero(id: slug, slug: slug, name: name, stats: [], location: SourceLocation(file: "h.json"))
    }
    // Keys sharing their first sixteen bytes, a key that ends where another goes on, two heroes
    // of one name, and an accent the collation folds.
    let heroes = [
        hero("Captain Marvel of Earth-1610", "cm-1610"), hero("captain marvel", "captain-marvel-2"),
        hero("Ábel", "abel"), hero("Captain Marvel of Earth-616", "cm-616"), hero("Captain Marvel", "captain-marvel"),
        hero("Captain Marvel of Earth", "cm")
    ]
    var ascending = heroes
    HeroOrdering.sort(&ascending)
    #expect(ascending.map(\.slug) == ["abel", "captain-marvel", "captain-marvel-2", "cm", "cm-616", "cm-1610"])
    var descending = heroes
    HeroOrdering.sort(&descending, by: HeroSort(key: .field(.name), descending: true))
    // Names descend; heroes of one name stay by slug, ascending.
    #expect(descending.map(\.slug) == ["cm-1610", "cm-616", "cm", "captain-marvel", "captain-marvel-2", "abel"])
}

@Test func linksThatWouldRunOrCarryAPageAreLeftOutWithAWarning() throws {
    let log = DiagnosticLog()
    let hero = try Hero.decode(
        try record(
            """
            name: Linky
            image: ["javascript:alert(1)", "https://example.org/a.png", "img/b.png", "data:text/html,<script>x</script>", " JaVa\\tScript:x"]
            """, file: "heroes.yml"), rules: HeroRules(), log: log)
    #expect(hero.images == ["https://example.org/a.png", "img/b.png"])
    #expect(hero.image == "https://example.org/a.png")
    // In file order, then by message.
    #expect(
        log.all.map(\.description) == [
            "heroes.yml:2:8: warning: field 'image' of hero 'Linky': 'JaVa\tScript:x' is not a path or an http(s) link; it is left out",
            "heroes.yml:2:8: warning: field 'image' of hero 'Linky': 'data:text/html,<script>x</script>' is not a path or an http(s) link; it is left out",
            "heroes.yml:2:8: warning: field 'image' of hero 'Linky': 'javascript:alert(1)' is not a path or an http(s) link; it is left out"
        ])
    let taskLog = DiagnosticLog()
    let task = try #require(
        try TaskItem.decode(
            try record("title: T\nurl: \"javascript:alert(1)\"\nimage: mailto:a@b.org\n"),
            rules: TaskRules(), log: taskLog))
    #expect(task.url == nil && task.image == "mailto:a@b.org")
    #expect(taskLog.all.count == 1)
}
