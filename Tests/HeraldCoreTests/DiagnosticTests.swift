import HeraldCore
import Testing

@Test func diagnosticPrintsCompilerStyle() {
    let d = Diagnostic.error(
        at: SourceLocation(file: "Content/tasks.todo.txt", line: 14, column: 3),
        "invalid due date '2014-02-32'")
    #expect(d.description == "Content/tasks.todo.txt:14:3: error: invalid due date '2014-02-32'")
    #expect(SourceLocation(file: "a.yml").description == "a.yml")
    #expect(SourceLocation(file: "a.yml", line: 2).description == "a.yml:2")
}

@Test func suggestionFindsTyposButNotStrangers() {
    let keys = ["title", "slug", "due", "tags"]
    #expect(Suggestion.nearest(to: "titel", in: keys) == "title")
    #expect(Suggestion.nearest(to: "Slug", in: keys) == "slug")
    #expect(Suggestion.nearest(to: "tag", in: keys) == "tags")
    #expect(Suggestion.nearest(to: "zebra", in: keys) == nil)
}

@Test func lookupFollowsDottedPathsThroughMapsAndLists() {
    let bio = DataNode(.map(DataMap([("publisher", DataNode(.string("Marvel"), line: 3, column: 18))])))
    let roles = DataNode(.list([DataNode(.string("tank")), DataNode(.string("support"))]))
    let root = DataNode(.map(DataMap([("biography", bio), ("roles", roles)])))
    #expect(root.lookup("biography.publisher")?.line == 3)
    if case .string(let s)? = root.lookup("roles.1")?.value {
        #expect(s == "support")
    } else {
        Issue.record("roles.1 missing")
    }
    #expect(root.lookup("roles.2") == nil)
    #expect(root.lookup("biography.publisher.name") == nil)
}

@Test func dataMapKeepsSourceOrderAndRemoves() {
    var map = DataMap([("b", DataNode(.int(1))), ("a", DataNode(.int(2)))])
    map["c"] = DataNode(.null)
    map["b"] = nil
    #expect(map.keys == ["a", "c"])
    map["a"] = DataNode(.int(3))
    #expect(map.keys == ["a", "c"])
}

@Test func trimmingDropsUnicodeWhiteSpaceAtBothEndsOnly() {
    #expect("  a b \n\t".trimmed() == "a b")
    #expect("\u{00A0}Señora\u{2003}".trimmed() == "Señora")
    #expect(" \n ".trimmed() == "")
    #expect("".trimmed() == "")
    #expect(" x".hasVisibleText && !" \n\t".hasVisibleText)
}
