import HeraldCore
import HeraldModels
import Testing

// A site's own fields on the model side: facts read through key paths, the reading order of
// names, and sorting by any field or fact.

@Test func factsAreReadThroughTheirPathsAndMissingOnesAreNull() throws {
    let rules = HeroRules(
        fields: [.name: "localized_name"],
        facts: [
            RecordFact(name: "primary_attr"), RecordFact(name: "roles"),
            RecordFact(name: "sp_attack", path: #"base."Sp. Attack""#),
            RecordFact(name: "labels", path: "labels.*.name"), RecordFact(name: "lore")
        ])
    let hero = try Hero.decode(
        try record(
            """
            localized_name: Anti-Mage
            primary_attr: agi
            roles: [Carry, Escape]
            base: {"Sp. Attack": 65}
            labels: [{name: fast}, {name: blink}]
            lore: "-"
            """), rules: rules)
    #expect(hero.name == "Anti-Mage")
    #expect(hero.facts.map(Hero.texts(of:)) == [["agi"], ["Carry", "Escape"], ["65"], ["fast", "blink"], []])
    #expect(hero.texts(for: .fact(1)) == ["Carry", "Escape"])
    #expect(hero.record.keys == ["localized_name", "primary_attr", "roles", "base", "labels", "lore"])
}

@Test func aPathIntoAListIsAnErrorAtTheListShowingBothSpellings() throws {
    let rules = HeroRules(facts: [RecordFact(name: "label", path: "labels.name")])
    do {
        _ = try Hero.decode(
            try record("name: Ana\nlabels:\n  - {name: support}\n", file: "Content/heroes.yml"), rules: rules)
        Issue.record("decoded")
    } catch {
        #expect(
            error.diagnostics.map(\.description) == [
                "Content/heroes.yml:3:3: error: field 'labels.name' of hero 'Ana': 'labels' is a list: "
                    + "write 'labels.*.name' for every item, or 'labels.0.name' for the first"
            ])
    }
}

@Test func namesSortAsAPersonReadsThem() {
    let names = [
        "Agent 10", "'Spinner", "abomination", "Ébony Maw", "11-Ball", "Agent 7", "107", "Zed", "ebony Mask", "Spider"
    ]
    let sorted = names.sorted { Collation.less(Collation.key($0), Collation.key($1)) }
    #expect(
        sorted == [
            "11-Ball", "107", "abomination", "Agent 7", "Agent 10", "ebony Mask", "Ébony Maw", "Spider", "'Spinner",
            "Zed"
        ])
}

@Test func aSortByAFactPutsHeroesWithoutItLastEitherWay() {
    func hero(_ name: String, _ appearances: DataValue) -> Hero {
        var hero = Hero(
            id: name, slug: name.lowercased(), name: name, location: SourceLocation(file: "x", line: 0, column: 0))
        hero.facts = [appearances]
        return hero
    }
    let heroes = [
        hero("Ana", .string("12")), hero("Bo", .null), hero("Cy", .int(1_000)), hero("Di", .string("9")),
        hero("Ed", .int(12))
    ]
    var ascending = heroes
    HeroOrdering.sort(&ascending, by: HeroSort(key: .fact(0)))
    #expect(ascending.map(\.name) == ["Di", "Ana", "Ed", "Cy", "Bo"])
    var descending = heroes
    HeroOrdering.sort(&descending, by: HeroSort(key: .fact(0), descending: true))
    #expect(descending.map(\.name) == ["Cy", "Ana", "Ed", "Di", "Bo"])
}

@Test func relativeImagePathsResolveAgainstTheImageBaseOrStayInsideTheSite() throws {
    func images(_ image: String, base: ImageBase?) throws(DiagnosticError) -> [String] {
        var rules = HeroRules(fields: [.image: "img"])
        rules.imageBase = base
        return try Hero.decode(try record("name: Axe\nimg: \"\(image)\"\n"), rules: rules).images
    }
    let cdn = ImageBase.join("https://cdn.example.org/")
    #expect(
        try images("/apps/dota2/images/axe.png?", base: cdn) == ["https://cdn.example.org/apps/dota2/images/axe.png?"])
    #expect(
        try images("images/axe.png", base: .join("https://cdn.example.org/dota")) == [
            "https://cdn.example.org/dota/images/axe.png"
        ])
    #expect(try images("https://elsewhere.example.org/a.png", base: cdn) == ["https://elsewhere.example.org/a.png"])
    #expect(
        try images("/apps/axe.png", base: .source("https://api.example.org/api/constants/heroes"))
            == ["https://api.example.org/apps/axe.png"])
    #expect(
        try images("axe.png", base: .source("https://api.example.org/api/heroes.json")) == [
            "https://api.example.org/api/axe.png"
        ])
    // Without a base, a path is a route of the site: never `../..//apps`.
    #expect(try images("/apps/axe.png", base: nil) == ["apps/axe.png"])
    #expect(try images("./media/../img/axe.png", base: nil) == ["img/axe.png"])
    do throws(DiagnosticError) {
        _ = try images("../../etc/axe.png", base: nil)
        Issue.record("an image outside the site was taken")
    } catch {
        #expect(
            error.diagnostics.map(\.description) == [
                "Content/tasks.yml:2:6: error: image '../../etc/axe.png' of hero 'Axe' would leave the site "
                    + "(set heroes.image_base to where the images are, such as https://cdn.example.org/)"
            ])
    }
}

@Test func aTaskTakesEveryAssigneeOfAListAndOneOfAText() throws {
    let rules = TaskRules(fields: [.assignee: "assignees.*.login"], columns: ["todo"])
    let task = try #require(
        try TaskItem.decode(try record("title: Fix it\nassignees: [{login: ana}, {login: bo}]\n"), rules: rules))
    #expect(task.assignees == ["ana", "bo"] && task.assignee == "ana")
    let one = try #require(
        try TaskItem.decode(try record("title: Fix it\nassignee: \"Doe, Jane\"\n"), rules: TaskRules(columns: ["todo"]))
    )
    #expect(one.assignees == ["Doe, Jane"])
}
