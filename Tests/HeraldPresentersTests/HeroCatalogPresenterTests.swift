import HeraldModels
import HeraldMustache
import HeraldPresenters
import Testing

// Given out of order and with a lowercase name, so sorting by name is what puts them in order.
private func heroes() -> [Hero] {
    [
        Hero(id: "z", slug: "zatanna", name: "Zatanna", alignment: "Neutral", location: here),
        Hero(
            id: "c", slug: "cyborg", name: "Cyborg", publisher: "Marvel Comics", alignment: "bad",
            stats: [.init(name: "strength", value: 60), .init(name: "durability", value: 200)],
            images: ["https://example.org/cyborg.png"], location: here),
        Hero(
            id: "b", slug: "batman", name: "batman", fullName: "Bruce Wayne", biography: "The *Dark Knight*.",
            publisher: "DC Comics", alignment: "good",
            stats: [.init(name: "intelligence", value: 100), .init(name: "strength", value: 40)],
            appearance: [.init(name: "eyeColor", text: "blue")], aliases: ["Insider", "Matches Malone"],
            images: ["images/batman.png"], tags: ["detective"], location: here),
        Hero(
            id: "d", slug: "darkseid", name: "Darkseid", publisher: "DC Comics", alignment: "Evil",
            stats: [.init(name: "power", value: 99.5), .init(name: "speed", value: 0.5)], location: here),
        Hero(
            id: "a", slug: "aquaman", name: "Aquaman", publisher: "DC Comics", alignment: "good",
            stats: [.init(name: "strength", value: 80), .init(name: "speed", value: 60)],
            affiliations: ["Justice League", "Atlantis"], location: here)
    ]
}

private func catalog(perPage: Int = 48) throws -> HeroCatalogPresenter {
    HeroCatalogPresenter(heroes: heroes(), groupBy: [.publisher, .alignment], perPage: perPage, context: try context())
}

private func index(of name: String, in presenter: HeroCatalogPresenter) throws -> Int {
    try #require(presenter.heroes.firstIndex { $0.name == name })
}

@Test func heroesAreSortedByNameIgnoringCase() throws {
    #expect(try catalog().heroes.map(\.name) == ["Aquaman", "batman", "Cyborg", "Darkseid", "Zatanna"])
}

@Test func detailPageFacts() throws {
    let presenter = try catalog()
    let view = presenter.detail(index: try index(of: "batman", in: presenter))
    let hero = try #require(view["hero"])
    #expect(hero["name"]?.string == "batman")
    #expect(hero["full_name"]?.string == "Bruce Wayne")
    #expect(hero["biography_html"]?.html?.contains("<em>Dark Knight</em>") == true)
    #expect(hero["publisher"]?.string == "DC Comics")
    #expect(hero["alignment_class"]?.string == "good")
    #expect(hero["aliases_text"]?.string == "Insider, Matches Malone")
    #expect(hero["affiliations_text"]?.string == "—")
    #expect(hero["appearance"]?.list?.first?["name"]?.string == "Eye color")
    #expect(hero["appearance"]?.list?.first?["value"]?.string == "blue")
    #expect(hero["tags"]?.list == [.string("detective")])
    // A relative image path is a site route, so it is linked from the page's depth.
    #expect(hero["image"]?.string == "../../images/batman.png")
    #expect(hero["publisher_link"]?["href"]?.string == "../../heroes/publisher/dc-comics/index.html")
    #expect(hero["alignment_link"]?["href"]?.string == "../../heroes/alignment/good/index.html")
    #expect(view["description"]?.string == "The Dark Knight.")
    #expect(view["page_title"]?.string == "batman · Test Board")
}

@Test func eachStatIsDrawnAgainstItsLargestValueInTheCatalog() throws {
    let presenter = try catalog()
    // The largest intelligence is Batman's own 100; the largest strength Aquaman's 80.
    let batman = try #require(presenter.detail(index: try index(of: "batman", in: presenter))["hero"])
    let stats = try #require(batman["stats"]?.list)
    #expect(stats.map { $0["name"]?.string } == ["Intelligence", "Strength"])
    #expect(stats.map { $0["value"]?.string } == ["100", "40"])
    #expect(stats.map { $0["max"]?.string } == ["100", "80"])
    #expect(stats.map { $0["percent"]?.int } == [100, 50])
    #expect(batman["stats_total"]?.string == "140")
    #expect(batman["has_stats"]?.bool == true)

    let darkseid = try #require(presenter.detail(index: try index(of: "Darkseid", in: presenter))["hero"])
    #expect(darkseid["stats"]?.list?.map { $0["value"]?.string } == ["99.5", "0.5"])
    #expect(darkseid["stats"]?.list?.map { $0["percent"]?.int } == [100, 1])  // 0.5 of Aquaman's speed 60: 0.8 %
    #expect(darkseid["stats_total"]?.string == "100")

    // A site's own `max:` and label for a stat.
    let scaled = HeroCatalogPresenter(
        heroes: heroes(), groupBy: [], perPage: 48,
        stats: ["strength": HeroStatSetting(label: "Might", max: 200)], context: try context())
    let strength = try #require(scaled.detail(index: try index(of: "batman", in: scaled))["hero"]?["stats"]?.list?.last)
    #expect(strength["name"]?.string == "Might" && strength["max"]?.string == "200" && strength["percent"]?.int == 20)
}

