import HeraldTestSupport

/// A site the end-to-end tests write themselves, so that they depend on no line of the
/// repository's demo content: a board of four tasks, three heroes, two pages and a data file.
enum SmallSite {
    /// Task 1: done, tagged `ci`, in the project `release`. The comma in its title lets a test
    /// turn it into a YAML error (`title: a: b`).
    static let doneTask = "Set up the package, Makefile and CI"
    /// Task 2: doing, due after `buildInstant`, tagged `docs` and `writing`, in `release`.
    static let openTask = "Write the user guide"

    static let files: [String: String] = [
        "herald.yml": """
        title: Small Board
        base_url: https://small.example.org/board/
        language: en
        timezone: Europe/Berlin
        tasks:
          source: Content/tasks.yml
          columns: [todo, doing, review, done]
        heroes:
          source: Content/heroes
          group_by: [publisher, alignment]
          per_page: 2
        pages: Content/pages
        data: Content/data

        """,
        "Content/tasks.yml": """
        - id: 1
          title: \(doneTask)
          status: done
          priority: A
          created: 2026-08-03
          completed_at: 2026-11-18
          tags: [ci]
          project: release
          assignee: Maren

        - id: 2
          title: \(openTask)
          status: doing
          priority: B
          created: 2026-10-01
          due: 2026-11-24
          tags: [docs, writing]
          project: release
          assignee: Tobi
          notes: |
            One page per command, with *examples*.

        # Overdue at the build instant, so the home page lists it by title.
        - id: 3
          title: Fix the date parser
          status: todo
          priority: A
          created: 2026-10-20
          due: 2026-11-10
          tags: [bug]
          project: engine

        - id: 4
          title: Review the CSV loader
          status: review
          created: 2026-11-02
          tags: [data]
          project: engine
          assignee: Ines

        """,
        "Content/heroes/lantern.md": hero("Lantern", publisher: "Meridian Comics", alignment: "good", power: 74),
        "Content/heroes/tidecaller.md": hero("Tidecaller", publisher: "Northwind", alignment: "good", power: 88),
        "Content/heroes/granite.md": hero("Granite", publisher: "Meridian Comics", alignment: "neutral", power: 61),
        "Content/pages/about.md": "---\ntitle: About this board\ndate: 2026-11-01\n---\n\nThe team's own board.\n",
        "Content/pages/draft-roadmap.md":
            "---\ntitle: Roadmap\ndate: 2026-11-18\ndraft: true\n---\n\n*Not ready yet.*\n",
        "Content/data/team.yml": "- name: Maren\n  role: Lead engineer\n- name: Tobi\n  role: Engine developer\n"
    ]

    private static func hero(_ name: String, publisher: String, alignment: String, power: Int) -> String {
        """
        ---
        name: \(name)
        publisher: \(publisher)
        alignment: \(alignment)
        stats: {intelligence: 60, strength: 45, power: \(power)}
        ---

        \(name) keeps the city's lights on.

        """
    }
}

extension TemporarySite {
    /// A fresh copy of `SmallSite`.
    static func smallSite() throws -> TemporarySite {
        try TemporarySite(SmallSite.files)
    }
}
