import Foundation
@testable import HeraldCheck
import HeraldTestSupport
import Testing

// The tokenizer on the markup that trips naive link extractors: quoting, references, comments,
// raw text, srcset, and positions counted in characters.

private func scan(_ html: String, _ dialect: HTMLScanner.Dialect = .html) -> PageScan {
    Array(html.utf8).withUnsafeBufferPointer { HTMLScanner.scan($0, dialect) }
}

private func urls(_ html: String) -> [String] {
    scan(html).links.map(\.url)
}

@Test func attributeValuesAreReadQuotedUnquotedAndWithReferences() {
    let html = """
        <a href="one.html">1</a><a href='two.html'>2</a><a href=three.html>3</a>
        <A HREF = "four.html" >4</A><a title="x > y" href="five.html?a=1&amp;b=2">5</a>
        <a href="six.html?copy=1&copy=2&amp=3">6</a><a href="&#x2F;seven&#47;">7</a><a href=eight.html/>8</a>
        """
    #expect(
        urls(html) == [
            "one.html", "two.html", "three.html", "four.html", "five.html?a=1&b=2",
            "six.html?copy=1&copy=2&amp=3", "/seven/", "eight.html/"
        ])
}

@Test func theFirstOfTwoEqualAttributesWinsAndOtherAttributesAreNotLinks() {
    #expect(urls(#"<a href="first.html" href="second.html" data-href="third.html">x</a>"#) == ["first.html"])
    #expect(urls(#"<a hreflang="en" class="href">x</a>"#) == [])
}

@Test func commentsScriptsStylesAndRCDATAHoldNoLinks() {
    let html = """
        <!-- <a href="commented.html"> --><!--><a href="after-empty-comment.html">
        <script>document.write('<a href="scripted.html">')</script><style>a[href="styled.html"]{}</style>
        <title><a href="titled.html"></title><textarea><img src="typed.png"></textarea>
        <SCRIPT type="module">const s = "</scripts>"; x = '<img src="still-script.png">'</SCRIPT >
        <!DOCTYPE html><?xml-stylesheet href="pi.xsl"?><![CDATA[<a href="cdata.html">]]>
        <img src="real.png" alt="<a href='alt.html'>">
        """
    #expect(urls(html) == ["after-empty-comment.html", "real.png"])
}

@Test func srcsetCandidatesAreEachALink() {
    let html =
        #"<img srcset="small.jpg 480w, large.jpg 2x,tiny.jpg, data:image/png;base64,AAA= 1x" src="fallback.jpg">"#
    #expect(urls(html) == ["fallback.jpg", "small.jpg", "large.jpg", "tiny.jpg", "data:image/png;base64,AAA="])
    // A comma inside a URL is part of it; only commas at its end separate candidates.
    #expect(urls(#"<img srcset="a.jpg,b.jpg 2x">"#) == ["a.jpg,b.jpg"])
}

@Test func anchorsAreIdsAndNamesOfAnchorsOnly() {
    let found = scan(#"<h2 id="stats">S</h2><a name="old-style"></a><input name="query"><div id=plain>"#)
    #expect(found.anchors == ["stats", "old-style", "plain"])
}

@Test func aBaseHrefIsKeptAndResourceHintsAreNotLinks() {
    let found = scan(
        """
        <base href="/docs/"><base href="/ignored/">
        <link rel="preconnect" href="https://fonts.gstatic.com"><link rel="dns-prefetch" href="//cdn.example.org">
        <link rel="stylesheet" href="style.css">
        """)
    #expect(found.base == "/docs/")
    #expect(found.links.map(\.url) == ["style.css"])
}

@Test func positionsAreLineAndColumnInCharacters() {
    let found = scan("<p>Café</p>\n<p>Straße <a href=\"x.html\">x</a>\n\t<img\n   src='y.png'>")
    #expect(found.links == [FoundLink(url: "x.html", line: 2, column: 20), FoundLink(url: "y.png", line: 4, column: 9)])
}

@Test func sitemapsAndFeedsGiveTheirURLs() {
    let sitemap = scan(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset><url><loc> https://example.org/a/?x=1&amp;y=2 </loc></url>
        <url><loc>https://example.org/b/</loc><xhtml:link rel="alternate" hreflang="de" href="https://example.org/de/b/"/></url></urlset>
        """, .xml)
    #expect(
        sitemap.links.map(\.url) == [
            "https://example.org/a/?x=1&y=2", "https://example.org/b/", "https://example.org/de/b/"
        ])
    #expect(sitemap.links.first?.column == 20)
    let rss = scan(
        "<rss><channel><link>https://example.org/</link><item><link>https://example.org/1/</link></item></channel></rss>",
        .xml)
    #expect(rss.links.map(\.url) == ["https://example.org/", "https://example.org/1/"])
}

@Test func aTagCutOffByTheEndOfTheFileIsNoLink() {
    #expect(urls(#"<a href="ok.html">x</a><a href="cut.html""#) == ["ok.html"])
}

@Test func cutAndScrambledPagesNeverTripTheScanner() throws {
    // The theme's own page template as a start: real markup, cut at every length and with bytes
    // replaced at random (a fixed seed, so a failure repeats), must give links inside the text.
    let page = Array(
        try String(contentsOf: Repository.url("Sources/HeraldSite/Theme/base.html.mustache"), encoding: .utf8).utf8)
    var generator = SeededGenerator(seed: 42)
    let specials = Array("<>\"'=&#;/!-[]? \n\tabc".utf8)
    for round in 0..<3_000 {
        var bytes = Array(page.prefix(round % (page.count + 1)))
        for _ in 0..<(round % 7) where !bytes.isEmpty {
            let index = Int(generator.next() % UInt64(bytes.count))
            bytes[index] =
                round % 2 == 0
                ? specials[Int(generator.next() % UInt64(specials.count))] : UInt8(truncatingIfNeeded: generator.next())
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        for dialect in [HTMLScanner.Dialect.html, .xml] {
            let found = bytes.withUnsafeBufferPointer { HTMLScanner.scan($0, dialect) }
            for link in found.links {
                #expect((1...lines).contains(link.line) && link.column >= 1, "round \(round)")
            }
        }
    }
}
