import Foundation
import HeraldTestSupport
import Testing

// docs/view-data.md lists, per template, the key paths `herald inspect --keys` prints for a page of
// the default site: the page may not drift from what the presenters make.

/// Each section of docs/view-data.md: its template, the page inspected, the keys listed.
private func documentedSections() throws -> [(template: String, path: String, keys: [String])] {
    let text = try String(contentsOf: Repository.url("docs/view-data.md"), encoding: .utf8)
    var sections: [(template: String, path: String, keys: [String])] = []
    for part in text.components(separatedBy: "\n## `").dropFirst() {
        let template = String(part.prefix { $0 != "`" })
        let path = try #require(part.firstMatch(of: /Inspected at `([^`]+)`/)?.1, "\(template)")
        let block = try #require(part.firstMatch(of: /```\n([^`]*)```/)?.1, "\(template)")
        sections.append((template, String(path), block.split(separator: "\n").map(String.init)))
    }
    return sections
}

@Test func theViewDataReferenceListsWhatInspectPrintsForEachTemplate() async throws {
    let sections = try documentedSections()
    #expect(Set(sections.map(\.template)) == Set(defaultSitePageKinds.map(\.template)))
    for section in sections {
        let keys = try await CLI.run(
            ["inspect", section.path, "--keys", "--now", "2026-11-21T10:00:00Z"], in: Repository.folder)
        #expect(keys.status == 0, "\(section.path): \(keys.stderr)")
        #expect(
            keys.output.split(separator: "\n").map(String.init) == section.keys,
            "\(section.template) at \(section.path)")
        let page = try await CLI.run(["inspect", section.path], in: Repository.folder)
        let object = try JSONSerialization.jsonObject(with: page.stdout) as? [String: Any]
        #expect(object?["template"] as? String == section.template, "\(section.path)")
    }
}