@Test func ranksShareTiesAndSkipHeroesWithoutStats() throws {
    let presenter = try catalog()
    func rank(_ name: String) throws -> String? {
        presenter.detail(index: try index(of: name, in: presenter))["hero"]?["rank"]?.string
    }
    // Totals: Cyborg 260, Aquaman 140, batman 140, Darkseid 100, Zatanna none.
    #expect(try rank("Cyborg") == "1")
    #expect(try rank("Aquaman") == "2")
    #expect(try rank("batman") == "2")
    #expect(try rank("Darkseid") == "4")
    #expect(try rank("Zatanna") == "—")
    #expect(
        presenter.featured(3, links: Linker(from: ""))["heroes"]?.list?.map { $0["name"]?.string }
            == ["Cyborg", "Aquaman", "batman"])
}

@Test func previousAndNextFollowNameOrder() throws {
    let presenter = try catalog()
    let first = presenter.detail(index: 0)
    #expect(first["previous"]?.isNull == true)
    #expect(first["next"]?["name"]?.string == "batman")
    #expect(first["next"]?["href"]?.string == "../../heroes/batman/index.html")
    let middle = presenter.detail(index: 2)
    #expect(middle["previous"]?["name"]?.string == "batman")
    #expect(middle["next"]?["name"]?.string == "Darkseid")
    let last = presenter.detail(index: presenter.heroes.count - 1)
    #expect(last["previous"]?["name"]?.string == "Darkseid")
    #expect(last["next"]?.isNull == true)
}

@Test func missingFactsShowAsDashesAndUnknown() throws {
    let presenter = try catalog()
    let zatanna = try #require(presenter.detail(index: try index(of: "Zatanna", in: presenter))["hero"])
    #expect(zatanna["publisher"]?.string == "—")
    #expect(zatanna["publisher_link"]?.isNull == true)
    #expect(zatanna["aliases_text"]?.string == "—")
    #expect(zatanna["full_name"]?.isNull == true)
    #expect(zatanna["biography_html"]?.isNull == true)
    #expect(zatanna["has_stats"]?.bool == false)
    #expect(zatanna["stats_total"]?.string == "0")
    #expect(zatanna["stats_text"]?.string == "no stats")
    #expect(zatanna["image"]?.isNull == true)
    #expect(zatanna["initials"]?.string == "Z")
    let aquaman = try #require(presenter.detail(index: 0)["hero"])
    #expect(aquaman["affiliations_text"]?.string == "Justice League, Atlantis")
}

@Test func initialsAreTheFirstLettersOfTheFirstTwoWordsThatStartWithOne() throws {
    let names = ["batman", "Jean-Luc Picard", "mr. freeze", "3-D Man", "  Lone  ", "Élodie d'Arc", "孫悟空", "42"]
    let presenter = HeroCatalogPresenter(
        heroes: names.enumerated().map {
            Hero(id: "\($0.offset)", slug: "h\($0.offset)", name: $0.element, location: here)
        },
        groupBy: [], perPage: 48, context: try context())
    let initials = Dictionary(
        uniqueKeysWithValues: presenter.heroes.indices.map {
            (presenter.heroes[$0].name, presenter.detail(index: $0)["hero"]?["initials"]?.string)
        })
    #expect(
        initials == [
            "batman": "B", "Jean-Luc Picard": "JL", "mr. freeze": "MF", "3-D Man": "DM", "  Lone  ": "L",
            "Élodie d'Arc": "ÉD", "孫悟空": "孫", "42": ""
        ])
}

