import Foundation
import HeraldMarkdown
import Testing

private let safe = MarkdownRenderer()
private let unsafe = MarkdownRenderer(options: MarkdownOptions(unsafe: true))
private let plain = MarkdownRenderer(options: MarkdownOptions(smart: false))

@Test func defaultsAreSmartAndSafe() {
    let options = MarkdownOptions()
    #expect(options.smart)
    #expect(!options.unsafe)
}

@Test func headingsGetIdsInTheHTML() {
    let document = safe.render("# Getting started\n\nText.\n\n## Café & Co\n")
    #expect(
        document.html == """
            <h1 id="getting-started">Getting started</h1>
            <p>Text.</p>
            <h2 id="cafe-co">Café &amp; Co</h2>

            """)
}

@Test func duplicateHeadingsGetNumberedIds() {
    let document = safe.render("## Notes\n## Notes\n## Notes-1\n## Notes\n# notes!\n")
    #expect(document.headings.map(\.id) == ["notes", "notes-1", "notes-1-1", "notes-2", "notes-3"])
    for id in document.headings.map(\.id) {
        #expect(document.html.contains(" id=\"\(id)\">"))
    }
}

@Test func earlierIdsAreNotReused() {
    let document = safe.render("## A-1\n## A\n## A\n")
    #expect(document.headings.map(\.id) == ["a-1", "a", "a-2"])
}

@Test(arguments: [
    ("## Café & Co", "cafe-co"),
    ("## Ærøskøbing straße", "aeroskobing-strasse"),
    // Letters the page slugs fold too: one table serves both.
    ("## GROẞE Ħal", "grosse-hal"),
    ("## ÉCOLE Ǿ", "ecole-o"),
    ("## Cafe\u{301} decomposed", "cafe-decomposed"),
    ("## “Quoted” — dashed…", "quoted-dashed"),
    ("## Don't panic", "dont-panic"),
    ("## Don\u{2019}t panic", "dont-panic"),
    ("## `swift build` --help", "swift-build-help"),
    ("##   Hello,   World!  ", "hello-world"),
    ("## Привет мир", "привет-мир"),
    ("## ???", "section"),
    ("##", "section"),
    ("## *Émphasis* and [a link](https://example.org)", "emphasis-and-a-link")
])
func slugs(markdown: String, id: String) {
    #expect(safe.render(markdown).headings.first?.id == id)
}

@Test func tableOfContentsKeepsOrderLevelsAndPlainText() {
    let markdown = """
        # Title
        Intro.
        ## First *part*
        ### Deep `code` dive
        Setext heading
        --------------
        > ## Quoted
        - ### In a list
        """
    let headings = safe.render(markdown).headings
    #expect(
        headings == [
            Heading(level: 1, text: "Title", id: "title"),
            Heading(level: 2, text: "First part", id: "first-part"),
            Heading(level: 3, text: "Deep code dive", id: "deep-code-dive"),
            Heading(level: 2, text: "Setext heading", id: "setext-heading"),
            Heading(level: 2, text: "Quoted", id: "quoted"),
            Heading(level: 3, text: "In a list", id: "in-a-list")
        ])
}

@Test func headingMarkupIsKeptInTheHTML() {
    let html = safe.render("## First *part* with `x < y`\n").html
    #expect(html == "<h2 id=\"first-part-with-x-y\">First <em>part</em> with <code>x &lt; y</code></h2>\n")
}

@Test func headingIdsSurviveNestingAndEmptyHeadings() {
    let html = safe.render("> # Quoted\n\n- ## Listed\n\n#\n").html
    #expect(html.contains("<blockquote>\n<h1 id=\"quoted\">Quoted</h1>\n</blockquote>"))
    #expect(html.contains("<li>\n<h2 id=\"listed\">Listed</h2>\n</li>"))
    #expect(html.contains("<h1 id=\"section\"></h1>"))
}

@Test func outputMatchesCmarkApartFromIds() {
    let markdown = "# A\n\nPara *one*.\n\n- x\n- y\n\n```swift\nlet a = 1 < 2\n```\n\n## B\n"
    #expect(
        safe.render(markdown).html == """
            <h1 id="a">A</h1>
            <p>Para <em>one</em>.</p>
            <ul>
            <li>x</li>
            <li>y</li>
            </ul>
            <pre><code class="language-swift">let a = 1 &lt; 2
            </code></pre>
            <h2 id="b">B</h2>

            """)
}

@Test func summaryIsThePlainTextOfTheFirstParagraph() {
    let markdown = """
        # Title

        The *quick* **brown** fox uses `swift build`
        and [links](https://example.org)\\
        twice.

        Second paragraph.
        """
    #expect(safe.render(markdown).summary == "The quick brown fox uses swift build and links twice.")
}

@Test func summaryOfTextWithoutParagraphsIsEmpty() {
    #expect(safe.render("# Only a heading\n").summary == "")
    #expect(safe.render("").summary == "")
    #expect(safe.render("").html == "")
}

