import Foundation
import HeraldTestSupport
import Testing

// A build keeps the heroes it decoded in its state (`.herald/build-HASH/decoded`), and the next
// build of the same output takes those of unchanged files from there instead of reading them.
// Here a template edit makes every page render again from the kept heroes, and the pages must be
// those of a build that decoded every file, on real data with nested maps, lists and nulls.

/// The superhero-api's 731 heroes in one JSON file, with facts and groups on nested fields.
private func superheroSite() throws -> TemporarySite {
    let site = try TemporarySite([
        "herald.yml": """
        title: Superheroes
        heroes:
          source: Content/all.json
          fields: {publisher: biography.publisher, alignment: biography.alignment, stats: powerstats, image: images.md}
          facts:
            birthplace: {from: biography.placeOfBirth, label: Place of birth}
            eyes: {from: appearance.eyeColor}
            race: {from: appearance.race}
          group_by: [publisher, race]

        """
    ])
    try site.copy(try RealData.url("heroes-superhero-api/all.json"), to: "Content/all.json")
    return site
}

/// `count` heroes, a Markdown file each.
private func markdownSite(count: Int = 40) throws -> TemporarySite {
    var files = ["herald.yml": "title: Files\nheroes:\n  source: Content/heroes\n  group_by: [publisher]\n"]
    for number in 1...count {
        files["Content/heroes/hero-\(number).md"] = """
            ---
            name: Hero \(number)
            publisher: \(["North", "South"][number % 2])
            aliases: [The \(number)th]
            stats: {strength: \(number), speed: \(100 - number)}
            ---
            The *story* of hero \(number), with [a link](https://example.org/\(number)).

            """
    }
    return try TemporarySite(files)
}

/// The site's own hero template, with `marker` at the end of its content: every hero page changes.
private func editHeroTemplate(_ site: TemporarySite, _ marker: String) throws {
    let hero = try String(contentsOf: Repository.url("Sources/HeraldSite/Theme/hero.html.mustache"), encoding: .utf8)
    try site.write(
        "Templates/hero.html.mustache", hero.replacingOccurrences(of: "{{/content}}", with: marker + "{{/content}}"))
}

/// The records the last build's report counted, made and in all.
private func tally(_ report: URL) throws -> (records: Int, made: Int) {
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
    let first = (json?["records"] as? [[String: Any]])?.first
    return (first?["records"] as? Int ?? -1, first?["made"] as? Int ?? -1)
}

@Test(arguments: ["superhero-api", "markdown"])
func heroesKeptFromTheLastBuildMakeTheSamePagesAsDecodingThem(data: String) async throws {
    let site = try data == "markdown" ? markdownSite() : superheroSite()
    let report = site.root.appendingPathComponent("report.json")
    let first = try await site.build(["--strict", "--report", report.path])
    #expect(first.status == 0, "\(first.stderr)")
    let decoded = try site.stateFolder().appendingPathComponent("decoded")
    #expect(FileManager.default.fileExists(atPath: decoded.path))
    let counted = try tally(report)

    try editHeroTemplate(site, "<p>Kept</p>")
    let second = try await site.build(["--strict", "--report", report.path])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(try tally(report) == counted, "kept heroes are counted as read")
    let clean = try await site.build(["--strict", "--output", "Clean"])
    #expect(clean.status == 0)
    let kept = try TreeSnapshot(site.output)
    #expect(kept.contents == (try TreeSnapshot(site.url("Clean"))).contents)
    #expect(kept.files.contains { $0.hasPrefix("heroes/") && kept.text($0)?.contains("<p>Kept</p>") == true })
}

@Test func aDamagedOrForeignArchiveOfDecodedHeroesIsNotUsed() async throws {
    let site = try markdownSite()
    try await site.buildOK()
    let decoded = try site.stateFolder().appendingPathComponent("decoded")
    let bytes = try Data(contentsOf: decoded)
    for (number, damaged) in [
        bytes.prefix(bytes.count / 2), Data(bytes.map { $0 == UInt8(ascii: "7") ? UInt8(ascii: "8") : $0 }),
        Data("herald-decoded 1\n".utf8), Data()
    ].enumerated() {
        try damaged.write(to: decoded)
        try site.edit("Content/heroes/hero-3.md", replacing: "hero 3", with: "hero three \(number)")
        try editHeroTemplate(site, "<p>Damaged \(number)</p>")
        try await site.buildOK()
        let clean = try await site.build(["--output", "Clean"])
        #expect(clean.status == 0)
        #expect(try TreeSnapshot(site.output).contents == TreeSnapshot(site.url("Clean")).contents, "archive \(number)")
        try site.edit("Content/heroes/hero-3.md", replacing: "hero three \(number)", with: "hero 3")
    }
}