@Test func alignmentClasses() throws {
    let cards = try #require(try catalog().listPage(number: 1)["heroes"]?.list)
    // Aquaman good, batman good, Cyborg bad, Darkseid Evil, Zatanna Neutral.
    #expect(cards.map { $0["alignment_class"]?.string } == ["good", "good", "bad", "bad", "neutral"])
    let unknown = HeroCatalogPresenter(
        heroes: [Hero(id: "x", slug: "x", name: "X", location: here)], groupBy: [],
        perPage: 48, context: try context())
    let card = try #require(unknown.listPage(number: 1)["heroes"]?.list?.first)
    #expect(card["alignment_class"]?.string == "unknown")
    #expect(card["alignment"]?.string == "unknown")
    #expect(card["publisher"]?.string == "—")
}

@Test func listPagesAndTheirCards() throws {
    let presenter = try catalog(perPage: 2)
    #expect(presenter.pagination.pageCount == 3)
    let first = presenter.listPage(number: 1)
    #expect(first["title"]?.string == "Heroes")
    #expect(first["summary"]?.string == "5 heroes, sorted by name. Page 1 of 3.")
    #expect(first["any"]?.bool == true)
    #expect(first["heroes"]?.list?.map { $0["name"]?.string } == ["Aquaman", "batman"])
    #expect(first["heroes"]?.list?.first?["href"]?.string == "../heroes/aquaman/index.html")
    #expect(first["groups"]?["items"]?.list?.map { $0["label"]?.string } == ["Publisher", "Alignment"])
    #expect(first["groups"]?["items"]?.list?.first?["href"]?.string == "../heroes/publisher/index.html")

    let second = presenter.listPage(number: 2)
    #expect(second["title"]?.string == "Heroes, page 2")
    #expect(second["heroes"]?.list?.first?["href"]?.string == "../../../heroes/cyborg/index.html")
    #expect(second["heroes"]?.list?.first?["image"]?.string == "https://example.org/cyborg.png")
    #expect(presenter.listPage(number: 3)["heroes"]?.list?.map { $0["name"]?.string } == ["Zatanna"])
}

@Test func groupPagesAndRoutes() throws {
    let presenter = try catalog()
    #expect(
        presenter.groups.map(\.route) == [
            "heroes/publisher/dc-comics/", "heroes/publisher/marvel-comics/",
            // Values in reading order, case ignored: not capitals first, as code points would have it.
            "heroes/alignment/bad/", "heroes/alignment/evil/", "heroes/alignment/good/", "heroes/alignment/neutral/"
        ])
    #expect(presenter.groupIndexRoute(.publisher) == "heroes/publisher/")

    let dc = try #require(presenter.groups.first { $0.value == "DC Comics" })
    let page = presenter.groupPage(dc)
    #expect(page["title"]?.string == "Publisher: DC Comics")
    #expect(page["summary"]?.string == "3 heroes.")
    #expect(page["heroes"]?.list?.map { $0["name"]?.string } == ["Aquaman", "batman", "Darkseid"])
    #expect(page["heroes"]?.list?.first?["href"]?.string == "../../../heroes/aquaman/index.html")
    #expect(page["links"]?["group_index"]?.string == "../../../heroes/publisher/index.html")

    #expect(page["pagination"]?["many"]?.bool == false)

    // Paged like the catalog: DC's three heroes at two per page.
    let paged = try #require(try catalog(perPage: 2).groups.first { $0.value == "DC Comics" })
    #expect(paged.pagination.pageCount == 2)
    #expect(paged.pagination.route(ofPage: 2) == "heroes/publisher/dc-comics/page/2/")
    let second = try catalog(perPage: 2).groupPage(paged, number: 2)
    #expect(second["title"]?.string == "Publisher: DC Comics, page 2")
    #expect(second["summary"]?.string == "3 heroes. Page 2 of 2.")
    #expect(second["heroes"]?.list?.map { $0["name"]?.string } == ["Darkseid"])
    #expect(second["heroes"]?.list?.first?["href"]?.string == "../../../../../heroes/darkseid/index.html")
    #expect(
        second["pagination"]?["previous"]?["href"]?.string == "../../../../../heroes/publisher/dc-comics/index.html")
    #expect(second["links"]?["group_index"]?.string == "../../../../../heroes/publisher/index.html")

    let alignments = presenter.groupIndex(.alignment)
    #expect(alignments["title"]?.string == "Heroes by alignment")
    #expect(alignments["values"]?.list?.map { $0["name"]?.string } == ["bad", "Evil", "good", "Neutral"])
    #expect(alignments["values"]?.list?.map { $0["count"]?.int } == [1, 1, 2, 1])
    #expect(alignments["values"]?.list?.last?["href"]?.string == "../../heroes/alignment/neutral/index.html")
}

