import Foundation
import HeraldTestSupport
import Testing

// Whatever the data holds is shown as typed: markup in a name or a title is text, never markup.

@Test func markupInDataIsShownAsTypedEverywhere() async throws {
    let site = try TemporarySite.smallSite()
    let name = "<script>alert(1)</script>"
    let title = "Fix *emphasis* & <b>bold</b>"
    // Only a name, a slug and two group fields: the rest of a hero is optional.
    try site.write(
        "Content/heroes/script.md",
        """
        ---
        name: "\(name)"
        slug: script-alert
        publisher: Meridian Comics
        alignment: bad
        ---
        """)
    try site.write(
        "Content/tasks.yml",
        try site.read("Content/tasks.yml") + """

            - id: 99
              title: "\(title)"
              status: todo
              tags: [bug]

            """)
    let result = try await site.build(["--strict"])
    try #require(result.status == 0, "\(result.stderr)")
    let output = try TreeSnapshot(site.output)

    let escapedName = "&lt;script&gt;alert(1)&lt;/script&gt;"
    let escapedTitle = "Fix *emphasis* &amp; &lt;b&gt;bold&lt;/b&gt;"
    for page in ["heroes/script-alert/index.html", "heroes/alignment/bad/index.html"] {
        #expect(output.text(page)?.contains(escapedName) == true, "\(page)")
    }
    // The catalog sorts the name under S (leading punctuation is ignored): on whichever list page that is.
    let listPages = output.files.filter { $0 == "heroes/index.html" || $0.hasPrefix("heroes/page/") }
    #expect(listPages.filter { output.text($0)?.contains(escapedName) == true }.count == 1)
    for page in ["tasks/index.html", "tasks/tags/bug/index.html"] {
        #expect(output.text(page)?.contains(escapedTitle) == true, "\(page)")
    }
    for page in SiteLinks(output).htmlFiles {
        let html = output.text(page) ?? ""
        #expect(
            !html.contains("<script>alert") && !html.contains("<b>bold") && !html.contains("<em>emphasis"), "\(page)")
    }
    // Markdown escapes, which libcmark turns back into the literal title in the HTML report.
    let markdown = output.text("tasks/report.md") ?? ""
    #expect(markdown.contains(#"\*emphasis\*"#) && !markdown.contains("*emphasis*") && !markdown.contains("<b>"))
    #expect(output.text("tasks/report/index.html")?.contains(escapedTitle) == true)

    let script = try #require(output.text("heroes/search-index.js"))
    let prefix = "window.heraldHeroIndex = "
    try #require(script.hasPrefix(prefix) && script.hasSuffix(";\n"))
    let index = try JSONSerialization.jsonObject(with: Data(script.dropFirst(prefix.count).dropLast(2).utf8))
    let heroes = (index as? [String: Any])?["heroes"] as? [[Any]] ?? []
    let names = heroes.compactMap { $0.first as? String }
    #expect(names.contains(name))
}

@Test func recordsWithOnlyTheirRequiredFieldsBuildUnderStrict() async throws {
    let site = try TemporarySite([
        "herald.yml":
            "title: Minimal\ntasks:\n  source: Content/tasks.yml\n  columns: [todo, done]\nheroes:\n  source: Content/heroes\npages: Content/pages\n",
        "Content/tasks.yml": "- id: 1\n  title: Only a title\n  status: todo\n",
        "Content/heroes/solo.md": "---\nname: Solo\n---\n",
        "Content/pages/plain.md": "---\ntitle: Plain\n---\n\nNo date, no draft flag.\n"
    ])
    let result = try await site.build(["--strict"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(site.exists("Output/heroes/solo/index.html"))
    #expect(site.exists("Output/plain/index.html"))
}
