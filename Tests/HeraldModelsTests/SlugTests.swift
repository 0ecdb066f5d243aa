import HeraldCore
import HeraldModels
import HeraldTestSupport
import Testing

@Test func slugsFoldToAscii() {
    #expect(Slug.make(from: "Soldier: 76") == "soldier-76")
    #expect(Slug.make(from: "Lúcio") == "lucio")
    #expect(Slug.make(from: "Torbjörn") == "torbjorn")
    #expect(Slug.make(from: "D.Va") == "d-va")
    #expect(Slug.make(from: "  Straße & Æsir — Øresund!  ") == "strasse-aesir-oresund")
    #expect(Slug.make(from: "Ł\u{F3}d\u{17A}") == "lodz")
    #expect(Slug.make(from: "孫悟空") == "")
    // The same folding as heading ids: capital sharp s and h with stroke too.
    #expect(Slug.make(from: "GROẞE Ħal") == "grosse-hal")
}

@Test func explicitSlugsThatEscapeTheirFolderAreNamed() {
    #expect(Slug.problem(with: "70-batman") == nil)
    #expect(Slug.problem(with: "Batman.Begins_2~x") == nil)
    #expect(Slug.problem(with: "114-bling!") == nil)
    #expect(Slug.problem(with: "café-孫悟空") == nil)
    #expect(Slug.problem(with: "../../etc/passwd") == "it contains '/'")
    #expect(Slug.problem(with: "..") == "it contains '..'")
    #expect(Slug.problem(with: "a\\b") == "it contains '\\'")
    #expect(Slug.problem(with: ".hidden") == "it starts with '.'")
    #expect(Slug.problem(with: "") == "it is empty")
    #expect(Slug.problem(with: "a\u{0}b") == "it contains a control character")
}

@Test(arguments: [
    ("javascript:alert(document.domain)", "':'"), ("Batman Begins", "a space"), ("a?b", "'?'"),
    ("a#b", "'#'"), ("100%", "'%'"), ("<b>", "'<'"), ("a\"b", "'\"'")
])
func slugsWithCharactersThatMeanSomethingInAURLAreRefused(slug: String, named: String) {
    #expect(
        Slug.problem(with: slug) == "it contains \(named), which has a meaning in a URL "
            + "(letters, digits and -._~!$&'()*+,;=@ are safe)")
}

@Test func anUnsafeSlugInTheDataIsAnErrorNeverChanged() throws {
    let found = diagnostics { () throws(DiagnosticError) in
        try Hero.decode(try record("name: Evil\nslug: ../../etc/passwd\n", file: "heroes.yml"), rules: HeroRules())
    }
    #expect(
        found.map(\.description) == [
            "heroes.yml:2:7: error: hero 'Evil' has slug '../../etc/passwd', which cannot name a folder: it contains '/' "
                + "(a slug from the data is used as written)"
        ])
    let noLetters = diagnostics { () throws(DiagnosticError) in
        try Hero.decode(try record("name: 孫悟空\n"), rules: HeroRules())
    }
    #expect(
        noLetters.map(\.message) == ["hero '孫悟空' needs a 'slug': its name has no letters or digits usable in a URL"])
}

@Test func duplicateSlugsNameBothRecords() {
    let first = SourceLocation(file: "Content/heroes.json", line: 12, column: 3)
    let second = SourceLocation(file: "Content/heroes.json", line: 40, column: 3)
    let heroes = [
        Hero(id: "1", slug: "batman", name: "Batman", location: first),
        Hero(id: "2", slug: "robin", name: "Robin", location: SourceLocation(file: "Content/heroes.json", line: 20)),
        Hero(id: "3", slug: "Batman", name: "Bat Man", location: second)
    ]
    let found = SlugRegistry.duplicates(in: heroes, kind: "hero")
    #expect(
        found.map(\.description) == [
            "Content/heroes.json:40:3: error: duplicate slug 'Batman': hero 'Bat Man' (Content/heroes.json:40:3) and "
                + "hero 'Batman' (Content/heroes.json:12:3) would be written to the same page"
        ])
    // Beyond ASCII too: one folder on a case-insensitive file system.
    let accented = [
        Hero(id: "1", slug: "ärger", name: "Ärger", location: first),
        Hero(id: "2", slug: "Ärger", name: "Ärger 2", location: second)
    ]
    #expect(SlugRegistry.duplicates(in: accented, kind: "hero").map(\.location) == [second])
    #expect(SlugRegistry.duplicates(in: Array(heroes.prefix(2)), kind: "hero").isEmpty)
}