@Test func summaryLeavesOutRawHTML() {
    #expect(unsafe.render("Hello <b>bold</b> world\n").summary == "Hello bold world")
}

@Test func smartPunctuation() {
    let markdown = "\"Quoted\" and 'single' -- en --- em... it's\n"
    #expect(
        safe.render(markdown).html
            == "<p>\u{201C}Quoted\u{201D} and \u{2018}single\u{2019} \u{2013} en \u{2014} em\u{2026} it\u{2019}s</p>\n")
    #expect(plain.render(markdown).html == "<p>&quot;Quoted&quot; and 'single' -- en --- em... it's</p>\n")
}

@Test func rawHTMLIsDroppedByDefault() {
    let markdown = "<script>alert(1)</script>\n\nSome <b>bold</b> text.\n"
    let html = safe.render(markdown).html
    #expect(html == "<p>Some bold text.</p>\n")
    #expect(!html.contains("script"))
    #expect(!html.contains("<!--"))
}

@Test func rawHTMLIsDroppedInsideHeadings() {
    let document = safe.render("## Hi <img src=x onerror=alert(1)> there\n")
    #expect(document.html == "<h2 id=\"hi-there\">Hi  there</h2>\n")
    #expect(document.headings.first?.text == "Hi  there")
}

@Test func rawHTMLIsKeptWhenUnsafe() {
    let markdown = "<script>alert(1)</script>\n\nSome <b>bold</b> text.\n"
    #expect(unsafe.render(markdown).html == "<script>alert(1)</script>\n<p>Some <b>bold</b> text.</p>\n")
}

@Test func rawHTMLLookingLikeHeadingsDoesNotShiftIds() {
    let markdown = "<h2>Raw</h2>\n\n## Real\n\nText with <h2>inline</h2>.\n"
    let html = unsafe.render(markdown).html
    #expect(html == "<h2>Raw</h2>\n<h2 id=\"real\">Real</h2>\n<p>Text with <h2>inline</h2>.</p>\n")
}

@Test func javascriptLinksAreNeutralised() {
    let markdown = "[x](javascript:alert(1)) ![i](javascript:alert(2)) <javascript:alert(3)>\n"
    let html = safe.render(markdown).html
    #expect(!html.contains("=\"javascript"))
    #expect(html.contains("<a href=\"\">x</a>"))
    #expect(unsafe.render(markdown).html.contains("href=\"javascript:alert(1)\""))
}

@Test func escapedPunctuationRendersLiterally() {
    #expect(safe.render("\\*NSYNC\\_\n").html == "<p>*NSYNC_</p>\n")
    #expect(safe.render("\\# not a heading\n").headings.isEmpty)
}

@Test func codeIsEscaped() {
    let html = safe.render("```\n<script>if a < b && c > d</script>\n```\n\nInline `<b>` too.\n").html
    #expect(
        html == """
            <pre><code>&lt;script&gt;if a &lt; b &amp;&amp; c &gt; d&lt;/script&gt;
            </code></pre>
            <p>Inline <code>&lt;b&gt;</code> too.</p>

            """)
}

@Test func bytesCmarkCannotTakeAreReplaced() {
    let html = safe.render("a\u{0}b\n").html
    #expect(html == "<p>a\u{FFFD}b</p>\n")
}

@Test func textualRoadmap() throws {
    let url = try #require(
        Bundle.module.url(
            forResource: "textual-roadmap", withExtension: "md",
            subdirectory: "Fixtures"))
    let document = safe.render(try String(contentsOf: url, encoding: .utf8))
    #expect(
        document.headings == [
            Heading(level: 1, text: "Roadmap", id: "roadmap"),
            Heading(level: 2, text: "Features", id: "features"),
            Heading(level: 2, text: "Widgets", id: "widgets")
        ])
    #expect(document.html.hasPrefix("<h1 id=\"roadmap\">Roadmap</h1>\n"))
    // SOURCE.txt: 47 checkbox items, in two sections, nested one level.
    #expect(document.html.components(separatedBy: "<li>").count - 1 == 47)
    #expect(document.html.components(separatedBy: "<ul>").count - 1 == 13)
    #expect(document.summary == "We (textualize.io) are actively building and maintaining Textual.")
    #expect(document.html.contains("<li>[x] Devtools\n<ul>\n<li>[ ] Browser-inspired"))
}

@Test func renderingIsSafeToShareAcrossTasks() async {
    let markdowns = (0..<64).map { "# Page \($0)\n\nBody \($0) with <i>html</i>.\n" }
    let documents = await withTaskGroup(of: (Int, MarkdownDocument).self) { group in
        for (index, markdown) in markdowns.enumerated() {
            group.addTask { (index, safe.render(markdown)) }
        }
        var results: [Int: MarkdownDocument] = [:]
        for await (index, document) in group { results[index] = document }
        return results
    }
    for index in markdowns.indices {
        #expect(documents[index]?.headings == [Heading(level: 1, text: "Page \(index)", id: "page-\(index)")])
        #expect(documents[index]?.summary == "Body \(index) with html.")
    }
}
