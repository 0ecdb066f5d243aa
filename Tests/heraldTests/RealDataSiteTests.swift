import Foundation
import HeraldTestSupport
import Testing

// The README's worked examples built on the real data sets they describe (Fixtures/, each with its
// SOURCE.txt), with --strict and no warning, checked clean, and the pages compared with what the
// test works out from the data itself: the groups and their counts, facts, order, lore and images.

/// Builds with --strict, requires no warning, and runs `herald check` on the result.
private func buildStrictAndCheck(_ site: TemporarySite, sourceLocation: SourceLocation = #_sourceLocation)
    async throws -> TreeSnapshot
{
    let summary = try await site.buildOK(["--strict"], sourceLocation: sourceLocation)
    #expect(summary.warnings == 0, sourceLocation: sourceLocation)
    let check = try await site.herald(["check"])
    #expect(check.status == 0, "\(check.stderr)", sourceLocation: sourceLocation)
    #expect(check.stderr == "", sourceLocation: sourceLocation)
    return try TreeSnapshot(site.output)
}

/// The slugs of a catalog's cards in order, over all its pages (`heroes/`, `heroes/page/2/`, …).
private func catalogOrder(_ output: TreeSnapshot, _ folder: String) -> [String] {
    var slugs: [String] = []
    var page = 1
    while let html = output.text(page == 1 ? "\(folder)/index.html" : "\(folder)/page/\(page)/index.html") {
        slugs += html.matches(
            of: #/<li class="panel hero-card">[\s\S]*?<a href="(?:\.\./)*[a-z]+/([^/]+)/index\.html">/#
        ).map { String($0.1) }
        page += 1
    }
    return slugs
}

/// A group index page's values and the count shown beside each.
private func groupCounts(_ html: String) -> [String: Int] {
    let entries = html.matches(of: #/<a href="[^"]*/index\.html">([^<]+)</a> <span class="muted">([0-9,]+)</span>/#)
    return Dictionary(
        entries.map { (String($0.1), Int($0.2.filter { $0 != "," }) ?? -1) }, uniquingKeysWith: { first, _ in first })
}

/// How many records have each value, leaving out records without one.
private func tally(_ values: [String?]) -> [String: Int] {
    values.reduce(into: [:]) { counts, value in
        if let value, !value.isEmpty { counts[value, default: 0] += 1 }
    }
}

/// The rows of an RFC 4180 CSV text, each a map from the header; parsed here, not by Herald, so
/// that the pages are compared with the file itself.
private func csvRows(_ text: String) -> [[String: String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    let characters = Array(text)
    var index = 0
    while index < characters.count {
        let character = characters[index]
        index += 1
        if quoted {
            if character != "\"" {
                field.append(character)
            } else if index < characters.count, characters[index] == "\"" {
                field.append("\"")
                index += 1
            } else {
                quoted = false
            }
        } else if character == "\"" {
            quoted = true
        } else if character == "," {
            row.append(field)
            field = ""
        } else if character == "\n" || character == "\r\n" {
            rows.append(row + [field])
            (row, field) = ([], "")
        } else {
            field.append(character)
        }
    }
    if !row.isEmpty || !field.isEmpty { rows.append(row + [field]) }
    guard let header = rows.first else { return [] }
    return rows.dropFirst().map { Dictionary(zip(header, $0), uniquingKeysWith: { first, _ in first }) }
}

/// A JSON file of the fixtures.
private func json(_ path: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(contentsOf: try RealData.url(path)))
}

/// The folder a derived slug makes of an ASCII name: `Nature's Prophet` → `nature-s-prophet`.
private func asciiSlug(_ name: String) -> String {
    name.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.joined(separator: "-")
}

@Test func theReadmesDotaExampleBuildsOpenDotasHeroesWithTheirGroupsLoreAndImages() async throws {
    let site = try TemporarySite(["herald.yml": try ReadmeExamples.config(startingWith: "title: Dota heroes\n")])
    for file in ["heroes.json", "hero_lore.json"] {
        try site.copy(try RealData.url("heroes-dotaconstants/\(file)"), to: "Content/\(file)")
    }
    let output = try await buildStrictAndCheck(site)
    let heroes = try #require(try json("heroes-dotaconstants/heroes.json") as? [String: [String: Any]]).values
    let lore = try #require(try json("heroes-dotaconstants/hero_lore.json") as? [String: String])
    let attributes = ["agi": "Agility", "str": "Strength", "int": "Intelligence", "all": "Universal"]
    #expect(heroes.count > 100)

    // Each attribute, attack type and role has its page, counted as the data counts them.
    let byAttribute = try #require(output.text("heroes/primary-attr/index.html"))
    #expect(byAttribute.contains("<h1>Heroes by primary attribute</h1>"))
    #expect(groupCounts(byAttribute) == tally(heroes.map { attributes[$0["primary_attr"] as? String ?? ""] }))
    #expect(
        groupCounts(try #require(output.text("heroes/attack-type/index.html")))
            == tally(heroes.map { $0["attack_type"] as? String }))
    #expect(
        groupCounts(try #require(output.text("heroes/role/index.html")))
            == tally(heroes.flatMap { ($0["roles"] as? [String]) ?? [] }))
    let agility = try #require(output.text("heroes/primary-attr/agility/index.html"))
    #expect(agility.contains("<h1>Primary attribute: Agility</h1>"))
    let agile = heroes.filter { $0["primary_attr"] as? String == "agi" }.compactMap { $0["localized_name"] as? String }
    #expect(Set(catalogOrder(output, "heroes/primary-attr/agility")) == Set(agile.map(asciiSlug)))

    // Every hero: its page, its portrait on the CDN that image_base names, its lore joined by
    // `name` without the npc_dota_hero_ prefix.
    let base = "https://cdn.cloudflare.steamstatic.com"
    for hero in heroes {
        let name = try #require(hero["localized_name"] as? String)
        let page = try #require(output.text("heroes/\(asciiSlug(name))/index.html"), "\(name)")
        let image = try #require(hero["img"] as? String)
        #expect(page.contains(#"<img src="\#(base)\#(image)""#), "\(name)")
        let key = try #require((hero["name"] as? String)?.replacingOccurrences(of: "npc_dota_hero_", with: ""))
        let story = try #require(lore[key], "\(key)")
        let opening = story.prefix { $0.isLetter || $0 == " " }
        #expect(opening.count < 12 || page.contains(opening), "\(name): \(opening)")
    }
    #expect(!output.files.contains { output.text($0)?.contains("..//") == true })

    // Anti-Mage's facts, with display names and links to their groups; its strength against the strongest.
    let antiMage = try #require(output.text("heroes/anti-mage/index.html"))
    #expect(
        antiMage.contains(
            #"<dt>Primary attribute</dt><dd><span class="fact-item"><a href="../../heroes/primary-attr/agility/index.html">Agility</a></span></dd>"#
        ))
    #expect(antiMage.contains(#"<a href="../../heroes/role/escape/index.html">Escape</a>"#))
    // The data has no publisher and no alignment: the page shows neither, not "—" and "unknown".
    #expect(antiMage.contains(try Regex(#"<p>rank [0-9]+ of \#(heroes.count)</p>"#)))
    #expect(antiMage.contains("The monks of Turstarkuri watched the rugged valleys below"))
    let strongest = heroes.compactMap { $0["base_str"] as? Int }.max() ?? 0
    let width = Int((21 / Double(strongest) * 100).rounded())
    #expect(antiMage.contains(#"aria-label="Strength 21 of \#(strongest)"><span style="width: \#(width)%">"#))

    // The catalog is fastest first, every hero once.
    let speeds = Dictionary(
        heroes.compactMap { hero in
            (hero["localized_name"] as? String).map { (asciiSlug($0), hero["move_speed"] as? Int ?? 0) }
        }, uniquingKeysWith: { first, _ in first })
    let order = catalogOrder(output, "heroes")
    #expect(order.count == heroes.count && Set(order) == Set(speeds.keys))
    #expect(
        try #require(output.text("heroes/index.html")).contains(
            #"<span class="card-fact" title="Primary attribute">Agility</span> · <span class="card-fact" title="Attack type">Melee</span>"#
        ))
    let inOrder = order.compactMap { speeds[$0] }
    #expect(inOrder == inOrder.sorted(by: >))
}

