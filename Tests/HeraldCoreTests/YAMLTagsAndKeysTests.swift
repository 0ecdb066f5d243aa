import HeraldCore
import Testing

// The third probe's YAML cases: keys that are not scalars, explicit core tags, and numbers the
// core schema does not make.

private func value(_ yaml: String, _ key: String = "a") throws -> DataValue? {
    guard case .map(let map) = try YAMLReader.parse(yaml, file: "d.yml").value else { return nil }
    return map[key]?.value
}

private func problem(_ yaml: String) -> String? {
    do {
        _ = try YAMLReader.parse(yaml, file: "d.yml")
        return nil
    } catch {
        return error.diagnostics.first?.description
    }
}

@Test func aKeyThatIsAListOrAMapIsAnErrorAtItsPosition() {
    #expect(
        problem("x: 1\n[flow]: block\n")
            == "d.yml:2:1: error: a YAML key must be text or a number, not a list; quote it to make it text")
    #expect(problem("? []: x\n")?.hasPrefix("d.yml:1:3: error: a YAML key must be text or a number, not a map") == true)
    #expect(problem("{a: 1}: x\n")?.contains("not a map") == true)
    // The same document read twice says the same: no memory address in a key.
    #expect(problem("[flow]: block\n") == problem("[flow]: block\n"))
}

@Test func explicitCoreTagsDecideTheType() throws {
    if case .string("123")? = try value("a: !!str 123\n") {} else { Issue.record("!!str 123 is text") }
    if case .string("true")? = try value("a: !!str true\n") {} else { Issue.record("!!str true is text") }
    if case .string("~")? = try value("a: ! ~\n") {} else { Issue.record("! ~ is text") }
    let listed = try value("a:\n  - !!str\n  - x\n")
    if case .list(let items)? = listed, case .string("") = items[0].value {
    } else {
        Issue.record("an empty !!str is the empty text, not null: \(String(describing: listed))")
    }
    if case .int(7)? = try value("a: !!int \"7\"\n") {} else { Issue.record("!!int \"7\" is 7") }
    if case .double(1)? = try value("a: !!float 1\n") {} else { Issue.record("!!float 1 is 1.0") }
    if case .bool(true)? = try value("a: !!bool 'true'\n") {} else { Issue.record("!!bool 'true' is true") }
    if case .null? = try value("a: !!null ''\n") {} else { Issue.record("!!null '' is null") }
    if case .int(123)? = try value("a: 123\nb: !!str 5\n") {} else { Issue.record("an untagged 123 stays a number") }
    #expect(problem("a: !!int abc\n") == "d.yml:1:4: error: 'abc' is not a whole number, as its tag !!int says")
}

@Test func signedHexAndOctalAreTextAsTheCoreSchemaSays() throws {
    for text in ["0x-1", "0o-7", "0x+1", "0x", "0xg1"] {
        if case .string(text)? = try value("a: \(text)\n") {} else { Issue.record("\(text) must stay text") }
        let listed: DataValue? = try value("a: [\(text)]\n").flatMap { list in
            if case .list(let items) = list { items.first?.value } else { nil }
        }
        if case .string(text)? = listed {} else { Issue.record("\(text) in a flow list must stay text") }
    }
    if case .int(255)? = try value("a: 0xFF\n") {} else { Issue.record("0xFF is 255") }
    if case .int(7)? = try value("a: 0o7\n") {} else { Issue.record("0o7 is 7") }
}
