import HeraldModels
import HeraldPresenters
import Testing

@Test func aTableOfContentsOnlyForSeveralSections() throws {
    let presenter = PagePresenter(context: try context())
    let long = Page(
        title: "About", slug: "about",
        body: "Intro.\n\n## Who we are\n\nUs.\n\n### Detail\n\nMore.\n\n## How to reach us\n\nMail.\n",
        location: here)
    let view = presenter.view(long)
    #expect(view["has_toc"]?.bool == true)
    let toc = try #require(view["toc"]?.list)
    // Only second-level headings are sections; the h3 is not listed.
    #expect(toc.map { $0["text"]?.string } == ["Who we are", "How to reach us"])
    // Each entry links to an id the rendered body really has.
    let body = try #require(view["body_html"]?.html)
    for entry in toc {
        let id = try #require(entry["id"]?.string)
        #expect(body.contains("id=\"\(id)\""))
    }

    let short = Page(title: "Contact", slug: "contact", body: "## Mail\n\nWrite to us.\n", location: here)
    #expect(presenter.view(short)["has_toc"]?.bool == false)
}

@Test func pageDatesAndRoute() throws {
    let presenter = PagePresenter(context: try context())
    let dated = Page(title: "Launch", slug: "launch", date: try day("2026-03-03"), body: "We launched.", location: here)
    #expect(PagePresenter.route(of: dated) == "launch/")
    let view = presenter.view(dated)
    #expect(view["date"]?["text"]?.string == "Mar 3, 2026")
    #expect(view["date"]?["iso"]?.string == "2026-03-03")
    #expect(view["canonical"]?.string == "https://example.org/board/launch/")
    #expect(view["description"]?.string == "We launched.")
    let undated = Page(title: "Notes", slug: "notes", body: "", location: here)
    #expect(presenter.view(undated)["date"]?.isNull == true)
    // With no text to summarise, the description falls back to the title.
    #expect(presenter.view(undated)["description"]?.string == "Notes")
}

@Test func theNavigationMarksTheCurrentPage() throws {
    let presenter = PagePresenter(context: try context(pages: [.init(title: "About", route: "about/")]))
    let view = presenter.view(Page(title: "About", slug: "about", body: "Hi.", location: here))
    let nav = try #require(view["nav"]?.list)
    #expect(nav.map { $0["label"]?.string } == ["Home", "Tasks", "Heroes", "About"])
    #expect(nav.map { $0["current"]?.bool } == [false, false, false, true])
    #expect(nav.first?["href"]?.string == "../index.html")
}