@Test func theReadmesSuperheroAPIExampleGroupsAll563HeroesByPublisherAndAlignment() async throws {
    let config = try ReadmeExamples.replacingSource(
        in: try ReadmeExamples.config(startingWith: "title: Superheroes\n"), with: "Content/all.json")
    let site = try TemporarySite(["herald.yml": config])
    try site.copy(try RealData.url("heroes-superhero-api/all.json"), to: "Content/all.json")
    let output = try await buildStrictAndCheck(site)
    let heroes = try #require(try json("heroes-superhero-api/all.json") as? [[String: Any]])
    func biography(_ key: String) -> [String?] {
        heroes.map { (($0["biography"] as? [String: Any])?[key] as? String).flatMap { $0 == "-" ? nil : $0 } }
    }
    #expect(groupCounts(try #require(output.text("heroes/publisher/index.html"))) == tally(biography("publisher")))
    #expect(groupCounts(try #require(output.text("heroes/alignment/index.html"))) == tally(biography("alignment")))
    #expect(catalogOrder(output, "heroes").count == heroes.count)
    let aBomb = try #require(output.text("heroes/1-a-bomb/index.html"))
    #expect(aBomb.contains("Richard Milhouse Jones"))
}

@Test func theReadmesComicCharactersExampleBuildsEveryRowCountedAndInOrder() async throws {
    let site = try TemporarySite(["herald.yml": try ReadmeExamples.config(startingWith: "title: Comic characters\n")])
    let csv = try RealData.url("heroes-comic-characters/marvel-wikia-data.csv")
    try site.copy(csv, to: "Content/marvel-wikia-data.csv")
    // Sixteen thousand pages take a debug build longer than a small site's time limit.
    let build = try await CLI.run(
        ["build", "--now", buildInstant, "--strict"], in: site.folder, timeLimit: CLI.timeLimit * 5)
    #expect(build.status == 0 && build.stderr == "", "\(build.stderr)")
    let check = try await CLI.run(["check"], in: site.folder, timeLimit: CLI.timeLimit * 5)
    #expect(check.status == 0 && check.stderr == "", "\(check.stderr)")
    let output = try TreeSnapshot(site.output)
    let rows = csvRows(try String(contentsOf: csv, encoding: .utf8))
    #expect(rows.count > 16000)

    // The groups and their counts, as the rows have them, with the display names of ALIVE.
    #expect(groupCounts(try #require(output.text("characters/sex/index.html"))) == tally(rows.map { $0["SEX"] }))
    #expect(
        groupCounts(try #require(output.text("characters/alignment/index.html"))) == tally(rows.map { $0["ALIGN"] }))
    #expect(groupCounts(try #require(output.text("characters/eye/index.html"))) == tally(rows.map { $0["EYE"] }))
    let status = ["Living Characters": "Alive", "Deceased Characters": "Dead"]
    #expect(
        groupCounts(try #require(output.text("characters/alive/index.html")))
            == tally(rows.map { status[$0["ALIVE"] ?? ""] }))
    #expect(
        try #require(output.text("characters/sex/female-characters/index.html")).contains(
            "<h1>Sex: Female Characters</h1>"))

    // Most appearances first, the rows without a count last; every row has its page.
    let appearances = Dictionary(
        rows.map { ($0["page_id"] ?? "", Int($0["APPEARANCES"] ?? "")) }, uniquingKeysWith: { first, _ in first })
    let order = catalogOrder(output, "characters")
    #expect(order.count == rows.count && Set(order) == Set(appearances.keys))
    let counted = order.map { appearances[$0] ?? nil }
    let known = counted.prefix { $0 != nil }.compactMap { $0 }
    #expect(known == known.sorted(by: >))
    #expect(known.count == rows.filter { Int($0["APPEARANCES"] ?? "") != nil }.count)
    #expect(counted.dropFirst(known.count).allSatisfy { $0 == nil })

    let spiderMan = try #require(output.text("characters/1678/index.html"))
    #expect(spiderMan.contains("<h1>Spider-Man (Peter Parker)</h1>"))
    #expect(spiderMan.contains(#"<dt>Appearances</dt><dd><span class="fact-item">4043</span></dd>"#))
    #expect(
        spiderMan.contains(
            #"<dt>Status</dt><dd><span class="fact-item"><a href="../../characters/alive/alive/index.html">Alive</a></span></dd>"#
        ))
    #expect(
        spiderMan.contains(
            #"<dt>Sex</dt><dd><span class="fact-item"><a href="../../characters/sex/male-characters/index.html">Male Characters</a></span></dd>"#
        ))
    let spinner = try #require(output.text("characters/322600/index.html"))
    #expect(spinner.contains("<h1>&#39;Spinner (Earth-616)</h1>") && spinner.contains("<dt>Appearances</dt><dd>—</dd>"))
}

