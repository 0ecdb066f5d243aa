import Foundation
import HeraldCore
import HeraldModels
import HeraldTestSupport
import Testing

// A build keeps its decoded heroes for the next one (`Hero.archive`, `Hero(from:)`): read back,
// a hero must be the hero that was written, field for field and position for position, and
// damaged bytes must be refused.

private let rules = HeroRules(
    fields: [
        .name: "name", .fullName: "biography.fullName", .publisher: "biography.publisher",
        .alignment: "biography.alignment", .stats: "powerstats", .appearance: "appearance",
        .aliases: "biography.aliases", .affiliations: "connections.groupAffiliation", .image: "images.md"
    ],
    facts: [
        RecordFact(name: "race", path: "appearance.race"), RecordFact(name: "height", path: "appearance.height")
    ])

/// The superhero-api's real records, decoded.
private func heroes() throws -> [Hero] {
    try [1, 7, 70].map { id in
        let file = "Fixtures/\(id).json"
        let fields = try YAMLReader.parse(try fixture("\(id).json"), file: file)
        return try Hero.decode(Record(fields: fields, location: fields.location(in: file)), rules: rules)
    }
}

/// The heroes in `bytes`, read as a build reads its archive: each sharing what it can with the
/// one before, its biography left in `bytes` (when `owned`, the reader's owner) until asked for.
private func readBack(_ bytes: [UInt8], owned: Bool = true) -> [Hero] {
    bytes.withUnsafeBufferPointer { buffer in
        var reader = ArchiveReader(buffer, owner: owned ? bytes : nil)
        var heroes: [Hero] = []
        var previous = Hero.SharedTexts()
        while !reader.isAtEnd, let hero = Hero(from: &reader, previous: previous) {
            previous = hero.sharedTexts
            heroes.append(hero)
        }
        return heroes
    }
}

@Test(arguments: [true, false])
func heroesReadBackFromAnArchiveAreTheHeroesWritten(owned: Bool) throws {
    // Alike heroes one after another, as a folder's files are, and then another kind.
    var written = try heroes()
    written.insert(written[0], at: 1)
    written[1].stats[1].name = "speediness"
    written[1].appearance.removeLast()
    written[1].tags = ["flight"]
    written[1].biography = nil
    var writer = ArchiveWriter()
    for hero in written { hero.archive(into: &writer) }
    let read = readBack(writer.bytes, owned: owned)
    // Everything a hero holds, written out: positions of its record's keys and values included.
    #expect(read.map { "\($0)" } == written.map { "\($0)" })
    #expect(read.map(\.biography) == written.map(\.biography))
    #expect(read.map { $0.digest() } == written.map { $0.digest() })
    #expect(read.first?.record["powerstats"]?.value.kindName == "a map")
    // Written again, a hero read back with its biography still in the archive's bytes writes the same bytes.
    var again = ArchiveWriter()
    for hero in read { hero.archive(into: &again) }
    #expect(again.bytes == writer.bytes)
}

@Test func everyCutOrFlippedByteOfAnArchivedHeroIsRefusedOrReadAsSomeHero() throws {
    var writer = ArchiveWriter()
    try heroes()[0].archive(into: &writer)
    let bytes = writer.bytes
    for cut in stride(from: 0, to: bytes.count, by: 7) {
        let refused = Array(bytes[..<cut]).withUnsafeBufferPointer { buffer in
            var reader = ArchiveReader(buffer)
            return Hero(from: &reader) == nil
        }
        #expect(refused, "cut at \(cut)")
    }
    for index in stride(from: 0, to: bytes.count, by: 3) {
        var flipped = bytes
        flipped[index] ^= 0xFF
        // Anything may come of it but a crash or a read past the end.
        _ = flipped.withUnsafeBufferPointer { buffer in
            var reader = ArchiveReader(buffer)
            return Hero(from: &reader)
        }
    }
}

@Test func theFuzzersSeedIsTwoHeroes() throws {
    let seed = try Array(Data(contentsOf: Repository.url("fuzz/corpus/decoded-heroes/two-heroes")))
    let names = seed.withUnsafeBufferPointer { buffer in
        var reader = ArchiveReader(buffer)
        var names: [String] = []
        while let hero = Hero(from: &reader) { names.append(hero.name) }
        return (names, reader.isAtEnd)
    }
    #expect(names.0 == ["Alpha", "Beta Ray"] && names.1)
}

@Test func aHeroWithoutItsRecordKeepsWhichMappedPathsItHadThroughTheArchive() throws {
    var lean = rules
    lean.keepsRecords = false
    lean.mapped = ["appearance.race", "biography.nowhere", "powerstats.speed"].map {
        MappedPath(
            path: $0, setting: "heroes.facts.x", location: SourceLocation(file: "herald.yml", line: 3, column: 5))
    }
    let fields = try YAMLReader.parse(try fixture("1.json"), file: "1.json")
    let hero = try Hero.decode(Record(fields: fields, location: fields.location(in: "1.json")), rules: lean)
    #expect(hero.record.isEmpty)
    #expect(hero.foundPaths == 0b101)
    var writer = ArchiveWriter()
    hero.archive(into: &writer)
    let read = writer.bytes.withUnsafeBufferPointer { buffer in
        var reader = ArchiveReader(buffer)
        return Hero(from: &reader)
    }
    #expect(read?.foundPaths == 0b101)
    // Nested sources stay whole among the keys no field took (biography.placeOfBirth, work, …);
    // fields taken whole do not.
    #expect(hero.unmappedKeys == ["biography", "work", "connections", "images"])
    #expect(read?.unmappedKeys == hero.unmappedKeys)
    let warnings = MappedPath.unfound(lean.mapped, found: hero.foundPaths, keys: hero.unmappedKeys, kind: "hero")
    #expect(warnings.map(\.message) == ["'heroes.facts.x' reads 'biography.nowhere', which no hero record has"])
}
