import Foundation
import HeraldMustache
import HeraldTestSupport
import Testing

@Test func formatComesFromTheTemplateFileName() {
    #expect(OutputFormat(templatePath: "Templates/page.html.mustache") == .html)
    #expect(OutputFormat(templatePath: "page.mustache") == .html)
    #expect(OutputFormat(templatePath: "notes/README.md.mustache") == .markdown)
    #expect(OutputFormat(templatePath: "feed.xml.mustache") == .xml)
    #expect(OutputFormat(templatePath: "api/heroes.json.mustache") == .json)
    #expect(OutputFormat(templatePath: "robots.txt.mustache") == .text)
    #expect(OutputFormat(templatePath: "v1.2/page.mustache") == .html)
}

let nasty: TemplateValue = ["v": "<a href=\"x\">Tom & Jerry's</a>"]

@Test func htmlEscaping() throws {
    #expect(
        try render("{{v}}", nasty, path: "p.html.mustache")
            == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
}

@Test func xmlEscaping() throws {
    #expect(
        try render("{{v}}", nasty, path: "feed.xml.mustache")
            == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;")
}

@Test func markdownEscapingKeepsDataLiteral() throws {
    #expect(try render("# {{band}}", ["band": "*NSYNC_"], path: "p.md.mustache") == "# \\*NSYNC\\_")
    #expect(
        try render("{{v}}", ["v": "[link](http://x) `code` <b> #1 a|b ~x~ !img + - \\"], path: "p.md.mustache")
            == "\\[link\\]\\(http://x\\) \\`code\\` \\<b\\> \\#1 a\\|b \\~x\\~ \\!img \\+ \\- \\\\")
    #expect(
        try render("{{v}}", ["v": "Plain words, full stops. Numbers: 3.5 & more"], path: "p.md.mustache")
            == "Plain words, full stops. Numbers: 3.5 \\& more")
}

@Test func jsonEscapingFillsStringContent() throws {
    let value: TemplateValue = ["v": "say \"hi\"\\\n\ttab\u{01}é"]
    #expect(
        try render("{\"v\": \"{{v}}\"}", value, path: "a.json.mustache")
            == "{\"v\": \"say \\\"hi\\\"\\\\\\n\\ttab\\u0001é\"}")
}

@Test func textIsNotEscaped() throws {
    #expect(try render("{{v}}", nasty, path: "robots.txt.mustache") == "<a href=\"x\">Tom & Jerry's</a>")
}

@Test func tripleAmpersandAndHTMLValuesAreNeverEscaped() throws {
    for path in ["p.html.mustache", "p.md.mustache", "p.xml.mustache", "p.json.mustache"] {
        #expect(try render("{{{v}}}|{{&v}}", ["v": "<i>&</i>"], path: path) == "<i>&</i>|<i>&</i>")
        #expect(try render("{{v}}", ["v": .html("<p>*Hi* & bye</p>")], path: path) == "<p>*Hi* & bye</p>")
    }
}

@Test func partialsEscapeForThePageTheyAreIn() throws {
    #expect(
        try render("{{> item}}", ["v": "a&b"], path: "feed.xml.mustache", partials: ["item": "<t>{{v}}</t>"])
            == "<t>a&amp;b</t>")
}

@Test func scalarsPrintPlainly() throws {
    let value: TemplateValue = ["i": -42, "d": 1.21, "whole": 2.0, "yes": true, "no": false, "none": nil]
    #expect(try render("{{i}} {{d}} {{whole}} {{yes}} {{no}} [{{none}}]", value) == "-42 1.21 2.0 true false []")
}

@Test func truthiness() throws {
    let value: TemplateValue = ["empty": "", "zero": 0, "list": [], "map": [:], "no": false, "nil": nil, "text": "x"]
    let template =
        "{{#empty}}E{{/empty}}{{#zero}}Z{{/zero}}{{#list}}L{{/list}}{{#map}}M{{/map}}{{#no}}N{{/no}}{{#nil}}0{{/nil}}{{#text}}T{{/text}}"
    #expect(try render(template, value) == "ZMT")
    #expect(TemplateValue.html("").isTruthy == false)
}

@Test func literalsBuildViewData() {
    let value: TemplateValue = ["title": "Hi", "count": 2, "ratio": 0.5, "on": true, "tags": ["a", "b"], "none": nil]
    #expect(
        value
            == .map([
                "title": .string("Hi"), "count": .int(2), "ratio": .double(0.5), "on": .bool(true),
                "tags": .list([.string("a"), .string("b")]), "none": .null
            ]))
}

@Test func decodesJSONIntoTypedValues() throws {
    let json = #"{"b": true, "i": 3, "d": 2.5, "s": "x", "n": null, "l": [1, "a"], "m": {"k": false}}"#
    let value = try JSONDecoder().decode(TemplateValue.self, from: Data(json.utf8))
    #expect(value == ["b": true, "i": 3, "d": 2.5, "s": "x", "n": nil, "l": [1, "a"], "m": ["k": false]])
}

@Test func foldersOverrideFileByFileAndResolvePartialsOnDemand() throws {
    let site = try TemporarySite([
        "page.html.mustache": "{{<layout}}{{$body}}{{> header}} {{> partials/card}} {{> raw.txt}}{{/body}}{{/layout}}",
        "header.mustache": "site header"
    ])
    let theme = try TemporarySite([
        "header.mustache": "theme header",
        "layout.mustache": "[{{$body}}{{/body}}]",
        "partials/card.mustache": "card",
        "raw.txt": "raw {{x}}"
    ])
    let library = try TemplateLibrary(folders: [site.folder.path, theme.folder.path])
    #expect(library.names == ["header", "layout", "page.html", "partials/card", "raw.txt"])
    #expect(library["header"]?.path == site.url("header.mustache").path)
    #expect(try library.render("page.html", ["x": 1]) == "[site header card raw 1]")

    let page = try Template(name: "page", path: "page.mustache", source: "{{> header}}")
    let referenced = try TemplateLibrary(folders: [theme.folder.path], loading: .referenced, adding: [page])
    #expect(referenced.names == ["header", "page"])
    let dynamic = try Template(name: "page", path: "page.mustache", source: "{{>*which}}")
    let everyTopLevelFile = try TemplateLibrary(folders: [theme.folder.path], loading: .referenced, adding: [dynamic])
    #expect(everyTopLevelFile.names == ["header", "layout", "page"])
    #expect(try everyTopLevelFile.render("page", ["which": "header"]) == "theme header")
}
