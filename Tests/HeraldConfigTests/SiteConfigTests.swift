import Foundation
import HeraldConfig
import HeraldMarkdown
import HeraldCore
import HeraldModels
import HeraldTestSupport
import Testing

/// The diagnostics `herald.yml` text produces, printed as the CLI prints them.
private func errors(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
    diagnostics(sourceLocation: sourceLocation) { () throws(DiagnosticError) in
        try SiteConfig.parse(yaml, file: "herald.yml")
    }.map(\.description)
}

/// A herald.yml with every section, commented as a user might comment it.
private let fullExample = """
    title: Team Board
    base_url: https://example.org/board/     # may have a sub-path (GitHub Pages project sites)
    language: en
    timezone: Europe/Berlin                  # "today", overdue, relative dates
    tasks:
      source: Content/tasks.todo.txt         # file, folder, glob, sqlite file, or http(s) URL
      format: todo.txt                       # optional: inferred from the extension
      columns: [todo, doing, done]           # board columns, in order
      fields:                                # optional mapping: model field -> key path in a record
        title: description
        status: status
      status_map: {pending: todo, completed: done, deleted: ~}   # ~ drops the record
    heroes:
      source: https://example.org/api/all.json
      root: data.results                     # key path to the array inside the document
      max_age: 1h                            # remote cache freshness
      fields:
        name: localized_name
        slug: name
        tags: roles
        image: images.md
      group_by: [publisher, alignment]       # taxonomy pages
      per_page: 48                           # list pagination
    pages: Content/pages                     # Markdown pages with front matter
    data: Content/data                       # extra files exposed to every template as `data.NAME`
    markdown:
      smart: true                            # libcmark's smart punctuation
      unsafe: false                          # raw HTML in Markdown is dropped unless true
    """

@Test func theFullExampleParses() throws {
    let config = try SiteConfig.parse(fullExample, file: "herald.yml")
    #expect(config.title == "Team Board")
    #expect(config.baseURL == "https://example.org/board/")
    #expect(config.language == "en")
    #expect(config.timeZone.identifier == "Europe/Berlin")

    let tasks = try #require(config.tasks)
    #expect(tasks.source.source == "Content/tasks.todo.txt")
    #expect(tasks.source.format == "todo.txt")
    #expect(tasks.source.location.description == "herald.yml:6:11")
    #expect(tasks.rules.columns == ["todo", "doing", "done"])
    #expect(tasks.rules.fields == [.title: "description", .status: "status"])
    #expect(tasks.rules.statusMap.count == 3)
    #expect(tasks.rules.statusMap["pending"] == .some("todo"))
    #expect(tasks.rules.statusMap["deleted"] == .some(nil))
    #expect(tasks.rules.timeZone.identifier == "Europe/Berlin")

    let heroes = try #require(config.heroes)
    #expect(heroes.source.source == "https://example.org/api/all.json")
    #expect(heroes.source.format == nil)
    #expect(heroes.source.root == "data.results")
    #expect(heroes.source.maxAge == .seconds(3600))
    #expect(heroes.rules.fields == [.name: "localized_name", .slug: "name", .tags: "roles", .image: "images.md"])
    #expect(heroes.groupBy == [.publisher, .alignment])
    #expect(heroes.perPage == 48)

    #expect(config.pages == "Content/pages")
    #expect(config.data == "Content/data")
    #expect(config.markdown == MarkdownOptions(smart: true, unsafe: false))
}

@Test func anEmptyFileMeansTheDefaults() throws {
    for text in ["", "# nothing yet\n", "tasks: ~\n"] {
        let config = try SiteConfig.parse(text, file: "herald.yml")
        #expect(config.title == "Herald")
        #expect(config.baseURL == "/")
        #expect(config.language == "en")
        #expect(config.timeZone.secondsFromGMT(for: Date()) == 0)
        #expect(config.tasks == nil && config.heroes == nil)
        #expect(config.pages == "Content/pages" && config.data == "Content/data")
        #expect(config.markdown == MarkdownOptions(smart: true, unsafe: false))
    }
}

@Test func sectionsGetTheirDefaultsToo() throws {
    let config = try SiteConfig.parse("tasks:\n  source: todo.txt\nheroes:\n  source: heroes.csv\n", file: "herald.yml")
    #expect(config.tasks?.rules.columns == ["todo", "doing", "done"])
    #expect(config.tasks?.rules.fields.isEmpty == true)
    #expect(config.heroes?.perPage == 48)
    #expect(config.heroes?.groupBy == [.publisher, .alignment])
    #expect(config.heroes?.source.maxAge == SourceConfig.defaultMaxAge)
}

