import Foundation
import HeraldConfig
import HeraldCore
import HeraldTestSupport
import Testing

/// The keys docs/config.md documents: the backquoted cells of its tables' `key` columns.
private func documentedKeys() throws -> [String] {
    let text = try String(contentsOf: Repository.url("docs/config.md"), encoding: .utf8)
    var keys: [String] = []
    var header: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        guard line.hasPrefix("|") else {
            header = []
            continue
        }
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if header.isEmpty {
            header = cells
            continue
        }
        for (column, cell) in zip(header, cells) where column == "key" {
            if let key = cell.firstMatch(of: /^`([^`]+)`$/)?.1 { keys.append(String(key)) }
        }
    }
    return keys
}

@Test func theConfigReferenceNamesEveryKeyTheReaderAcceptsAndNothingElse() throws {
    let documented = try documentedKeys()
    let accepted = SiteConfig.allKeys
    #expect(Set(documented).count == documented.count, "a key documented twice")
    #expect(Set(documented).subtracting(accepted).sorted() == [], "documented but not accepted")
    #expect(Set(accepted).subtracting(documented).sorted() == [], "accepted but not documented")
}

@Test func everyKeyOfTheReferenceIsAcceptedWhereItIsDocumented() throws {
    // One config with every section and a value of the right kind for a few keys of each: no
    // key the list names is refused as unknown.
    let yaml = """
        title: T
        base_url: /
        language: en
        timezone: UTC
        pages: Content/pages
        tasks: {source: t.json, format: json, root: a, max_age: 1h, max_bytes: 1MB, timeout: 5s, headers: {A: b},
                cache_key: k, next: n, max_pages: 2, columns: [todo, done], status_map: {x: done},
                fields: {id: i, title: t, notes: n, status: s, completed: c, priority: p, created: cr, due: d,
                         completed_at: ca, tags: tg, project: pr, assignee: as, image: im, url: u, subtasks: st}}
        heroes: {source: h.sqlite, table: heroes, group_by: [publisher], per_page: 10, search: false,
                 fields: {id: i, slug: s, name: n, full_name: f, biography: b, publisher: p, alignment: a, stats: st,
                          appearance: ap, aliases: al, affiliations: af, image: im, tags: t}}
        data: {team: {source: team.yml, query: q}}
        markdown: {smart: true, unsafe: false}
        check: {exclude: [example]}
        """
    do throws(DiagnosticError) {
        _ = try SiteConfig.parse(yaml, file: "herald.yml")
    } catch {
        #expect(error.diagnostics.map(\.description) == [])
    }
}
