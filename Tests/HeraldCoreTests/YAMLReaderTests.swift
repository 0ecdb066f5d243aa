import HeraldCore
import Testing

@Test func yamlKeepsTypesAndPositions() throws {
    let text = """
        title: Team Board
        count: 3
        ratio: 0.5
        draft: false
        answer: yes
        due: 2026-11-03
        none: ~
        tags: [a, "1"]
        """
    let root = try YAMLReader.parse(text, file: "herald.yml", lineOffset: 1)
    guard case .map(let map) = root.value else { Issue.record("not a map"); return }
    #expect(map.keys == ["title", "count", "ratio", "draft", "answer", "due", "none", "tags"])
    if case .int(3)? = map["count"]?.value {} else { Issue.record("count is not an int") }
    if case .double(0.5)? = map["ratio"]?.value {} else { Issue.record("ratio is not a double") }
    if case .bool(false)? = map["draft"]?.value {} else { Issue.record("draft is not a bool") }
    if case .string("yes")? = map["answer"]?.value {} else { Issue.record("yes must stay a string") }
    if case .string("2026-11-03")? = map["due"]?.value {} else { Issue.record("dates stay strings") }
    if case .null? = map["none"]?.value {} else { Issue.record("~ is null") }
    if case .list(let tags)? = map["tags"]?.value, case .string("1") = tags[1].value {
    } else {
        Issue.record("quoted 1 is a string")
    }
    #expect(map["count"]?.line == 3)
    #expect(map["count"]?.column == 8)
}

@Test func yamlErrorNamesFileLineAndColumn() {
    #expect {
        try YAMLReader.parse("a: 1\nb: [1, 2\nc: 3\n", file: "data.yml", lineOffset: 4)
    } throws: { error in
        guard let error = error as? DiagnosticError, let first = error.diagnostics.first else { return false }
        return first.location.file == "data.yml" && first.location.line > 4 && first.location.column > 0
            && first.description.contains("error: invalid YAML")
    }
}

@Test func yamlDuplicateKeyIsAnError() {
    #expect(throws: DiagnosticError.self) { try YAMLReader.parse("a: 1\na: 2\n", file: "d.yml") }
}

@Test func emptyYamlIsAnEmptyMap() throws {
    let root = try YAMLReader.parse("", file: "e.yml")
    if case .map(let map) = root.value { #expect(map.isEmpty) } else { Issue.record("not a map") }
}

@Test func yamlKeepsKeyPositions() throws {
    let root = try YAMLReader.parse(
        "title: x\ntasks:\n  colums: [a]\n  status_map: {pending: todo}\n", file: "herald.yml", lineOffset: 2)
    guard case .map(let map) = root.value, case .map(let tasks)? = map["tasks"]?.value,
        case .map(let statusMap)? = tasks["status_map"]?.value
    else { Issue.record("not maps"); return }
    #expect(map.position(ofKey: "tasks") == .init(line: 4, column: 1))
    #expect(tasks.position(ofKey: "colums") == .init(line: 5, column: 3))
    #expect(statusMap.position(ofKey: "pending") == .init(line: 6, column: 16))
    var copy = tasks
    copy["colums"] = nil
    copy["colums"] = DataNode(.null)
    #expect(copy.position(ofKey: "colums") == nil)
}

@Test func plainScalarsAreTypedByTheCoreSchema() throws {
    let text = """
        a: 12
        b: -3
        c: 0x1F
        d: 1.5e3
        e: .5
        f: 1.
        g: 1e
        h: 12abc
        i: null
        j: "12"
        k: 'true'
        l: +7
        m: 2026-11-21
        n: No
        o: ~
        p:
        """
    guard case .map(let map) = try YAMLReader.parse(text, file: "t.yml").value else {
        Issue.record("not a map"); return
    }
    func check(_ key: String, _ expected: String) {
        let actual: String =
            switch map[key]?.value {
            case .int(let v)?: "int \(v)"
            case .double(let v)?: "double \(v)"
            case .string(let v)?: "string \(v)"
            case .bool(let v)?: "bool \(v)"
            case .null?: "null"
            default: "other"
            }
        #expect(actual == expected, "\(key)")
    }
    check("a", "int 12"); check("b", "int -3"); check("c", "int 31"); check("d", "double 1500.0")
    check("e", "double 0.5"); check("f", "double 1.0"); check("g", "string 1e"); check("h", "string 12abc")
    check("i", "null"); check("j", "string 12"); check("k", "string true"); check("l", "int 7")
    check("m", "string 2026-11-21"); check("n", "string No"); check("o", "null"); check("p", "null")
}

@Test func aMapWithoutSomeKeysKeepsTheRestInOrderWithTheirValuesPositions() throws {
    let node = try YAMLReader.parse("name: Storm\nslug: storm\nfirst_appearance: 1975\nrank: 3\n", file: "storm.md")
    guard case .map(let map) = node.value else {
        throw DiagnosticError(.error(at: SourceLocation(file: "storm.md"), "not a map"))
    }
    let rest = map.removing(["name", "slug", "absent"])
    #expect(rest.keys == ["first_appearance", "rank"])
    if case .int(1975)? = rest["first_appearance"]?.value {} else { Issue.record("first_appearance is not kept") }
    #expect(rest["name"] == nil)
    #expect(rest["rank"]?.line == 4 && rest["rank"]?.column == 7)
    // What a model keeps of its record is shown, never reported on: the keys' own places go.
    #expect(rest.position(ofKey: "rank") == nil)
    #expect(map.removing(Set(map.keys)).isEmpty && map.count == 4)
    // A change to the kept map works as on any other.
    var changed = rest
    changed["rank"] = DataNode(.int(4))
    changed["new"] = DataNode(.null)
    #expect(changed.keys == ["first_appearance", "rank", "new"])
    if case .int(4)? = changed["rank"]?.value {} else { Issue.record("rank was not changed") }
    #expect(changed.entries.map(\.key) == ["first_appearance", "rank", "new"])
}
