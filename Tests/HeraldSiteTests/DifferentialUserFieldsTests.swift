import Foundation
import HeraldSite
import HeraldTestSupport
import Testing

// The differential test of the user's own fields: one JSON file of hero records and a second one
// joined into them by name, shown as facts (display names, a `*` key path, a joined text), on
// cards, grouped by three facts and sorted by one. Random edits of records, of the joined file and
// of what herald.yml says of them, and of the aliases and biography only some records have; after
// each, the kept output and the served session must be a clean build's, byte for byte.

private let attributes = ["str", "agi", "int", "all"]
private let roles = ["Carry", "Support", "Nuker", "Escape"]

/// One hero record, in the shape of the Dota 2 constants the README's worked example reads.
private struct Record {
    var id: Int
    var name: String
    var attribute: String
    var attack: String
    var roles: [String]
    var speed: Int?
    var label: String
    /// Mapped to the model's aliases and biography: sections a page shows only while some hero has them.
    var nickname: String?
    var story: String?

    var json: [String: Any] {
        var json: [String: Any] = [
            "id": id, "localized_name": name, "primary_attr": attribute, "attack_type": attack, "roles": roles,
            "img": "/img/hero\(id).png", "base_str": 10 + id % 20, "base_agi": 30 - id % 20,
            "move_speed": speed.map { $0 as Any } ?? NSNull(), "labels": [["name": label]]
        ]
        if let nickname { json["nickname"] = nickname }
        if let story { json["story"] = story }
        return json
    }
}

/// What herald.yml says of the records, as the edits change it.
private struct Settings {
    var agility = "Agility"
    var attributeLabel = "Primary attribute"
    var card = "[primary_attr, attack_type, roles]"
    var groups = "[primary_attr, attack_type, {field: roles, path: role, label: Roles}]"
    var sort = "-move_speed"
    var perPage = 4

    var yaml: String {
        """
        title: User fields
        base_url: https://fields.example.org/
        timezone: UTC
        heroes:
          source: Content/heroes.json
          fields: {id: id, name: localized_name, image: img, tags: roles, stats: [base_str, base_agi],
                   aliases: nickname, biography: story}
          image_base: https://cdn.example.org
          per_page: \(perPage)
          facts:
            primary_attr:
              label: \(attributeLabel)
              values: {str: Strength, agi: \(agility), int: Intelligence, all: Universal}
            attack_type: Attack type
            roles: Roles
            move_speed:
            label_names: {from: labels.*.name, label: Labels}
            lore: {from: lore.text, label: Lore}
          card: \(card)
          group_by: \(groups)
          sort: \(sort)
          join:
            lore: {source: Content/lore.json, on: localized_name}

        """
    }
}

private struct EditedRecords: EditedInputs {
    let site: TemporarySite
    var records: [Record] = []
    var lore: [String: String] = [:]
    var settings = Settings()
    var nextID = 100
    var day = 21

    init(_ site: TemporarySite, random: inout SeededGenerator) throws {
        self.site = site
        for id in 1...40 {
            let record = Self.record(id, &random)
            records.append(record)
            lore[record.name] = "The lore of \(record.name)."
        }
        try write()
        // Files changed within a second of a build's look are read again by the next: these are
        // not, from the second build on.
        Thread.sleep(forTimeInterval: 1.1)
    }

