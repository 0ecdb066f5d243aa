import HeraldCore
import HeraldLoaders
import Testing

@Test func yamlListOfRecords() throws {
    let text = """
        - title: Write docs
          done: true
          tags: [docs, "1"]
        - title: Ship it
          due: 2026-03-03
        """
    let records = try read(YAMLRecordReader(), text, file: "t.yml")
    #expect(records.count == 2)
    #expect(records[0]["done"]?.bool == true)
    #expect(records[0]["tags"]?.strings == ["docs", "1"])
    #expect(records[1]["due"]?.string == "2026-03-03")
    #expect(records[1].location.line == 4)
    #expect(records[1]["due"]?.line == 5)
}

@Test func yamlKeyedRecordsAndRoot() throws {
    let keyed = try read(YAMLRecordReader(), "ana:\n  role: support\nmei:\n  role: tank\n")
    #expect(keyed.map { $0["id"]?.string } == ["ana", "mei"])
    let rooted = try read(YAMLRecordReader(root: "data.items"), "data:\n  items:\n    - name: a\n    - name: b\n")
    #expect(rooted.map { $0["name"]?.string } == ["a", "b"])
    #expect(try read(YAMLRecordReader(), "").isEmpty)
}

@Test func yamlBadRecordsAndSyntax() {
    let shapes = errors(YAMLRecordReader(), "- title: a\n- just text\n- [1, 2]\n", file: "t.yml")
    #expect(
        shapes.map(\.description) == [
            "t.yml:2:3: error: record 2 is a string, expected a map of fields",
            "t.yml:3:3: error: record 3 is a list, expected a map of fields"
        ])
    let syntax = errors(YAMLRecordReader(), "- title: [a\n- b\n", file: "t.yml")
    #expect(syntax.first?.description.hasPrefix("t.yml:") == true)
    #expect(syntax.first?.message.contains("invalid YAML") == true)
}