@Test func unknownKeysAreErrorsAtTheKeyWithASuggestion() {
    let text = """
        titel: Board
        tasks:
          source: todo.txt
          colums: [a, b]
          fields:
            titel: summary
            zzz: other
        markdown:
          smrt: false
        """
    #expect(
        errors(text) == [
            "herald.yml:1:1: error: unknown key 'titel' (did you mean 'title'?)",
            "herald.yml:4:3: error: unknown key 'colums' in 'tasks' (did you mean 'columns'?)",
            "herald.yml:6:5: error: unknown key 'titel' in 'tasks.fields' (did you mean 'title'?)",
            "herald.yml:7:5: error: unknown key 'zzz' in 'tasks.fields' (known keys: id, title, notes, status, completed, "
                + "priority, created, due, completed_at, tags, project, assignee, image, url, subtasks, note, contexts, "
                + "threshold, recurrence, hidden, scheduled, start, cancelled)",
            "herald.yml:9:3: error: unknown key 'smrt' in 'markdown' (did you mean 'smart'?)"
        ])
}

@Test func wrongTypesNameTheKeyAndTheValue() {
    let text = """
        title: [a, b]
        heroes:
          per_page: many
          source: h.json
          group_by: [publisher, alinement, stats]
          max_age: 1 hour
          fields: {stats: [health, "a..b"], name: 3}
        markdown: {smart: "yes", unsafe: 1}
        pages: 2026
        """
    #expect(
        errors(text) == [
            "herald.yml:1:8: error: 'title' must be text, found a list",
            "herald.yml:6:12: error: 'max_age' must be a duration such as 30s, 15m, 1h or 2d, found '1 hour'",
            "herald.yml:7:28: error: 'heroes.fields.stats' must be a key path such as 'biography.publisher', found 'a..b'",
            "herald.yml:7:43: error: 'heroes.fields.name' must be a key path such as 'biography.publisher', found 3",
            "herald.yml:5:25: error: cannot group heroes by 'alinement' (did you mean 'alignment'?)",
            "herald.yml:5:36: error: cannot group heroes by 'stats' (heroes can be grouped by publisher, alignment, tags, affiliations)",
            "herald.yml:3:13: error: 'per_page' must be a whole number from 1 to 10000, found 'many'",
            "herald.yml:9:8: error: 'pages' must be text, found 2026 (put it in quotes to make it text)",
            "herald.yml:8:19: error: 'smart' must be true or false, found 'yes'",
            "herald.yml:8:34: error: 'unsafe' must be true or false, found 1"
        ])
    #expect(
        errors("heroes: {source: h.json, per_page: 0}") == [
            "herald.yml:1:36: error: 'per_page' must be a whole number from 1 to 10000, found 0"
        ])
    // A number that would overflow page arithmetic is refused here, not trapped on later.
    #expect(
        errors("heroes: {source: h.json, per_page: 9223372036854775807}") == [
            "herald.yml:1:36: error: 'per_page' must be a whole number from 1 to 10000, found 9223372036854775807"
        ])
}

@Test func anUnknownTimeZoneIsAnErrorWithAHint() {
    #expect(
        errors("timezone: Europe/Berln\n") == [
            "herald.yml:1:11: error: unknown time zone 'Europe/Berln' (did you mean 'Europe/Berlin'?)"
        ])
    #expect(
        errors("timezone: Mars/Olympus_Mons\n").first?.hasPrefix("herald.yml:1:11: error: unknown time zone") == true)
}

@Test func taskColumnsAndStatusMapAreChecked() {
    let text = """
        tasks:
          source: tasks.json
          format: todotxt
          columns: [todo, done, todo]
          status_map: {pending: todo, finished: dnoe, gone: ~, odd: [1]}
          table: todos
          query: select * from todos
        """
    #expect(
        errors(text) == [
            "herald.yml:3:11: error: 'format' must be one of json, yaml, csv, tsv, markdown, sqlite, todo.txt, "
                + "markdown-checklist, found 'todotxt' (did you mean 'todo.txt'?)",
            "herald.yml:7:3: error: give either 'table' or 'query', not both",
            "herald.yml:4:25: error: column 'todo' is listed twice in 'columns'",
            "herald.yml:5:41: error: status_map sends 'finished' to 'dnoe', which is not a column "
                + "(columns: todo, done) (did you mean 'done'?)",
            "herald.yml:5:61: error: status_map value for 'odd' must be a column name or ~, found a list"
        ])
    #expect(
        errors("tasks: {source: t.json, columns: []}") == [
            "herald.yml:1:34: error: 'columns' must list at least one column"
        ])
}

