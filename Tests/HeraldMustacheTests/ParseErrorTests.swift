import HeraldCore
import HeraldMustache
import HeraldTestSupport
import Testing

/// The errors parsing `source` as `page.html.mustache` reports, as printed, one per line.
func parseError(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    diagnostics(sourceLocation: sourceLocation) { () throws(DiagnosticError) in
        try Template(name: "page", path: "page.html.mustache", source: source)
    }.map(\.description).joined(separator: "\n")
}

@Test func unclosedSectionPointsAtItsOpeningTag() {
    #expect(
        parseError("<ul>\n{{#items}}\n  <li>{{name}}</li>\n</ul>\n")
            == "page.html.mustache:2:1: error: unclosed section 'items' (opened here; expected '{{/items}}')")
    #expect(
        parseError("{{<layout}}{{$body}}x")
            == "page.html.mustache:1:12: error: unclosed block 'body' (opened here; expected '{{/body}}')")
}

@Test func mismatchedCloseNamesTheOpenSection() {
    #expect(
        parseError("\n\n{{#items}}\n  {{#item}}{{/items}}")
            == "page.html.mustache:4:12: error: '{{/items}}' closes section 'item' opened at 4:3")
    #expect(
        parseError("{{^empty}}\n    {{/full}}")
            == "page.html.mustache:2:5: error: '{{/full}}' closes inverted section 'empty' opened at 1:1")
}

@Test func closeWithoutOpen() {
    #expect(
        parseError("a {{/items}}")
            == "page.html.mustache:1:3: error: '{{/items}}' closes nothing: no section is open here")
}

@Test func unclosedTags() {
    #expect(parseError("ok\n  {{name") == "page.html.mustache:2:3: error: unclosed tag: no '}}' after '{{'")
    #expect(parseError("{{{name}}") == "page.html.mustache:1:1: error: unclosed tag: no '}}}' after '{{{'")
    #expect(parseError("{{=<% %>}}") == "page.html.mustache:1:1: error: unclosed tag: no '=}}' after '{{='")
}

@Test func badDelimiters() {
    #expect(
        parseError("x{{=<%%>=}}")
            == "page.html.mustache:1:2: error: invalid delimiters '<%%>': expected two delimiters separated by a space, neither containing '='"
    )
    #expect(
        parseError("{{=a= b=}}")
            == "page.html.mustache:1:1: error: invalid delimiters 'a= b': expected two delimiters separated by a space, neither containing '='"
    )
}

@Test func badNames() {
    #expect(parseError("{{ }}") == "page.html.mustache:1:1: error: empty tag: expected a name between '{{' and '}}'")
    #expect(
        parseError("{{first name}}")
            == "page.html.mustache:1:1: error: invalid name 'first name': a name cannot contain spaces")
    #expect(parseError("{{a..b}}") == "page.html.mustache:1:1: error: invalid name 'a..b': empty part in a dotted name")
}

@Test func errorPositionsUseCurrentDelimitersAndCountCharacters() {
    #expect(
        parseError("{{=<% %>=}}\nété <%#list%>")
            == "page.html.mustache:2:5: error: unclosed section 'list' (opened here; expected '<%/list%>')")
    #expect(
        parseError("{{! a comment\n spanning lines }}{{#x}}")
            == "page.html.mustache:2:19: error: unclosed section 'x' (opened here; expected '{{/x}}')")
}

@Test func nestingTooDeepIsAnErrorNotACrash() {
    let source = String(repeating: "{{#a}}", count: 300) + String(repeating: "{{/a}}", count: 300)
    #expect(parseError(source) == "page.html.mustache:1:1537: error: sections nested more than 256 deep")
}

@Test func folderLoadingCollectsEveryFilesErrors() throws {
    let site = try TemporarySite(["one.mustache": "{{#a}}", "two.html.mustache": "{{/b}}", "three.mustache": "fine"])
    let found = diagnostics { () throws(DiagnosticError) in try TemplateLibrary(folders: [site.folder.path]) }
    #expect(
        found.map(\.description) == [
            "\(site.url("one.mustache").path):1:1: error: unclosed section 'a' (opened here; expected '{{/a}}')",
            "\(site.url("two.html.mustache").path):1:1: error: '{{/b}}' closes nothing: no section is open here"
        ])
}
