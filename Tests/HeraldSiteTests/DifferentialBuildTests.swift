import Foundation
import HeraldSite
import HeraldTestSupport
import Testing

// Incremental builds against clean ones: a seeded random sequence of edits (data, pages in every
// page's menu, templates, config, deletes, renames, the clock) is applied to one site, and after
// each edit the build into the site's kept output folder (which keeps the pages whose fingerprints
// are unchanged), and the served session's rebuild, must give byte for byte what a clean build of
// the same inputs gives. `make test` runs a short sequence;
// `make test-slow` a long one (HERALD_DIFFERENTIAL_ITERATIONS).

private let publishers = ["North", "South", "East"]

private func heroFile(_ name: String, publisher: String, strength: Int, text: String) -> String {
    "---\nname: \(name)\npublisher: \(publisher)\nalignment: good\nstats:\n  strength: \(strength)\n---\n\(text)\n"
}

private func tasks(dueDay: Int) -> String {
    """
    - title: Ship the release
      status: doing
      due: 2026-11-\(String(format: "%02d", dueDay))
      tags: [release]
    - title: Write the notes
      status: todo
      due: 2026-11-\(String(format: "%02d", dueDay + 2))
    - title: Plan the party
      status: done

    """
}

private func config(title: String, perPage: Int) -> String {
    """
    title: \(title)
    timezone: Europe/Berlin
    tasks:
      source: Content/tasks.yml
    heroes:
      source: Content/heroes
      group_by: [publisher]
      per_page: \(perPage)

    """
}

/// The site after the edits so far, and what a step may do to it.
private struct EditedSite: EditedInputs {
    let site: TemporarySite
    var heroes: [String: (file: String, publisher: String, strength: Int, text: String)] = [:]
    var title = "Differential"
    var perPage = 2
    var dueDay = 20
    var day = 18
    var names = 0

    init(_ site: TemporarySite) throws {
        self.site = site
        for name in ["Alpha", "Beta", "Gamma", "Delta"] { try addHero(named: name, publisher: "North", strength: 40) }
        // Enough heroes that a build which read one or two files again leaves the last build's
        // archive of decoded heroes as it was (`InputFiles.outgrewKnown`).
        for number in 1...126 {
            try addHero(named: "Crowd\(number)", publisher: publishers[number % 3], strength: number % 99 + 1)
        }
        try site.write("herald.yml", config(title: title, perPage: perPage))
        try site.write("Content/tasks.yml", tasks(dueDay: dueDay))
        // Files changed within a second of a build's look are read again by the next: these are
        // not, from the second build on.
        Thread.sleep(forTimeInterval: 1.1)
    }

    mutating func addHero(named name: String, publisher: String, strength: Int) throws {
        heroes[name] = ("Content/heroes/\(name.lowercased()).md", publisher, strength, "The story of \(name).")
        try writeHero(name)
    }

    func writeHero(_ name: String) throws {
        guard let hero = heroes[name] else { return }
        try site.write(hero.file, heroFile(name, publisher: hero.publisher, strength: hero.strength, text: hero.text))
    }

    /// One random edit; returns what it did, for the failure message.
    mutating func edit(_ random: inout SeededGenerator) throws -> String {
        let names = heroes.keys.sorted()
        switch Int.random(in: 0..<10, using: &random) {
        case 0 where !names.isEmpty:
            let name = names[Int.random(in: 0..<names.count, using: &random)]
            heroes[name]?.strength = Int.random(in: 1...99, using: &random)
            try writeHero(name)
            return "changed \(name)'s strength"
        case 1 where !names.isEmpty:
            // The same size: a change the quick check must not miss.
            let name = names[Int.random(in: 0..<names.count, using: &random)]
            let letter = ["a", "b", "c"][Int.random(in: 0..<3, using: &random)]
            heroes[name]?.text = "The story of \(name)." + letter
            try writeHero(name)
            return "changed \(name)'s text to end in \(letter)"
        case 2:
            self.names += 1
            let name = "Hero\(self.names)"
            try addHero(named: name, publisher: publishers[Int.random(in: 0..<3, using: &random)], strength: 50)
            return "added \(name)"
        case 3 where names.count > 1:
            let name = names[Int.random(in: 0..<names.count, using: &random)]
            let file = heroes[name]?.file ?? ""
            heroes[name] = nil
            try site.remove(file)
            return "removed \(name)"
        case 4 where !names.isEmpty:
            let name = names[Int.random(in: 0..<names.count, using: &random)]
            let file = heroes[name]?.file ?? ""
            let moved = file.replacingOccurrences(of: ".md", with: "-moved.md")
            try FileManager.default.moveItem(at: site.url(file), to: site.url(moved))
            heroes[name]?.file = moved
            return "renamed \(name)'s file"
        case 5:
            let name = names.first ?? "Alpha"
            heroes[name]?.publisher = publishers[Int.random(in: 0..<3, using: &random)]
            try writeHero(name)
            return "moved \(name) to \(heroes[name]?.publisher ?? "-")"
        case 6:
            title = "Differential \(Int.random(in: 0..<5, using: &random))"
            perPage = Int.random(in: 1...3, using: &random)
            try site.write("herald.yml", config(title: title, perPage: perPage))
            return "config: \(title), \(perPage) a page"
        case 7:
            let template = "hero-card.html.mustache"
            if site.exists("Templates/\(template)") {
                try site.remove("Templates/\(template)")
                return "removed the site's \(template)"
            }
            let text = String(decoding: BuiltInTheme.file(template) ?? [], as: UTF8.self)
            try site.write("Templates/\(template)", "<!-- the site's own -->" + text)
            return "added the site's own \(template)"
        case 8:
            // A page's title is in the menu of every page, hero pages included.
            if site.exists("Content/pages/about.md"), Bool.random(using: &random) {
                try site.remove("Content/pages/about.md")
                return "removed the about page"
            }
            let title = ["About", "About us"][Int.random(in: 0..<2, using: &random)]
            try site.write("Content/pages/about.md", "---\ntitle: \(title)\n---\nWho we are.\n")
            return "the about page titled \(title)"
        default:
            if Bool.random(using: &random) {
                day = Int.random(in: 15...25, using: &random)
                return "the clock moved to 2026-11-\(day)"
            }
            dueDay = Int.random(in: 10...24, using: &random)
            try site.write("Content/tasks.yml", tasks(dueDay: dueDay))
            return "tasks due on the \(dueDay)"
        }
    }

    var now: Date {
        get throws { try instant("2026-11-\(String(format: "%02d", day))T09:00:00Z") }
    }
}

@Test func incrementalBuildsAndRebuildsEqualCleanBuildsAfterEveryEdit() throws {
    var edited = try EditedSite(try TemporarySite())
    var random = SeededGenerator(seed: 2026)
    try expectIncrementalBuildsMatchCleanOnes(&edited, random: &random)
}