@Test func aSectionWithoutSourceIsAnError() {
    #expect(
        errors("title: x\ntasks:\n  columns: [a]\n") == [
            "herald.yml:2:1: error: 'tasks' needs a 'source': the file, folder, glob or http(s) URL to read"
        ])
    #expect(errors("heroes: [a]\n") == ["herald.yml:1:9: error: 'heroes' must be a map of settings, found a list"])
}

@Test func severalErrorsAreReportedTogetherInFileOrderOfTheirSections() {
    let found = errors(
        "base_url: example.org\nlanguage: English language\ntimezone: Nowhere\nheroes: {source: x, per_page: -1}\n")
    #expect(
        found == [
            "herald.yml:1:11: error: 'base_url' must be an http(s) URL or a path starting with '/', found 'example.org'",
            "herald.yml:2:11: error: 'language' must be a language tag such as en or pt-BR, found 'English language'",
            "herald.yml:3:11: error: unknown time zone 'Nowhere' (use a name from the tz database, such as Europe/Berlin or UTC)",
            "herald.yml:4:31: error: 'per_page' must be a whole number from 1 to 10000, found -1"
        ])
}

@Test func aFileThatIsNotAMapOrNotYamlIsAnError() {
    #expect(errors("- a\n- b\n") == ["herald.yml:1:1: error: herald.yml must be a map of settings, found a list"])
    #expect(errors("title: [unclosed\n").first?.contains("error: invalid YAML") == true)
}

@Test func baseURLsAreNormalised() {
    #expect(SiteConfig.normalizedBaseURL("https://example.org/board") == "https://example.org/board/")
    #expect(SiteConfig.normalizedBaseURL("HTTP://example.org") == "HTTP://example.org/")
    #expect(SiteConfig.normalizedBaseURL("/board") == "/board/")
    #expect(SiteConfig.normalizedBaseURL("/") == "/")
    #expect(SiteConfig.normalizedBaseURL("board/") == nil)
    #expect(SiteConfig.normalizedBaseURL("//cdn.example.org/") == nil)
    #expect(SiteConfig.normalizedBaseURL("ftp://example.org/") == nil)
    #expect(SiteConfig.normalizedBaseURL("https:///nohost") == nil)
    #expect(SiteConfig.normalizedBaseURL("https://example.org/a b") == nil)
    #expect(SiteConfig.normalizedBaseURL("https://example.org/?q=1") == nil)
}

@Test func durationsInManyUnits() throws {
    for (text, seconds) in [
        ("30s", 30), ("15m", 900), ("2d", 172_800), ("1h30m", 5400), ("1w", 604_800), ("90", 90), ("0s", 0)
    ] {
        let config = try SiteConfig.parse("heroes: {source: x, max_age: \(text)}", file: "herald.yml")
        #expect(config.heroes?.source.maxAge == .seconds(seconds))
    }
    for bad in ["1h30", "h", "-5", "1y", "''", "99999999999999999999s"] {
        #expect(errors("heroes: {source: x, max_age: \(bad)}").count == 1)
    }
}

@Test func statsCanBeOneColumnPerStat() throws {
    let config = try SiteConfig.parse(
        "heroes:\n  source: roster.csv\n  fields: {id: key, stats: [health, armor], tags: role}\n",
        file: "herald.yml")
    #expect(config.heroes?.rules.statFields == ["health", "armor"])
    #expect(config.heroes?.rules.fields == [.id: "key", .tags: "role"])
}

@Test func theConfigDrivesTaskDecoding() throws {
    let config = try SiteConfig.parse(fullExample, file: "herald.yml")
    let rules = try #require(config.tasks?.rules)
    let root = try YAMLReader.parse(
        """
        - {description: Pay rent, status: pending, due: 2026-11-03}
        - {description: Old idea, status: deleted}
        - {description: Done deal, status: completed}
        """, file: "tasks.yml")
    guard case .list(let items) = root.value else { Issue.record("not a list"); return }
    let tasks = try items.map {
        try TaskItem.decode(Record(fields: $0, location: $0.location(in: "tasks.yml")), rules: rules)
    }
    #expect(tasks.map { $0?.status } == ["todo", nil, "done"])
    // 23:30 UTC on Nov 3 is already Nov 4 at the site.
    let lateEvening = Date(timeIntervalSince1970: 1_793_748_600)
    #expect(tasks[0]?.isOverdue(at: lateEvening, in: config.timeZone) == true)
}
