import HeraldCore
import HeraldModels
import HeraldMustache
import HeraldPresenters
import Testing

// The dev server and the next build keep a hero page while its fingerprint stays the same, so the
// fingerprint must change whenever the page's view data does: each change below is tried on one
// hero of a small catalog (its revision then its digest again, as decoding sets it), and every
// page whose view data changed must have a new fingerprint. The other way
// round a fingerprint may change needlessly (a hero read again with a field no page shows), which
// costs a render, never a stale page; a change to one hero's own text must leave the others alone.

private func heroes() -> [Hero] {
    var heroes = [
        Hero(
            id: "a", slug: "aquaman", name: "Aquaman", biography: "King of *Atlantis*.", publisher: "DC Comics",
            alignment: "good",
            stats: [.init(name: "strength", value: 80)], appearance: [.init(name: "eyeColor", text: "blue")],
            aliases: ["Arthur"], affiliations: ["Justice League"], images: ["a.png"], tags: ["sea"], location: here),
        Hero(
            id: "b", slug: "batman", name: "Batman", fullName: "Bruce Wayne", publisher: "DC Comics", alignment: "good",
            stats: [.init(name: "intelligence", value: 100)], location: here),
        Hero(
            id: "c", slug: "cyborg", name: "Cyborg", publisher: "Marvel Comics", alignment: "bad",
            stats: [.init(name: "strength", value: 60)], location: here),
        Hero(id: "d", slug: "darkseid", name: "Darkseid", alignment: "bad", location: here)
    ]
    for index in heroes.indices { heroes[index].revision = heroes[index].digest() }
    return heroes
}

/// `change` applied to the heroes, each one's revision its digest again.
private func applying(_ change: (inout [Hero]) -> Void) -> [Hero] {
    var changed = heroes()
    change(&changed)
    for index in changed.indices { changed[index].revision = changed[index].digest() }
    return changed
}

private let changes: [(String, @Sendable (inout [Hero]) -> Void)] = [
    ("name", { $0[1].name = "Batman Beyond" }),
    ("name that reorders", { $0[1].name = "Zed" }),
    ("slug", { $0[1].slug = "the-bat" }),
    ("full name", { $0[1].fullName = "Terry McGinnis" }),
    ("biography", { $0[1].biography = "A *detective*." }),
    ("publisher", { $0[1].publisher = "Marvel Comics" }),
    ("alignment", { $0[1].alignment = "neutral" }),
    ("stat value", { $0[1].stats[0].value = 99 }),
    ("stat name", { $0[1].stats[0].name = "wisdom" }),
    ("stat scale", { $0[3].stats = [.init(name: "power", value: 500)] }),
    ("appearance", { $0[1].appearance = [.init(name: "height", text: "188 cm")] }),
    ("aliases", { $0[1].aliases = ["Matches Malone"] }),
    ("affiliations", { $0[1].affiliations = ["Wayne Enterprises"] }),
    ("tags", { $0[1].tags = ["detective"] }),
    ("record", { $0[1].record = DataMap([("team", .init(.string("Justice League")))]) }),
    ("image", { $0[1].image = "b.png" }),
    ("rank", { $0[2].stats = [.init(name: "strength", value: 1000)] }),
    ("a hero added", { $0.append(Hero(id: "e", slug: "elektra", name: "Elektra", location: here)) }),
    ("a hero removed", { $0.remove(at: 3) }),
    ("nothing the pages show", { $0[1].unmappedKeys = ["unused"] })
]

