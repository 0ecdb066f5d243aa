import HeraldCore
import HeraldMustache
import Testing

/// Renders `source` as the file `path`, with `partials` (name → source) beside it.
func render(
    _ source: String, _ value: TemplateValue = [:], path: String = "page.html.mustache",
    partials: [String: String] = [:], strict: Bool = false
) throws -> String {
    let library = TemplateLibrary(try partials.map { try Template(name: $0, path: "\($0).mustache", source: $1) })
    return try library.render(try Template(name: "page", path: path, source: source), value, strict: strict)
}

/// The diagnostics a strict render of `source` reports, as printed.
func strictErrors(_ source: String, _ value: TemplateValue = [:], partials: [String: String] = [:]) -> [String] {
    do {
        _ = try render(source, value, partials: partials, strict: true)
        return []
    } catch let error as DiagnosticError {
        return error.diagnostics.map(\.description)
    } catch {
        return ["unexpected \(error)"]
    }
}

@Test func strictUnknownKeyNamesPlaceKnownKeysAndSuggestion() {
    let errors = strictErrors("<article>\n  <h1>{{titel}}</h1>\n</article>", ["title": "Hi", "slug": "hi"])
    #expect(
        errors == [
            "page.html.mustache:2:7: error: unknown key 'titel' (known here: slug, title; did you mean 'title'?)"
        ])
}

@Test func strictCollectsEveryErrorOfOneRender() {
    let source = "{{a}}\n{{#b}}x{{/b}}\n{{^c}}y{{/c}}\n{{> missing}}\n"
    let errors = strictErrors(source, ["known": 1])
    #expect(
        errors == [
            "page.html.mustache:1:1: error: unknown key 'a' (known here: known)",
            "page.html.mustache:2:1: error: unknown key 'b' (known here: known)",
            "page.html.mustache:3:1: error: unknown key 'c' (known here: known)",
            "page.html.mustache:4:1: error: unknown partial 'missing'"
        ])
}

@Test func strictReportsATagFailingInALoopOnce() {
    let errors = strictErrors("{{#items}}{{nme}}{{/items}}", ["items": [["name": "a"], ["name": "b"]]])
    #expect(errors == ["page.html.mustache:1:11: error: unknown key 'nme' (known here: name; did you mean 'name'?)"])
}

@Test func strictListsEveryKnownKeyOrTheThreeNearestNeverACutList() {
    var map: TemplateMap = [:]
    for key in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"] { map[key] = 1 }
    #expect(
        strictErrors("{{zzz}}", .map(map)) == [
            "page.html.mustache:1:1: error: unknown key 'zzz' (known here: a, b, c, d, e, f, g, h, i, j)"
        ])
    let page = [
        "hero", "heroes", "site", "page", "pagination", "groups", "search", "title", "subtitle", "summary",
        "tagline", "url"
    ].reduce(into: TemplateMap()) { $0[$1] = 1 }
    #expect(
        strictErrors("{{titel}}", .map(page)) == [
            "page.html.mustache:1:1: error: unknown key 'titel' (nearest of the 12 known here: title, site, page, "
                + "… run `herald inspect PATH` for all; did you mean 'title'?)"
        ])
}

@Test func strictExplainsDottedNames() {
    let value: TemplateValue = ["author": ["name": "Ann"], "price": 3, "tags": ["x"]]
    #expect(
        strictErrors("{{author.nmae}}", value) == [
            "page.html.mustache:1:1: error: unknown key 'nmae' in 'author.nmae' (known here: name; did you mean 'name'?)"
        ])
    #expect(
        strictErrors("{{price.amount}}", value) == [
            "page.html.mustache:1:1: error: 'price' is an integer, which has no key 'amount'"
        ])
    #expect(
        strictErrors("{{tags.3}}", value) == [
            "page.html.mustache:1:1: error: 'tags.3': index 3 is out of range, 'tags' has 1 item"
        ])
    #expect(
        strictErrors("{{tags}}", value) == [
            "page.html.mustache:1:1: error: 'tags' is a list, which has no text; use a section to go through it: {{#tags}}…{{/tags}}"
        ])
}

@Test func nullIsAKnownKeyAndMissingKeysRenderEmptyWhenNotStrict() throws {
    #expect(try render("[{{subtitle}}]{{^subtitle}}none{{/subtitle}}", ["subtitle": nil], strict: true) == "[]none")
    #expect(try render("[{{nothing}}|{{a.b.c}}]{{#nope}}x{{/nope}}{{> none}}") == "[|]")
}

@Test func strictSuggestsPartialNames() {
    #expect(
        strictErrors("{{> heder}}", partials: ["header": "H"]) == [
            "page.html.mustache:1:1: error: unknown partial 'heder'; did you mean 'header'?"
        ])
}

@Test func errorsInsidePartialsNameThePartialFile() {
    let errors = strictErrors("{{> card}}", ["name": "x"], partials: ["card": "<b>\n{{nam}}</b>"])
    #expect(errors == ["card.mustache:2:1: error: unknown key 'nam' (known here: name; did you mean 'name'?)"])
}

@Test func dottedNamesIndexLists() throws {
    #expect(try render("{{items.1.name}}", ["items": [["name": "a"], ["name": "b"]]]) == "b")
}

@Test func dynamicPartialsFollowTheData() throws {
    let partials = ["text": "T:{{content}}", "image": "I:{{url}}"]
    let value: TemplateValue = ["items": [["kind": "text", "content": "hi"], ["kind": "image", "url": "/a.png"]]]
    #expect(try render("{{#items}}{{>*kind}};{{/items}}", value, partials: partials) == "T:hi;I:/a.png;")
}

