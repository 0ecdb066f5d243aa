import HeraldCore
import HeraldModels
import HeraldMustache
import HeraldPresenters
import Testing

// The site's own facts in the view data: formatted, labelled, linked to their group pages, on
// cards when `card:` names them, and the catalog in its `sort:` order.

private let facts = [
    RecordFact(name: "primary_attr", label: "Primary attribute", values: ["agi": "Agility", "str": "Strength"]),
    RecordFact(name: "roles"), RecordFact(name: "move_speed"), RecordFact(name: "APPEARANCES"),
    RecordFact(name: "alive"),
    RecordFact(name: "first_seen"), RecordFact(name: "wiki"), RecordFact(name: "eyeColor")
]

private func hero(_ name: String, _ values: [DataValue]) -> Hero {
    var hero = Hero(id: name, slug: Slug.make(from: name), name: name, publisher: "Valve", location: here)
    hero.facts = values
    hero.record = DataMap([("localized_name", DataNode(.string(name))), ("move_speed", DataNode(values[2]))])
    return hero
}

private func roles(_ names: String...) -> DataValue { .list(names.map { DataNode(.string($0)) }) }

private func catalog(card: [HeroValueKey]? = [.fact(0), .fact(2)], sort: HeroSort = .name) throws
    -> HeroCatalogPresenter
{
    let heroes = [
        hero(
            "Juggernaut",
            [
                .string("agi"), roles("Carry", "Pusher"), .int(300), .string("12345"), .bool(true),
                .string("2013-07-09"), .string("https://dota2.example.org/juggernaut"), .null
            ]),
        hero("Axe", [.string("str"), roles("Initiator"), .int(310), .null, .bool(false), .null, .null, .string("red")]),
        hero("Anti-Mage", [.string("agi"), roles("Carry"), .double(305.5), .int(7), .null, .null, .null, .null])
    ]
    let groups = [
        HeroGroupKey(value: .fact(0), name: "primary_attr"),
        HeroGroupKey(value: .fact(1), name: "roles", folder: "role", label: "Roles")
    ]
    return HeroCatalogPresenter(
        heroes: heroes, groupBy: groups, perPage: 48, facts: facts, card: card, sort: sort,
        context: try context())
}

@Test func factsAreFormattedLabelledAndLinkedToTheirGroups() throws {
    let presenter = try catalog()
    let index = try #require(presenter.heroes.firstIndex { $0.name == "Juggernaut" })
    let hero = try #require(presenter.detail(index: index)["hero"])
    let list = try #require(hero["facts"]?.list)
    #expect(
        list.map { $0["label"]?.string } == [
            "Primary attribute", "Roles", "Move speed", "Appearances", "Alive",
            "First seen", "Wiki", "Eye color"
        ])
    #expect(
        list.map { $0["text"] } == [
            .string("Agility"), .string("Carry, Pusher"), .string("300"), .string("12,345"),
            .string("Yes"), .string("Jul 9, 2013"), .string("https://dota2.example.org/juggernaut"), .null
        ])
    #expect(list[0]["items"]?.list?.first?["href"]?.string == "../../heroes/primary-attr/agility/index.html")
    #expect(
        list[1]["items"]?.list?.map { $0["href"]?.string } == [
            "../../heroes/role/carry/index.html", "../../heroes/role/pusher/index.html"
        ])
    #expect(list[6]["items"]?.list?.first?["href"]?.string == "https://dota2.example.org/juggernaut")
    #expect(list[7]["missing"]?.bool == true && list[7]["items"]?.list == [] && list[7]["empty_text"]?.string == "—")
    #expect(hero["fact"]?["primary_attr"]?.string == "Agility")
    #expect(hero["fact"]?["eyeColor"] == .null)
    #expect(hero["record"]?["localized_name"]?.string == "Juggernaut")
    #expect(hero["record"]?["move_speed"]?.int == 300)
}

@Test func cardsShowTheirFactsOrPublisherAndAlignment() throws {
    let cards = try #require(try catalog().listPage(number: 1)["heroes"]?.list)
    #expect(cards.map { $0["name"]?.string } == ["Anti-Mage", "Axe", "Juggernaut"])
    #expect(cards[0]["has_card_facts"]?.bool == true)
    #expect(cards[0]["card_facts"]?.list?.map { $0["text"]?.string } == ["Agility", "305.5"])
    #expect(cards[0]["card_facts"]?.list?.map { $0["label"]?.string } == ["Primary attribute", "Move speed"])
    let plain = try #require(try catalog(card: nil).listPage(number: 1)["heroes"]?.list?.first)
    #expect(plain["has_card_facts"]?.bool == false && plain["card_facts"]?.list == [])
    let bare = try #require(try catalog(card: []).listPage(number: 1)["heroes"]?.list?.first)
    #expect(bare["has_card_facts"]?.bool == true && bare["card_facts"]?.list == [])
}

@Test func groupPagesAreHeadedByTheLabelAndDisplayNames() throws {
    let presenter = try catalog()
    #expect(
        presenter.groups.map(\.route) == [
            "heroes/primary-attr/agility/", "heroes/primary-attr/strength/",
            "heroes/role/carry/", "heroes/role/initiator/", "heroes/role/pusher/"
        ])
    let agility = try #require(presenter.groups.first)
    #expect(presenter.groupPage(agility)["title"]?.string == "Primary attribute: Agility")
    #expect(presenter.groupPage(agility)["heroes"]?.list?.map { $0["name"]?.string } == ["Anti-Mage", "Juggernaut"])
    let index = presenter.groupIndex(HeroGroupKey(value: .fact(1), name: "roles", folder: "role", label: "Roles"))
    #expect(index["title"]?.string == "Heroes by roles")
    #expect(index["values"]?.list?.map { $0["name"]?.string } == ["Carry", "Initiator", "Pusher"])
    #expect(index["values"]?.list?.map { $0["count"]?.int } == [2, 1, 1])
}

