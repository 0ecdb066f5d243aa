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

/// What each format makes of one character, written out by hand: the reference the escapers'
/// eight-bytes-at-a-time scan is compared with.
private func referenceEscape(_ text: String, path: String) -> String {
    let format = OutputFormat(templatePath: path)
    var out = ""
    for scalar in text.unicodeScalars {
        let value = scalar.value
        switch format {
        case .html, .xml:
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += format == .html ? "&#39;" : "&apos;"
            case "\u{0}": out += "\u{FFFD}"
            default:
                if value < 0x20, ![0x09, 0x0A, 0x0D].contains(value) { continue }
                if format == .xml, value == 0xFFFE || value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        case .json:
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\u{0}": out += "\u{FFFD}"
            default:
                if value < 0x20 { out += String(format: "\\u%04x", value) } else { out.unicodeScalars.append(scalar) }
            }
        case .markdown:
            if scalar == "\u{0}" {
                out += "\u{FFFD}"
            } else {
                if "\\`*_[]<>#+-!|~()&".unicodeScalars.contains(scalar) { out += "\\" }
                out.unicodeScalars.append(scalar)
            }
        case .text:
            out += scalar == "\u{0}" ? "\u{FFFD}" : String(scalar)
        }
    }
    return out
}

@Test func everyFormatEscapesEachCharacterWhereverItStandsInTheText() throws {
    let specials: [String] = [
        "&", "<", ">", "\"", "'", "\\", "*", "\n", "\t", "\u{1}", "\u{1F}", "\u{0}", "\u{FFFE}", "\u{FFFF}", "é",
        "\u{FFFD}"
    ]
    for path in ["p.html.mustache", "feed.xml.mustache", "a.json.mustache", "p.md.mustache", "robots.txt.mustache"] {
        // Each special character at every place of texts up to 19 bytes long, alone and in pairs,
        // so that it falls on every byte of the eight-byte steps and on the tail after them.
        for length in 0..<20 {
            for special in specials {
                for place in 0...length {
                    let plain = String(repeating: "a", count: length)
                    var text = plain
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: place))
                    text += special
                    #expect(try render("{{v}}", ["v": .string(text)], path: path) == referenceEscape(text, path: path))
                }
            }
        }
    }
}