@Test func layoutsFillBlocksFromChildTemplates() throws {
    let partials = [
        "layout":
            "<html>\n  <head><title>{{$title}}Site{{/title}}</title></head>\n  <body>\n    {{$content}}\n    {{/content}}\n  </body>\n</html>\n",
        "card": "<div>{{name}}</div>\n"
    ]
    let page =
        "{{<layout}}\n{{$title}}Heroes{{/title}}\n{{$content}}\n{{#heroes}}\n{{> card}}\n{{/heroes}}\n{{/content}}\n{{/layout}}\n"
    let expected =
        "<html>\n  <head><title>Heroes</title></head>\n  <body>\n    <div>Ann</div>\n    <div>Bo</div>\n  </body>\n</html>\n"
    let rendered = try render(page, ["heroes": [["name": "Ann"], ["name": "Bo"]]], partials: partials)
    #expect(rendered == expected)
}

@Test func selfIncludingPartialStopsWithAnError() {
    let errors = strictErrors("{{> loop}}", partials: ["loop": "x{{> loop}}"])
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("loop.mustache:1:2: error: partials nested more than 300 levels deep") == true)
    // The chain is named once, as the cycle that repeats.
    #expect(
        errors.first
            == "loop.mustache:1:2: error: partials nested more than 300 levels deep: loop → loop include each other without end"
    )
    let pair = strictErrors("{{> a}}", partials: ["a": "a{{> b}}", "b": "b{{> a}}"])
    #expect(
        pair == [
            "b.mustache:1:2: error: partials nested more than 300 levels deep: a → b → a include each other without end"
        ])
}

@Test func fiftyLevelsOfNestedSections() throws {
    var value: TemplateValue = ["leaf": "deep"]
    var open = ""
    var close = ""
    for level in (0..<50).reversed() {
        value = ["l\(level)": value]
    }
    for level in 0..<50 {
        open += "{{#l\(level)}}"
        close = "{{/l\(level)}}" + close
    }
    #expect(try render(open + "{{leaf}}" + close, value, strict: true) == "deep")
}

@Test func tenMegabyteTemplateParsesAndRenders() throws {
    let line = "<li class=\"hero\">{{name}} — {{#power}}strong{{/power}}{{^power}}weak{{/power}} {{! note }}</li>\n"
    let count = 10_000_000 / line.utf8.count + 1
    let source = String(repeating: line, count: count)
    #expect(source.utf8.count >= 10_000_000)
    let clock = ContinuousClock()
    var output = ""
    let elapsed = try clock.measure {
        output = try render(source, ["name": "Ann", "power": true])
    }
    #expect(output.utf8.count == count * "<li class=\"hero\">Ann — strong </li>\n".utf8.count)
    #expect(output.hasPrefix("<li class=\"hero\">Ann — strong </li>\n"))
    #expect(elapsed < .seconds(60))
}

@Test func rendersInParallelFromOneLibrary() async throws {
    let library = TemplateLibrary([
        try Template(name: "list", path: "list.html.mustache", source: "{{#items}}{{> item}}{{/items}}"),
        try Template(name: "item", path: "item.mustache", source: "<{{.}}>")
    ])
    let results = try await withThrowingTaskGroup(of: String.self) { group in
        for number in 0..<32 {
            group.addTask { try library.render("list", ["items": [.int(number), .int(number + 1)]]) }
        }
        return try await group.reduce(into: Set<String>()) { $0.insert($1) }
    }
    #expect(results.count == 32)
    #expect(results.contains("<3><4>"))
}

@Test func renderingAnUnknownTemplateNameFails() {
    let library = TemplateLibrary([])
    #expect(throws: DiagnosticError.self) { try library.render("page", [:]) }
}

@Test func contentPassedIntoAnInlineBlockIsIndentedOnce() throws {
    // The block shares its line with its closing tag, so the line ending after it stays (spec:
    // "Standalone block"); the passed partial continues the line the layout indented.
    let partials = ["layout": "<body>\n  {{$content}}{{/content}}\n</body>\n", "card": "<div>\n  x\n</div>\n"]
    let rendered = try render("{{<layout}}{{$content}}\n{{> card}}\n{{/content}}{{/layout}}", partials: partials)
    #expect(rendered == "<body>\n  <div>\n    x\n  </div>\n\n</body>\n")
}

// Found by `make fuzz` (fuzz/corpus/mustache-render/finding-self-including-partial-in-list): depth
// alone did not bound it: a partial including itself inside a two-item list ran for ever.
@Test func aPartialIncludingItselfInsideAListStopsAtOnce() {
    let clock = ContinuousClock()
    let started = clock.now
    let errors = strictErrors(
        "{{> p}}", ["items": [["name": "a"], ["name": "b"]]],
        partials: ["p": "{{#items}}{{name}}{{> p}}{{/items}}"])
    // Unbounded it never ends; the margin is for a machine loaded by the whole suite.
    #expect(clock.now - started < .seconds(30))
    #expect(
        errors == [
            "p.mustache:1:19: error: partials nested more than 300 levels deep: p → p include each other without end"
        ])
}

@Test func nestedListsThatMultiplyStopAtTheStepLimit() {
    // Twelve nested sections over a ten-item list: 10^12 items, no recursion.
    let source = String(repeating: "{{#n}}", count: 12) + "x" + String(repeating: "{{/n}}", count: 12)
    let errors = strictErrors(source, ["n": .list(Array(repeating: 1, count: 10))])
    #expect(
        errors == [
            "page.html.mustache:1:67: error: the template renders more than 5000000 list items and partials; "
                + "does a partial include itself inside a list?"
        ])
}