@Test func theArchiveKeepsNoHeroOfAFileRemovedOrRenamed() async throws {
    let site = try markdownSite()
    try await site.buildOK()
    let decoded = try site.stateFolder().appendingPathComponent("decoded")
    func archived(_ name: String) throws -> Bool {
        try Data(contentsOf: decoded).range(of: Data("/\(name)".utf8)) != nil
    }
    #expect(try archived("hero-5.md") && archived("hero-6.md"))
    try site.remove("Content/heroes/hero-5.md")
    try FileManager.default.moveItem(at: site.url("Content/heroes/hero-6.md"), to: site.url("Content/heroes/six.md"))
    try await site.buildOK()
    #expect(try !archived("hero-5.md") && !archived("hero-6.md") && archived("six.md"))
}

@Test func aBuildThatDecodedFewFilesLeavesTheArchiveAndMoreChangesWriteItAgain() async throws {
    // 130 files: the archive is written again once more than two of them were read again.
    let site = try markdownSite(count: 130)
    // Files changed within a second of a build's look are read again by the next: these are not.
    try await Task.sleep(for: .milliseconds(1100))
    try await site.buildOK()
    let decoded = try site.stateFolder().appendingPathComponent("decoded")
    let first = try Data(contentsOf: decoded)

    try site.edit("Content/heroes/hero-1.md", replacing: "hero 1,", with: "hero one,")
    try await site.buildOK()
    #expect(try Data(contentsOf: decoded) == first, "one file of 130 read again leaves the archive")
    let page = try String(contentsOf: site.output.appendingPathComponent("heroes/hero-1/index.html"), encoding: .utf8)
    #expect(page.contains("hero one,"))
    try editHeroTemplate(site, "<p>Kept</p>")
    try await site.buildOK()
    #expect(try Data(contentsOf: decoded) == first)
    let clean = try await site.build(["--output", "Clean"])
    #expect(clean.status == 0)
    #expect(try TreeSnapshot(site.output).contents == TreeSnapshot(site.url("Clean")).contents)

    try site.edit("Content/heroes/hero-2.md", replacing: "hero 2,", with: "hero two,")
    try site.edit("Content/heroes/hero-3.md", replacing: "hero 3,", with: "hero three,")
    try await site.buildOK()
    let third = try Data(contentsOf: decoded)
    #expect(third != first, "three files of 130 read again write the archive again")
    #expect(third.range(of: Data("hero one,".utf8)) != nil)
}

@Test func aTemplateThatComesToNameTheRecordGetsItThoughTheKeptHeroesHadNone() async throws {
    let site = try markdownSite()
    try await site.buildOK()
    try editHeroTemplate(site, "<p>From {{hero.record.publisher}}</p>")
    try await site.buildOK()
    let page = try String(contentsOf: site.output.appendingPathComponent("heroes/hero-7/index.html"), encoding: .utf8)
    #expect(page.contains("<p>From South</p>"), "heroes kept without their records are decoded again")
    let clean = try await site.build(["--output", "Clean"])
    #expect(clean.status == 0)
    #expect(try TreeSnapshot(site.output).contents == TreeSnapshot(site.url("Clean")).contents)
}

@Test func aMappedPathOnlyAKeptHeroHasIsFoundAndOneNoHeroHasAnyMoreIsReported() async throws {
    let site = try markdownSite()
    try site.write(
        "herald.yml", "title: Files\nheroes:\n  source: Content/heroes\n  facts:\n    rank: {from: rank}\n")
    try site.edit("Content/heroes/hero-7.md", replacing: "publisher:", with: "rank: Captain\npublisher:")
    try await site.buildOK(["--strict"])
    // Only hero 7 has a rank; it is kept from the archive while another file is decoded.
    try site.edit("Content/heroes/hero-3.md", replacing: "hero 3", with: "hero three")
    try await site.buildOK(["--strict"])
    let ranked = try String(contentsOf: site.output.appendingPathComponent("heroes/hero-7/index.html"), encoding: .utf8)
    #expect(ranked.contains("Captain"))
    try site.edit("Content/heroes/hero-7.md", replacing: "rank: Captain\n", with: "")
    let missing = try await site.build(["--strict"])
    #expect(missing.status == 1)
    #expect(
        missing.stderr.contains("herald.yml:5:5: error: 'heroes.facts.rank' reads 'rank', which no hero record has"))
}