@Test func theSearchIndexIsCompactAndMarksOnlyTheLastEntry() throws {
    let index = try catalog().searchIndex()
    let entries = try #require(index["heroes"]?.list)
    // `last` lets the JSON template leave out the comma after the final entry.
    #expect(entries.map { $0["last"]?.bool } == [false, false, false, false, true])
    #expect(entries.map { $0["name"]?.string } == ["Aquaman", "batman", "Cyborg", "Darkseid", "Zatanna"])
    // A hero's link is the pieces around its slug; its summary one of the shared ones.
    #expect(
        (index["link_before"]?.string ?? "") + (entries[1]["slug"]?.string ?? "") + (index["link_after"]?.string ?? "")
            == "heroes/batman/index.html")
    let summaries = try #require(index["summaries"]?.list?.map { $0["text"]?.string ?? "" })
    #expect(Set(summaries).count == summaries.count)
    #expect(summaries[entries[1]["summary"]?.int ?? -1] == "DC Comics · good")
    #expect(summaries[entries[4]["summary"]?.int ?? -1] == "Neutral")
    #expect(index["summaries"]?.list?.last?["last"]?.bool == true)
    // The rest of what a query matches, without the name or the summary again.
    let extra = try #require(entries[1]["extra"]?.string)
    for word in ["Bruce Wayne", "Matches Malone", "detective"] {
        #expect(extra.contains(word))
    }
    #expect(!extra.contains("DC Comics") && !extra.contains("batman"))
}

@Test func anEmptyCatalogSaysSo() throws {
    let presenter = HeroCatalogPresenter(heroes: [], groupBy: [.publisher], perPage: 48, context: try context())
    let page = presenter.listPage(number: 1)
    #expect(page["any"]?.bool == false)
    #expect(page["summary"]?.string == "The catalog is empty.")
    #expect(page["empty_text"]?.string == "No heroes yet. Add records to the heroes source and build again.")
    #expect(page["heroes"]?.list?.isEmpty == true)
    #expect(page["pagination"]?["many"]?.bool == false)
    #expect(page["groups"]?["any"]?.bool == false)
    #expect(presenter.groups.isEmpty)
    #expect(presenter.searchIndex()["heroes"]?.list?.isEmpty == true)
    #expect(presenter.featured(6, links: Linker(from: ""))["any"]?.bool == false)
}

@Test func aSectionNoHeroFillsIsLeftOutOfEveryPageAndOneHeroBringsItBack() throws {
    // A Pokédex: stats, and no biography, aliases or affiliations in any record.
    var pokedex = [
        Hero(
            id: "25", slug: "25", name: "Pikachu",
            stats: [.init(name: "HP", value: 35), .init(name: "Sp. Attack", value: 50)],
            location: here),
        Hero(id: "29", slug: "29", name: "Nidoran♀", stats: [.init(name: "HP", value: 55)], location: here)
    ]
    func sections(_ heroes: [Hero]) throws -> TemplateValue? {
        let site = try context()
        return HeroCatalogPresenter(heroes: heroes, groupBy: [], perPage: 48, context: site).detail(index: 0)[
            "sections"]
    }
    #expect(
        try sections(pokedex)
            == ["biography": .bool(false), "stats": .bool(true), "aliases": .bool(false), "affiliations": .bool(false)])
    let before = HeroCatalogPresenter(heroes: pokedex, groupBy: [], perPage: 48, context: try context())
    pokedex[1].aliases = ["Poison Pin"]
    pokedex[1].biography = "Small and wary."
    #expect(
        try sections(pokedex)
            == ["biography": .bool(true), "stats": .bool(true), "aliases": .bool(true), "affiliations": .bool(false)])
    // Pikachu's page changes with Nidoran's record: its kept bytes would show the old sections.
    let after = HeroCatalogPresenter(heroes: pokedex, groupBy: [], perPage: 48, context: try context())
    let pikachu = try #require(after.heroes.firstIndex { $0.name == "Pikachu" })
    #expect(before.detailFingerprint(index: pikachu) != after.detailFingerprint(index: pikachu))
}

@Test func labelsFromKeysKeepAbbreviationsAndWhatWasWrittenForPeople() throws {
    let hero = Hero(
        id: "25", slug: "pikachu", name: "Pikachu",
        stats: ["HP", "Sp. Attack", "base_ID", "moveSpeed", "APPEARANCES", "SEX", "place of birth"].map {
            .init(name: $0, value: 1)
        }, location: here)
    let presenter = HeroCatalogPresenter(heroes: [hero], groupBy: [], perPage: 48, context: try context())
    let names = presenter.detail(index: 0)["hero"]?["stats"]?.list?.map { $0["name"]?.string }
    #expect(
        names == ["HP", "Sp. Attack", "Base ID", "Move speed", "Appearances", "Sex", "Place of birth"])
}
