import HeraldCore
import HeraldModels
import HeraldTestSupport
import Testing

@Test func pageDecodesFrontMatterAndBody() throws {
    let front = "title: About Herald\ndate: 2026-11-03T23:30:00Z\ndraft: true\nauthor: ana\n"
    let page = try Page.decode(
        try record(front, file: "Content/pages/About Us.md", body: "Hello *there*.\n"),
        timeZone: try zone("Europe/Berlin"))
    #expect(page.title == "About Herald")
    #expect(page.slug == "about-us")
    #expect(page.date?.description == "2026-11-04")
    #expect(page.draft)
    #expect(page.body == "Hello *there*.\n")
    #expect(page.frontMatter.keys == ["title", "date", "draft", "author"])
}

@Test func pageSlugFromFrontMatterIsKeptAsWritten() throws {
    let page = try Page.decode(try record("title: Colophon\nslug: Made-With\n", file: "Content/pages/colophon.md"))
    #expect(page.slug == "Made-With")
    #expect(!page.draft)
    #expect(page.date == nil)
    #expect(page.body == "")
}

@Test func pageProblemsAreAllReported() throws {
    let found = diagnostics { () throws(DiagnosticError) in
        try Page.decode(try record("date: 2026-13-01\ndraft: maybe\nslug: ../up\n", file: "Content/pages/x.md"))
    }
    #expect(
        found.map(\.description) == [
            "Content/pages/x.md:1:1: error: page 'Content/pages/x.md' has no title: add 'title:' to its front matter",
            "Content/pages/x.md:3:7: error: page 'Content/pages/x.md' has slug '../up', which cannot name a folder: "
                + "it contains '/' (a slug from the data is used as written)",
            "Content/pages/x.md:1:7: error: invalid date '2026-13-01' in page 'Content/pages/x.md' "
                + "(expected YYYY-MM-DD or an ISO 8601 timestamp)",
            "Content/pages/x.md:2:8: error: field 'draft' of page 'Content/pages/x.md': expected true or false, found 'maybe'"
        ])
}