@Test func theCatalogAndTheHomePageFollowSort() throws {
    let presenter = try catalog(sort: HeroSort(key: .fact(2), descending: true))
    #expect(presenter.heroes.map(\.name) == ["Axe", "Anti-Mage", "Juggernaut"])
    #expect(presenter.listPage(number: 1)["summary"]?.string == "3 heroes, sorted by move speed, descending.")
    let featured = presenter.featured(2, links: Linker(from: ""))
    #expect(featured["heroes"]?.list?.map { $0["name"]?.string } == ["Axe", "Anti-Mage"])
}

@Test func fingerprintsFollowTheFactsTheCardsAndTheOrder() throws {
    let plain = try catalog()
    let relabelled = HeroCatalogPresenter(
        heroes: plain.heroes, groupBy: plain.groupBy, perPage: 48,
        facts: [RecordFact(name: "primary_attr", label: "Attribute")] + facts.dropFirst(),
        card: [.fact(0), .fact(2)], context: try context())
    #expect(plain.detail(index: 0) != relabelled.detail(index: 0))
    #expect(plain.detailFingerprint(index: 0) != relabelled.detailFingerprint(index: 0))
    let otherCard = try catalog(card: [.fact(1)])
    #expect(plain.listPage(number: 1) != otherCard.listPage(number: 1))
    #expect(plain.listFingerprint(number: 1) != otherCard.listFingerprint(number: 1))
    let sorted = try catalog(sort: HeroSort(key: .fact(2), descending: true))
    #expect(plain.listFingerprint(number: 1) != sorted.listFingerprint(number: 1))
}

@Test func theSearchIndexMatchesWhatTheCardsShow() throws {
    let presenter = try catalog()
    let entries = try #require(presenter.searchIndex()["heroes"]?.list)
    let axe = try #require(entries.first { $0["name"]?.string == "Axe" })
    #expect(axe["extra"]?.string == "Strength 310")
    let other = try catalog(card: [.fact(0)])
    #expect(presenter.searchIndexFingerprint() != other.searchIndexFingerprint())
}

@Test func aTimestampFactIsShownAsItsDayInTheSitesZone() throws {
    var hero = Hero(id: "issue", slug: "issue", name: "Issue", location: here)
    // Late on the 1st in New York is the 2nd in Berlin; a text that only starts like a date stays text.
    // Taskwarrior's basic form is a day too; eight digits alone are a number, not a day.
    hero.facts = [
        .string("2024-01-01T23:30:00-05:00"), .string("2024-01-01 is the day"), .string("20240101T233000Z"),
        .string("20240101")
    ]
    let presenter = HeroCatalogPresenter(
        heroes: [hero], groupBy: [], perPage: 48,
        facts: [
            RecordFact(name: "created_at"), RecordFact(name: "note"), RecordFact(name: "modified"),
            RecordFact(name: "code")
        ],
        context: try context(zone: "Europe/Berlin"))
    let facts = try #require(presenter.detail(index: 0)["hero"]?["facts"]?.list)
    #expect(
        facts.map { $0["text"] } == [
            .string("Jan 2, 2024"), .string("2024-01-01 is the day"), .string("Jan 2, 2024"), .string("20,240,101")
        ])
}

@Test func aMarkdownFactIsRenderedAndAnyOtherHasNoHTML() throws {
    var hero = Hero(id: "axe", slug: "axe", name: "Axe", location: here)
    hero.facts = [.string("A *red* giant <script>x</script>"), .string("*plain*")]
    var lore = RecordFact(name: "lore")
    lore.markdown = true
    let presenter = HeroCatalogPresenter(
        heroes: [hero], groupBy: [], perPage: 48, facts: [lore, RecordFact(name: "motto")], context: try context())
    let facts = try #require(presenter.detail(index: 0)["hero"]?["facts"]?.list)
    let html = try #require(facts[0]["html"]?.html)
    #expect(html.contains("<em>red</em>") && !html.contains("<script>"))
    #expect(facts[0]["text"]?.string == "A *red* giant <script>x</script>")
    #expect(facts[1]["html"] == .null && facts[1]["text"]?.string == "*plain*")
}

@Test func theSearchIndexHoldsEachTextOfAHeroOnce() throws {
    // A Pokédex maps its types to the tags and shows them on the card; its full name is its name.
    var hero = Hero(id: "pikachu", slug: "pikachu", name: "Pikachu", location: here)
    hero.fullName = "Pikachu"
    hero.tags = ["Electric", "Mouse"]
    hero.facts = [.list([DataNode(.string("Electric"))])]
    let presenter = HeroCatalogPresenter(
        heroes: [hero], groupBy: [], perPage: 48, facts: [RecordFact(name: "type")], card: [.fact(0)],
        context: try context())
    let entry = try #require(presenter.searchIndex()["heroes"]?.list?.first)
    #expect(entry["extra"]?.string == "Electric Mouse")
}
