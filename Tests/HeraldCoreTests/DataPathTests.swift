import HeraldCore
import Testing

private func node(_ json: String) throws -> DataNode {
    try #require(try JSONParser.parse(Array(json.utf8), file: "data.json"))
}

private func texts(_ lookup: DataPath.Lookup) -> [String]? {
    guard case .found(let node) = lookup else { return nil }
    switch node.value {
    case .string(let text): return [text]
    case .int(let number): return [String(number)]
    case .list(let items): return items.map { item in if case .string(let text) = item.value { text } else { "?" } }
    default: return nil
    }
}

@Test func pathsReadKeysIndicesQuotedKeysAndEveryItem() throws {
    let record = try node(
        """
        {"labels": [{"name": "bug"}, {"color": "red"}, {"name": "ui"}], "roles": ["Carry", "Nuker"],
         "base": {"Sp. Attack": 65, "HP": 45}, "a": {"b": {"c": "deep"}}}
        """)
    #expect(texts(record.resolve("labels.*.name")) == ["bug", "ui"])
    #expect(texts(record.resolve("roles.0")) == ["Carry"])
    #expect(texts(record.resolve("roles.*")) == ["Carry", "Nuker"])
    #expect(texts(record.resolve(#"base."Sp. Attack""#)) == ["65"])
    #expect(texts(record.resolve("a.b.c")) == ["deep"])
    if case .missing = record.resolve("roles.5") {} else { Issue.record("an index past the end is missing") }
    if case .missing = record.resolve("nothing.here") {} else { Issue.record("an absent key is missing") }
}

@Test func aPathIntoAListWithoutStarOrIndexSaysBothSpellings() throws {
    let record = try node(#"{"labels": [{"name": "bug"}], "issue": {"assignees": [{"login": "ana"}]}}"#)
    guard case .intoList(let listPath, let rest, let list) = record.resolve("issue.assignees.login") else {
        Issue.record("not reported as running into a list")
        return
    }
    #expect(listPath == "issue.assignees" && rest == "login")
    #expect(list.line == 1)
    #expect(
        DataPath.intoListAdvice(listPath: listPath, rest: rest)
            == "'issue.assignees' is a list: write 'issue.assignees.*.login' for every item, or 'issue.assignees.0.login' for the first"
    )
}

@Test func malformedPathsAreRefused() {
    #expect(DataPath("a..b") == nil)
    #expect(DataPath("") == nil)
    #expect(DataPath(#"base."Sp. Attack"#) == nil)
    #expect(DataPath(#"base."Sp. Attack""#)?.parts == [.key("base"), .key("Sp. Attack")])
    #expect(DataPath("labels.*.name")?.takesEveryItem == true)
}