    static func record(_ id: Int, _ random: inout SeededGenerator) -> Record {
        Record(
            id: id, name: "Hero \(id)", attribute: attributes.randomElement(using: &random) ?? "str",
            attack: Bool.random(using: &random) ? "Melee" : "Ranged",
            roles: Array(roles.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))),
            speed: [280, 290, 300, nil].randomElement(using: &random) ?? nil, label: "a")
    }

    func write() throws {
        let heroes = try JSONSerialization.data(withJSONObject: records.map(\.json), options: [.sortedKeys])
        try site.write("Content/heroes.json", heroes)
        let joined = try JSONSerialization.data(
            withJSONObject: lore.mapValues { ["text": $0] }, options: [.sortedKeys])
        try site.write("Content/lore.json", joined)
        try site.write("herald.yml", settings.yaml)
    }

    /// One random edit, written; returns what it did, for the failure message.
    mutating func edit(_ random: inout SeededGenerator) throws -> String {
        let index = Int.random(in: 0..<records.count, using: &random)
        let name = records[index].name
        let done: String
        switch Int.random(in: 0..<13, using: &random) {
        case 0:
            records[index].attribute = attributes.randomElement(using: &random) ?? "str"
            done = "\(name)'s attribute is \(records[index].attribute)"
        case 1:
            lore[name] = "Lore \(Int.random(in: 0..<9, using: &random))."
            done = "\(name)'s lore changed"
        case 2:
            let record = Self.record(nextID, &random)
            nextID += 1
            records.append(record)
            if Bool.random(using: &random) { lore[record.name] = "New lore." }
            done = "added \(record.name)"
        case 3 where records.count > 3:
            records.remove(at: index)
            done = "removed \(name)"
        case 4:
            records[index].speed = [270, 280, 300, 310, nil].randomElement(using: &random) ?? nil
            done = "\(name)'s speed is \(records[index].speed.map(String.init) ?? "null")"
        case 5:
            records[index].roles = Array(roles.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
            done = "\(name)'s roles are \(records[index].roles)"
        case 6:
            settings.agility = ["Agility", "Agile"].randomElement(using: &random) ?? "Agility"
            settings.attributeLabel = ["Primary attribute", "Attribute"].randomElement(using: &random) ?? "Attribute"
            done = "facts: \(settings.attributeLabel), agi as \(settings.agility)"
        case 7:
            settings.card =
                ["[primary_attr, attack_type, roles]", "[lore]", "[]", "[move_speed, label_names]"]
                .randomElement(using: &random) ?? "[]"
            done = "card: \(settings.card)"
        case 8:
            settings.sort =
                ["-move_speed", "move_speed", "name", "-primary_attr"].randomElement(using: &random) ?? "name"
            settings.perPage = Int.random(in: 2...6, using: &random)
            done = "sort: \(settings.sort), \(settings.perPage) a page"
        case 9:
            day = Int.random(in: 15...28, using: &random)
            done = "the clock moved to 2026-11-\(day)"
        case 10:
            // The joined lore stays under the old name: the hero loses it.
            records[index].name += "x"
            done = "\(name) renamed \(records[index].name)"
        case 11:
            // Often the only hero with one: the section comes and goes on every page.
            if Bool.random(using: &random) {
                records[index].nickname = records[index].nickname == nil ? "The \(name)" : nil
            } else {
                records[index].story = records[index].story == nil ? "Once, \(name)…" : nil
            }
            done = "\(name)'s nickname \(records[index].nickname ?? "none"), story \(records[index].story ?? "none")"
        default:
            records[index].label = ["a", "b", "c"].randomElement(using: &random) ?? "a"
            settings.groups =
                ["[primary_attr, attack_type, {field: roles, path: role, label: Roles}]", "[label_names]", "[]"]
                .randomElement(using: &random) ?? "[]"
            done = "\(name)'s label is \(records[index].label), groups: \(settings.groups)"
        }
        try write()
        return done
    }

    var now: Date {
        get throws { try instant("2026-11-\(String(format: "%02d", day))T09:00:00Z") }
    }
}

@Test func incrementalBuildsOfTheUsersOwnFieldsEqualCleanBuildsAfterEveryEdit() throws {
    var random = SeededGenerator(seed: 2025)
    var edited = try EditedRecords(try TemporarySite(), random: &random)
    try expectIncrementalBuildsMatchCleanOnes(&edited, random: &random) { [site = edited.site] () throws in
        // The fields are there to be compared: a joined text, a group page by a fact.
        #expect(try site.read("Output/heroes/hero-1/index.html").contains("The lore of Hero 1."))
        #expect(site.exists("Output/heroes/primary-attr/index.html"))
    }
}
