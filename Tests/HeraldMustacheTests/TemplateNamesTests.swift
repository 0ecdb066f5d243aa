import HeraldMustache
import Testing

// A build asks whether any template names `record` before it decides what the heroes keep: a
// tag that names it anywhere must be seen, and nothing else may count.

private func names(_ source: String, _ key: String = "record") throws -> Bool {
    try Template(name: "t", path: "t.html.mustache", source: source).names(key)
}

@Test func aKeyIsNamedByAnyPartOfAnyTagAtAnyDepth() throws {
    #expect(try names("{{hero.record.type}}"))
    #expect(try names("{{{record}}}"))
    #expect(try names("{{#hero}}{{#items}}{{&record.a}}{{/items}}{{/hero}}"))
    #expect(try names("{{^record}}none{{/record}}"))
    #expect(try names("{{$main}}{{record.x}}{{/main}}"))
    #expect(try names("{{<base}}{{$main}}{{hero.record}}{{/main}}{{/base}}"))
    #expect(try names("{{>*record.kind}}"))
}

@Test func textPartialsAndOtherKeysDoNotNameIt() throws {
    #expect(try !names("No stats recorded. record {{records}} {{hero.recorded}}"))
    #expect(try !names("{{> record}}{{<record}}{{/record}}"))
    #expect(try !names("{{$record}}x{{/record}}"))
    #expect(try !names("{{! record }}{{hero.name}}"))
}

@Test func aLibraryNamesWhatOneOfItsTemplatesNames() throws {
    let plain = try Template(name: "a", path: "a.html.mustache", source: "{{hero.name}}")
    let naming = try Template(name: "b", path: "b.html.mustache", source: "{{#hero}}{{record.x}}{{/hero}}")
    #expect(TemplateLibrary([plain, naming]).names("record"))
    #expect(!TemplateLibrary([plain]).names("record"))
}