@Test(arguments: changes.indices)
func detailFingerprintsChangeExactlyWhenTheirPagesDo(change: Int) throws {
    let before = HeroCatalogPresenter(
        heroes: heroes(), groupBy: [.publisher, .alignment], perPage: 2, context: try context())
    let changed = applying(changes[change].1)
    let after = HeroCatalogPresenter(
        heroes: changed, groupBy: [.publisher, .alignment], perPage: 2, context: try context())
    let pages = Dictionary(uniqueKeysWithValues: before.heroes.indices.map { (before.heroes[$0].slug, $0) })
    var checked = 0
    for index in after.heroes.indices {
        guard let old = pages[after.heroes[index].slug] else { continue }
        let sameView = before.detail(index: old) == after.detail(index: index)
        let sameFingerprint = before.detailFingerprint(index: old) == after.detailFingerprint(index: index)
        if !sameView { #expect(!sameFingerprint, "\(changes[change].0): page of \(after.heroes[index].slug)") }
        checked += 1
    }
    #expect(checked >= 3)
}

@Test func oneHerosOwnTextChangesOnlyItsOwnFingerprint() throws {
    let before = HeroCatalogPresenter(
        heroes: heroes(), groupBy: [.publisher, .alignment], perPage: 2, context: try context())
    for change in changes where ["biography", "full name", "aliases", "nothing the pages show"].contains(change.0) {
        let changed = applying(change.1)
        let after = HeroCatalogPresenter(
            heroes: changed, groupBy: [.publisher, .alignment], perPage: 2, context: try context())
        let moved = after.heroes.indices.filter {
            before.detailFingerprint(index: $0) != after.detailFingerprint(index: $0)
        }
        // What no page shows is not in the hero's revision, so it moves no page.
        let expected = change.0 == "nothing the pages show" ? [] : ["batman"]
        #expect(moved.map { after.heroes[$0].slug } == expected, "\(change.0)")
    }
}

@Test func theSiteChromeIsInEveryDetailFingerprint() throws {
    let plain = HeroCatalogPresenter(heroes: heroes(), groupBy: [], perPage: 2, context: try context())
    let withPage = HeroCatalogPresenter(
        heroes: heroes(), groupBy: [], perPage: 2,
        context: try context(pages: [.init(title: "About", route: "about/")]))
    #expect(plain.detail(index: 0) != withPage.detail(index: 0))
    #expect(plain.detailFingerprint(index: 0) != withPage.detailFingerprint(index: 0))
}

@Test(arguments: changes.indices)
func listGroupAndSearchFingerprintsChangeWhenTheirPagesDo(change: Int) throws {
    let before = HeroCatalogPresenter(
        heroes: heroes(), groupBy: [.publisher, .alignment], perPage: 2, context: try context())
    let changed = applying(changes[change].1)
    let after = HeroCatalogPresenter(
        heroes: changed, groupBy: [.publisher, .alignment], perPage: 2, context: try context())
    let name = changes[change].0
    for number in 1...min(before.pagination.pageCount, after.pagination.pageCount)
    where before.listPage(number: number) != after.listPage(number: number) {
        #expect(
            before.listFingerprint(number: number) != after.listFingerprint(number: number),
            "\(name): list page \(number)")
    }
    for group in after.groups {
        guard let old = before.groups.first(where: { $0.key == group.key && $0.value == group.value }) else { continue }
        for number in 1...min(old.pagination.pageCount, group.pagination.pageCount)
        where before.groupPage(old, number: number) != after.groupPage(group, number: number) {
            #expect(
                before.groupFingerprint(old, number: number) != after.groupFingerprint(group, number: number),
                "\(name): \(group.value) page \(number)")
        }
    }
    for key in [HeroGroupKey.publisher, .alignment] where before.groupIndex(key) != after.groupIndex(key) {
        #expect(before.groupIndexFingerprint(key) != after.groupIndexFingerprint(key), "\(name): \(key) index")
    }
    if before.searchIndex() != after.searchIndex() {
        #expect(before.searchIndexFingerprint() != after.searchIndexFingerprint(), "\(name): search index")
    }
}

@Test func aGroupWhoseFolderMovesChangesItsMembersFingerprints() throws {
    let before = HeroCatalogPresenter(heroes: heroes(), groupBy: [.publisher], perPage: 2, context: try context())
    // Darkseid's publisher folds to the folder name of "DC Comics" and sorts first: DC Comics'
    // group moves to `dc-comics-2`, and the pages of its members link there.
    let after = HeroCatalogPresenter(
        heroes: applying { $0[3].publisher = "DC  Comics" }, groupBy: [.publisher], perPage: 2, context: try context())
    for slug in ["aquaman", "batman"] {
        let old = try #require(before.heroes.firstIndex { $0.slug == slug })
        let new = try #require(after.heroes.firstIndex { $0.slug == slug })
        #expect(before.detail(index: old) != after.detail(index: new), "\(slug)'s page links elsewhere")
        #expect(before.detailFingerprint(index: old) != after.detailFingerprint(index: new), "\(slug)")
    }
}
