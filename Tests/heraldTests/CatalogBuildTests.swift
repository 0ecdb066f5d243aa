import Foundation
import HeraldTestSupport
import Testing

// The hero catalog at its edges: no heroes at all, and more than fit on one page.

enum EmptyCatalog: String, CaseIterable, Sendable { case emptyFolder, emptyYAMLList }

@Test(arguments: EmptyCatalog.allCases)
func anEmptyCatalogSaysSo(_ kind: EmptyCatalog) async throws {
    let site = try TemporarySite.smallSite()
    switch kind {
    case .emptyFolder:
        for file in try FileManager.default.contentsOfDirectory(atPath: site.url("Content/heroes").path) {
            try site.remove("Content/heroes/\(file)")
        }
    case .emptyYAMLList:
        try site.edit("herald.yml", replacing: "source: Content/heroes\n", with: "source: Content/heroes.yml\n")
        try site.write("Content/heroes.yml", "# Nobody yet.\n[]\n")
    }
    let result = try await site.build(["--strict"])
    try #require(result.status == 0, "\(result.stderr)")
    let output = try TreeSnapshot(site.output)
    let list = try #require(output.text("heroes/index.html"))
    #expect(list.contains("No heroes yet"))
    #expect(!list.contains("rel=\"next\"") && !list.contains("rel=\"prev\"") && !list.contains("page/2/"))
    #expect(output.files.filter { $0.hasPrefix("heroes/page/") } == [])
}

@Test func aThousandHeroesMakeListAndGroupPagesInOrder() async throws {
    let count = 1_000
    let publishers = ["Foxglove Press", "Lanternworks", "Meridian Comics", "Northwind"]
    let alignments = ["good", "bad", "neutral"]
    // In reverse, so the catalog's order comes from sorting by name, not from the file.
    let heroes: [[String: Any]] = (1...count).reversed().map { number in
        let id = String(format: "%04d", number)
        return [
            "name": "Hero \(id)", "slug": "hero-\(id)", "publisher": publishers[number % 4],
            "alignment": alignments[number % 3],
            "stats": ["strength": number % 97, "speed": number * 7 % 101, "power": number % 89]
        ]
    }
    let json = try JSONSerialization.data(withJSONObject: heroes, options: [.prettyPrinted, .sortedKeys])
    let site = try TemporarySite([
        "herald.yml":
            "title: Big catalog\nheroes:\n  source: Content/heroes.json\n  per_page: 48\n  group_by: [alignment]\n"
    ])
    try site.write("Content/heroes.json", json)
    let result = try await site.build(["--strict"])
    try #require(result.status == 0, "\(result.stderr)")
    let output = try TreeSnapshot(site.output)
    let links = SiteLinks(output)

    let details = (1...count).map { "heroes/hero-\(String(format: "%04d", $0))/index.html" }
    #expect(details.filter { output.entries[$0] == nil } == [])
    // 1,000 = 20 × 48 + 40.
    let listPages = ["heroes/index.html"] + (2...21).map { "heroes/page/\($0)/index.html" }
    #expect(output.files.filter { $0.hasPrefix("heroes/page/") }.count == 20)
    try expectPaged(listPages, showing: details, links: links)

    // A group is paged the same way: 333 good heroes (every third) = 6 × 48 + 45.
    let good = stride(from: 3, through: count, by: 3).map { details[$0 - 1] }
    let groupPages =
        ["heroes/alignment/good/index.html"] + (2...7).map { "heroes/alignment/good/page/\($0)/index.html" }
    #expect(output.files.filter { $0.hasPrefix("heroes/alignment/good/") }.sorted() == groupPages.sorted())
    try expectPaged(groupPages, showing: good, links: links)
    #expect(try site.read("Output/heroes/alignment/good/page/7/index.html").contains("333 heroes. Page 7 of 7."))
    #expect(links.broken() == [])
}

/// Following "next" from the first page visits `pages` in order, "prev" leads back, and page N
/// shows the Nth slice of 48 of `items`.
private func expectPaged(
    _ pages: [String], showing items: [String], links: SiteLinks,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    var followed = [pages[0]]
    while followed.count <= pages.count, let next = links.rel("next", in: followed[followed.count - 1]).first {
        followed.append(try #require(links.resolve(next, from: followed[followed.count - 1])).file)
    }
    #expect(followed == pages, sourceLocation: sourceLocation)
    for (number, page) in pages.enumerated() {
        let previous = links.rel("prev", in: page).compactMap { links.resolve($0, from: page)?.file }
        #expect(previous == (number == 0 ? [] : [pages[number - 1]]), "\(page)", sourceLocation: sourceLocation)
        let shown = Set(links.links(in: page).compactMap { links.resolve($0, from: page)?.file }).intersection(items)
        #expect(
            shown == Set(items[(number * 48)..<min(items.count, number * 48 + 48)]), "\(page)",
            sourceLocation: sourceLocation)
    }
}

@Test func searchFalseLeavesOutTheBoxAndItsIndex() async throws {
    let site = try TemporarySite.smallSite()
    let withSearch = try await site.build(["--strict"])
    try #require(withSearch.status == 0, "\(withSearch.stderr)")
    let before = try TreeSnapshot(site.output)
    #expect(before.entries["heroes/search-index.js"] != nil)
    #expect(before.text("heroes/index.html")?.contains("id=\"hero-search\"") == true)

    try site.edit(
        "herald.yml", replacing: "source: Content/heroes\n", with: "source: Content/heroes\n  search: false\n")
    let without = try await site.build(["--strict"])
    try #require(without.status == 0, "\(without.stderr)")
    let after = try TreeSnapshot(site.output)
    #expect(after.entries["heroes/search-index.js"] == nil)
    let list = try #require(after.text("heroes/index.html"))
    #expect(!list.contains("hero-search") && !list.contains("search.js") && !list.contains("search-index"))
    #expect(list.contains("id=\"catalog\""))
}