@Test func theComicCharactersSortByNameAsAPersonReadsThem() async throws {
    // The real file's rows whose names start with S after any punctuation (its names hold no
    // line break, so a line is a row): the README's config without `sort:`, built in seconds.
    let text = try String(
        contentsOf: try RealData.url("heroes-comic-characters/marvel-wikia-data.csv"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(csvRows(text).count == lines.count - 1)
    let slice =
        lines.prefix(1)
        + lines.dropFirst().filter { line in
            line.split(separator: ",").dropFirst().first?.drop { !$0.isLetter }.first == "S"
        }
    let config = try ReadmeExamples.config(startingWith: "title: Comic characters\n")
    let site = try TemporarySite([
        "herald.yml": config.replacingOccurrences(of: "  sort: -APPEARANCES", with: "  # sort: -APPEARANCES"),
        "Content/marvel-wikia-data.csv": slice.joined(separator: "\n") + "\n"
    ])
    let output = try await buildStrictAndCheck(site)
    let rows = csvRows(slice.joined(separator: "\n"))
    let names = Dictionary(
        rows.map { ($0["page_id"] ?? "", $0["name"] ?? "") }, uniquingKeysWith: { first, _ in first })
    let order = catalogOrder(output, "characters")
    #expect(order.count == rows.count && rows.count > 1000)
    // 'Spinner sits with Spinner under S.
    let spin = order.compactMap { names[$0] }.filter { $0.drop { !$0.isLetter }.lowercased().hasPrefix("spin") }
    #expect(spin.prefix(1) == ["Spinach (Earth-616)"])
    #expect(Set(spin.dropFirst().prefix(2)) == ["Spinner (Earth-616)", "'Spinner (Earth-616)"])
    #expect(spin.dropFirst(3).prefix(2) == ["Spinneret (Earth-616)", "Spinnerette (Earth-616)"])
    // Numbered names go by their number's value: Sentinel 9 before Sentinel 10.
    let sentinels = order.compactMap { names[$0]?.firstMatch(of: #/^Sentinel ([0-9]+) \(Earth-616\)$/#) }
        .compactMap { Int($0.1) }
    #expect(sentinels.count > 5 && sentinels == sentinels.sorted())
}
