import Foundation
import HeraldTestSupport
import Testing

// The user's own fields end to end: a herald.yml and a data file, no code and no template, built
// with --strict and no warning, and the pages checked for the data's own groups, facts and order.

/// The catalog's hero links on a list or group page, in order, as slugs.
private func heroOrder(_ html: String) -> [String] {
    html.matches(of: #/<li class="panel hero-card">[\s\S]*?<a href="(?:\.\./)*[a-z]+/([^/]+)/index\.html">/#).map {
        String($0.1)
    }
}

private func buildStrict(_ site: TemporarySite, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> TreeSnapshot
{
    let summary = try await site.buildOK(["--strict"], sourceLocation: sourceLocation)
    #expect(summary.warnings == 0, sourceLocation: sourceLocation)
    let output = try TreeSnapshot(site.output)
    #expect(SiteLinks(output).broken() == [], sourceLocation: sourceLocation)
    return output
}

// OpenDota's real files are built in RealDataSiteTests; these hand-written heroes in their shape
// add what the README's config does not show: a boolean fact and a decimal stat.
@Test func aBooleanFactAndADecimalStatShowAsYesAndAgainstTheLargest() async throws {
    let site = try TemporarySite([
        "herald.yml": """
        title: Dota heroes
        heroes:
          source: Content/heroes.json
          fields: {name: localized_name, stats: [base_str, str_gain]}
          stats: {base_str: {label: Strength}}
          facts: {cm_enabled: Captains Mode}

        """,
        "Content/heroes.json": UserDataFixtures.dotaHeroes
    ])
    let output = try await buildStrict(site)
    let antiMage = try #require(output.text("heroes/anti-mage/index.html"))
    #expect(antiMage.contains(#"<dt>Captains Mode</dt><dd><span class="fact-item">Yes</span></dd>"#))
    #expect(
        try #require(output.text("heroes/juggernaut/index.html")).contains(
            #"<dt>Captains Mode</dt><dd><span class="fact-item">No</span></dd>"#))
    // Each stat against its own largest value: strength gain 1.6 of Axe's 3.6 fills 44 %.
    #expect(antiMage.contains(#"aria-label="Str gain 1.6 of 3.6"><span style="width: 44%">"#))
    #expect(antiMage.contains(#"aria-label="Strength 21 of 25"><span style="width: 84%">"#))
}

@Test func anImagePathThatWouldLeaveTheSiteIsAnErrorAtItsRecord() async throws {
    let site = try TemporarySite([
        "herald.yml": "heroes:\n  source: Content/heroes.json\n  fields: {name: localized_name, image: img}\n",
        "Content/heroes.json": UserDataFixtures.dotaHeroes.replacingOccurrences(
            of: "/apps/dota2/images/dota_react/heroes/axe.png?",
            with: "../../../axe.png")
    ])
    let result = try await site.build(["--strict"])
    #expect(result.status == 1)
    #expect(
        result.stderr.contains(
            "Content/heroes.json:8:16: error: image '../../../axe.png' of hero 'Axe' would leave the site "
                + "(set heroes.image_base to where the images are, such as https://cdn.example.org/)"))
    // Without image_base, the other heroes' paths from the server's root are routes of the site, not `../..//apps`.
    try site.write("Content/heroes.json", UserDataFixtures.dotaHeroes)
    let fixed = try await site.build(["--strict"])
    #expect(fixed.status == 0, "\(fixed.stderr)")
    #expect(
        try site.read("Output/heroes/axe/index.html").contains(
            #"src="../../apps/dota2/images/dota_react/heroes/axe.png?""#))
}

@Test func theSuperheroAPIAndOverwatchShowTheirNestedAndFlatFacts() async throws {
    let site = try TemporarySite([
        "herald.yml": """
        title: Superheroes
        heroes:
          source: Content/all.json
          fields: {publisher: biography.publisher, alignment: biography.alignment, stats: powerstats, image: images.md}
          facts:
            birthplace: {from: biography.placeOfBirth, label: Place of birth}
            eyes: {from: appearance.eyeColor}
            race: {from: appearance.race}
          group_by: [publisher, race]

        """
    ])
    try site.copy(try RealData.url("heroes-superhero-api/all.json"), to: "Content/all.json")
    var output = try await buildStrict(site)
    let aBomb = try #require(output.text("heroes/1-a-bomb/index.html"))
    #expect(aBomb.contains(#"<dt>Place of birth</dt><dd><span class="fact-item">Scarsdale, Arizona</span></dd>"#))
    #expect(
        aBomb.contains(
            #"<dt>Race</dt><dd><span class="fact-item"><a href="../../heroes/race/human/index.html">Human</a></span></dd>"#
        ))
    #expect(output.text("heroes/race/human/index.html")?.contains("<h1>Race: Human</h1>") == true)

    try site.write(
        "herald.yml",
        """
        title: Overwatch
        heroes:
          source: Content/heroes.csv
          fields: {id: key, stats: [health, armor, shields]}
          facts: {role: Role}
          card: [role]
          group_by: [role]

        """)
    try site.remove("Content/all.json")
    try site.copy(try RealData.url("heroes-overwatch/heroes.csv"), to: "Content/heroes.csv")
    output = try await buildStrict(site)
    #expect(output.text("heroes/role/support/index.html")?.contains("<h1>Role: support</h1>") == true)
    #expect(
        output.text("heroes/ana/index.html")?.contains(#"<a href="../../heroes/role/support/index.html">support</a>"#)
            == true)
}

@Test func aMappedPathNoRecordHasIsAWarningAndUnderStrictAnError() async throws {
    let site = try TemporarySite([
        "herald.yml":
            "heroes:\n  source: Content/heroes.json\n  fields: {name: localized_name}\n  facts:\n    attack: {from: atack_type}\n",
        "Content/heroes.json": UserDataFixtures.dotaHeroes
    ])
    let relaxed = try await site.build()
    #expect(relaxed.status == 0)
    #expect(
        relaxed.stderr.contains(
            "herald.yml:5:5: warning: 'heroes.facts.attack' reads 'atack_type', which no hero record has (did you mean 'attack_type'?)"
        ))
    let strict = try await site.build(["--strict"])
    #expect(strict.status == 1)
    #expect(
        strict.stderr.contains(
            "herald.yml:5:5: error: 'heroes.facts.attack' reads 'atack_type', which no hero record has (did you mean 'attack_type'?)"
        ))
}

@Test func mistakesInTheUsersFieldsAreReportedWhereTheyAre() async throws {
    let site = try TemporarySite([
        "herald.yml": """
        heroes:
          source: Content/issues.json
          fields: {name: title, tags: labels.name}
          facts: {milestone: {from: milestone.title}}
          card: [milestone, assignee]
          group_by: [milestones]

        """,
        "Content/issues.json": """
        [
          {"title": "Crash on start", "labels": [{"name": "bug"}], "milestone": {"title": "v1"}}
        ]
        """
    ])
    let result = try await site.build(["--strict"])
    #expect(result.status == 1)
    #expect(
        result.stderr.contains(
            "herald.yml:6:14: error: cannot group heroes by 'milestones' (did you mean 'milestone'?)"))
    #expect(
        result.stderr.contains(
            "herald.yml:5:21: error: cannot show on a card 'assignee' (a card can show milestone, "
                + "name, full_name, publisher, alignment, id, slug, tags, aliases, affiliations)"))

    try site.edit("herald.yml", replacing: "  card: [milestone, assignee]\n  group_by: [milestones]\n", with: "")
    let data = try await site.build(["--strict"])
    #expect(data.status == 1)
    #expect(
        data.stderr.contains(
            "Content/issues.json:2:41: error: field 'labels.name' of hero 'Crash on start': "
                + "'labels' is a list: write 'labels.*.name' for every item, or 'labels.0.name' for the first"))
}

@Test func theCatalogsOwnNameAndFolderAreUsedEverywhere() async throws {
    let site = try TemporarySite([
        "herald.yml": """
        title: Comics
        base_url: https://comics.example.org/
        heroes:
          source: Content/characters.csv
          fields: {id: page_id, alignment: ALIGN}
          title: Characters
          path: characters
          facts: {SEX: Sex}
          group_by: [SEX]

        """,
        "Content/characters.csv": UserDataFixtures.comicCharacters
    ])
    let output = try await buildStrict(site)
    #expect(!output.files.contains { $0.hasPrefix("heroes/") })
    #expect(output.files.contains("characters/index.html") && output.files.contains("characters/agent-7/index.html"))
    #expect(
        output.files.contains("characters/sex/male-characters/index.html")
            && output.files.contains("characters/search-index.js"))
    let list = try #require(output.text("characters/index.html"))
    #expect(list.contains("<h1>Characters</h1>"))
    #expect(list.contains(#"href="../characters/index.html" aria-current="page">Characters</a>"#))
    #expect(list.contains("characters/search-index.js"))
    #expect(try #require(output.text("characters/sex/index.html")).contains("<h1>Characters by sex</h1>"))
    #expect(
        try #require(output.text("characters/agent-7/index.html")).contains(
            #"<a href="../../characters/index.html">← Characters</a>"#))
    let sitemap = try #require(output.text("sitemap.xml"))
    #expect(
        sitemap.contains("<loc>https://comics.example.org/characters/agent-7/</loc>") && !sitemap.contains("/heroes/"))
    let home = try #require(output.text("index.html"))
    #expect(
        home.contains(#"<h2 id="heroes-heading">Characters</h2>"#)
            && home.contains(#"href="characters/agent-7/index.html""#))
    let index = try #require(output.text("characters/search-index.js"))
    #expect(index.contains(#""characters/"#))
}

@Test func githubIssuesAsACatalogTakeEveryLabelAndAssignee() async throws {
    let site = try TemporarySite([
        // The README's example, its URL swapped for the file.
        "herald.yml": try ReadmeExamples.replacingSource(
            in: ReadmeExamples.config(startingWith: "heroes:\n  source: https://api.github.com/"),
            with: "Content/issues.json"),
        "Content/issues.json": """
        [
          {"number": 9, "title": "Crash on start", "body": "It *crashes*.", "state": "open",
           "html_url": "https://github.com/o/r/issues/9", "labels": [{"name": "bug"}, {"name": "p1"}],
           "assignees": [{"login": "ana"}, {"login": "bo"}], "milestone": {"title": "v1"}},
          {"number": 10, "title": "Dark mode", "body": null, "state": "closed",
           "html_url": "https://github.com/o/r/issues/10", "labels": [{"name": "feature"}],
           "assignees": [], "milestone": null},
          {"number": 11, "title": "Add dark mode", "body": "Fixes #10.", "state": "open",
           "html_url": "https://github.com/o/r/pull/11", "labels": [], "assignees": [], "milestone": null,
           "pull_request": {"url": "https://api.github.com/repos/o/r/pulls/11", "html_url": "https://github.com/o/r/pull/11"}}
        ]
        """
    ])
    let output = try await buildStrict(site)
    // The pull request is left out: GitHub lists it among the issues.
    #expect(heroOrder(try #require(output.text("issues/index.html"))) == ["dark-mode", "crash-on-start"])
    let crash = try #require(output.text("issues/crash-on-start/index.html"))
    #expect(
        crash.contains(
            #"<dt>Assignees</dt><dd><span class="fact-item">ana</span><span class="fact-item">bo</span></dd>"#))
    #expect(crash.contains(#"<a href="https://github.com/o/r/issues/9">https://github.com/o/r/issues/9</a>"#))
    #expect(crash.contains(#"<a href="../../issues/milestone/v1/index.html">v1</a>"#))
    #expect(output.text("issues/label/p1/index.html")?.contains("<h1>Labels: p1</h1>") == true)
    #expect(try #require(output.text("issues/dark-mode/index.html")).contains("<dt>Milestone</dt><dd>—</dd>"))
}

@Test func joinedRecordsReachFieldsAndFactsByKey() async throws {
    let site = try TemporarySite([
        "herald.yml": """
        heroes:
          source: Content/heroes.json
          fields: {name: localized_name, biography: lore.text}
          facts: {lore_by: {from: lore.author, label: Lore by}, rank: {from: tier.rank}}
          join:
            lore: {source: Content/hero_lore.json, on: localized_name}
            tier: {source: Content/tiers.csv, on: id, key: hero_id}

        """,
        "Content/heroes.json": UserDataFixtures.dotaHeroes,
        "Content/hero_lore.json": """
        {
          "Anti-Mage": {"text": "The monks of *Turstarkuri* watched the valleys below.", "author": "Valve"},
          "Axe": {"text": "As a grunt in the Army of Red Mist, Mogul Khan set his sights on the rank of Red Mist General."}
        }
        """,
        "Content/tiers.csv": "hero_id,rank\n1,A\n2,B\n3,C\n5,B\n8,A\n14,S\n"
    ])
    let output = try await buildStrict(site)
    let antiMage = try #require(output.text("heroes/anti-mage/index.html"))
    #expect(antiMage.contains("The monks of <em>Turstarkuri</em> watched the valleys below."))
    #expect(antiMage.contains(#"<dt>Lore by</dt><dd><span class="fact-item">Valve</span></dd>"#))
    #expect(antiMage.contains(#"<dt>Rank</dt><dd><span class="fact-item">A</span></dd>"#))
    // A hero the lore file does not name simply has no lore.
    let pudge = try #require(output.text("heroes/pudge/index.html"))
    #expect(pudge.contains("No biography yet.") && pudge.contains("<dt>Lore by</dt><dd>—</dd>"))
    #expect(pudge.contains(#"<dt>Rank</dt><dd><span class="fact-item">S</span></dd>"#))

    // The joined file is an input of the build: changing it alone rebuilds the pages it feeds.
    try site.edit("Content/hero_lore.json", replacing: "\"author\": \"Valve\"", with: "\"author\": \"IceFrog\"")
    let again = try await buildStrict(site)
    #expect(
        again.text("heroes/anti-mage/index.html")?.contains(#"<dd><span class="fact-item">IceFrog</span></dd>"#) == true
    )
}

@Test func aMissingJoinKeyIsAnErrorAtItsRecord() async throws {
    let site = try TemporarySite([
        "herald.yml": """
        heroes:
          source: Content/heroes.json
          fields: {name: localized_name}
          join:
            tier: {source: Content/tiers.json, on: localised_name, key: hero}

        """,
        "Content/heroes.json": UserDataFixtures.dotaHeroes,
        "Content/tiers.json": """
        [
          {"hero": "Axe", "rank": "B"},
          {"heroe": "Pudge", "rank": "S"}
        ]
        """
    ])
    let joined = try await site.build(["--strict"])
    #expect(joined.status == 1)
    #expect(
        joined.stderr.contains(
            "Content/tiers.json:3:3: error: this record has no 'hero', the key 'heroes.join.tier' matches records by (did you mean 'heroe'?)"
        ))
    try site.write("Content/tiers.json", #"[{"hero": "Axe", "rank": "B"}]"#)
    let result = try await site.build(["--strict"])
    #expect(result.status == 1)
    #expect(
        result.stderr.contains(
            "Content/heroes.json:2:8: error: this record has no 'localised_name' to join 'heroes.join.tier' on: a text, a number or a list of them (did you mean 'localized_name'?)"
        ))
}

@Test func githubIssuesAsABoardShowEveryAssigneeTheirFactsAndJoinedTeams() async throws {
    let site = try TemporarySite([
        "herald.yml": """
        tasks:
          source: Content/issues.json
          columns: [todo, done]
          status_map: {open: todo, closed: done}
          fields: {id: number, status: state, assignee: assignees.*.login, tags: labels.*.name}
          facts:
            milestone: {from: milestone.title, label: Milestone}
            team: {from: owner.team, label: Team}
          card: [milestone, team]
          join:
            owner: {source: Content/owners.json, on: user.login, key: login}

        """,
        "Content/issues.json": """
        [
          {"number": 9, "title": "Crash on start", "state": "open", "user": {"login": "cy"},
           "labels": [{"name": "bug"}], "assignees": [{"login": "ana"}, {"login": "bo"}], "milestone": {"title": "v1"}},
          {"number": 10, "title": "Dark mode", "state": "closed", "user": {"login": "di"},
           "labels": [], "assignees": [], "milestone": null}
        ]
        """,
        "Content/owners.json": #"[{"login": "cy", "team": "Core"}, {"login": "di", "team": "Design"}]"#
    ])
    let output = try await buildStrict(site)
    let board = try #require(output.text("tasks/index.html"))
    #expect(board.contains("<span>@ana</span>\n<span>@bo</span>"))
    #expect(board.contains(#"<span class="card-fact" title="Milestone">v1</span>"#))
    #expect(board.contains(#"<span class="card-fact" title="Team">Core</span>"#))
    // Issue 10 has no milestone: its card leaves the fact out rather than show a lone dash.
    #expect(!board.contains(#"title="Milestone">—"#))
    #expect(board.components(separatedBy: #"title="Milestone""#).count == 2)
    #expect(board.contains(#"<span class="card-fact" title="Team">Design</span>"#))
    #expect(output.text("tasks/report.md")?.contains("Crash on start — ana, bo") == true)
}

// A Trello board's JSON export, in its shape: the cards, the lists they are in and the board's
// members in one file. Two joins read that one file at two roots; a card's members are a list of
// ids, which joins the list of their records.
@Test func aTrelloExportJoinsItsListsAndEveryMemberFromTheSameFile() async throws {
    let site = try TemporarySite([
        // The README's example as written.
        "herald.yml": try ReadmeExamples.config(startingWith: "tasks:\n  source: Content/trello.json\n"),
        "Content/trello.json": """
        {"id": "b1", "name": "Launch",
         "lists": [{"id": "l1", "name": "To Do"}, {"id": "l2", "name": "Doing"}, {"id": "l3", "name": "Done"}],
         "members": [{"id": "m1", "fullName": "Maren Holt"}, {"id": "m2", "fullName": "Ravi Iyer"}],
         "cards": [
          {"id": "c1", "name": "Write the launch post", "desc": "", "idList": "l1", "due": null,
           "labels": [{"name": "Marketing"}], "idMembers": ["m1"], "closed": false},
          {"id": "c2", "name": "Fix the signup bug", "desc": "", "idList": "l2", "due": null,
           "labels": [{"name": "Bug"}], "idMembers": ["m2", "gone", "m1"], "closed": false},
          {"id": "c3", "name": "Pick a date", "desc": "", "idList": "l3", "due": null, "labels": [], "idMembers": [],
           "closed": false},
          {"id": "c4", "name": "Old idea, archived", "desc": "", "idList": "l1", "due": null, "labels": [],
           "idMembers": [], "closed": true}
         ]}
        """
    ])
    let output = try await buildStrict(site)
    let report = try #require(output.text("tasks/report.md"))
    // In their lists' columns, with every member a card names and the joined file has, in order.
    #expect(report.contains("Fix the signup bug — Ravi Iyer, Maren Holt"))
    #expect(report.contains("Write the launch post — Maren Holt"))
    let board = try #require(output.text("tasks/index.html"))
    let columns = board.components(separatedBy: "<section class=\"column\" id=\"column-").dropFirst()
    for (column, title) in [("todo", "Write the launch post"), ("doing", "Fix the signup bug"), ("done", "Pick a date")]
    {
        let cards = try #require(columns.first { $0.hasPrefix(column + "\"") })
        #expect(cards.contains(title), "\(column)")
    }
    // An archived card is left out, as Trello leaves it off the board.
    #expect(!board.contains("Old idea, archived") && !report.contains("Old idea, archived"))
}

@Test func whereKeepsOnlyTheRecordsThatHoldItsValues() async throws {
    let site = try TemporarySite([
        "herald.yml": """
        heroes:
          source: Content/people.json
          where: {kind: [hero, antihero], pull_request: null, score: {not: 2}, 'labels.*.name': {not: wontfix}}

        """,
        "Content/people.json": """
        [
          {"name": "Ada", "kind": "hero", "labels": [{"name": "bug"}]},
          {"name": "Bram", "kind": "villain"},
          {"name": "Cy", "kind": "hero", "pull_request": {"url": "https://example.org/pull/3"}},
          {"name": "Dot", "kind": "Hero"},
          {"name": "Eve", "kind": "antihero", "score": "3"},
          {"name": "Fay", "kind": "hero", "score": 2.0},
          {"name": "Gil", "kind": "hero", "labels": [{"name": "wontfix"}, {"name": "bug"}]},
          {"name": "Hal", "kind": "hero", "pull_request": null, "labels": []}
        ]
        """
    ])
    let output = try await buildStrict(site)
    let kept = ["ada", "eve", "hal"]
    for slug in ["ada", "bram", "cy", "dot", "eve", "fay", "gil", "hal"] {
        #expect(output.files.contains("heroes/\(slug)/index.html") == kept.contains(slug), "\(slug)")
    }
    #expect(try #require(output.text("heroes/index.html")).contains("3 heroes"))
    // Left out by the user: counted as dropped, never as a problem.
    let verbose = try await site.herald(["build", "--verbose"])
    #expect(
        verbose.output.contains("Content/people.json: 8 records: 3 made, 5 dropped (where:, status_map: ~, h:1)"),
        "\(verbose.output)")
}

@Test func aWhereThatLeavesNoRecordIsAWarningAndAPathIntoAListAnError() async throws {
    let site = try TemporarySite([
        "herald.yml": "heroes:\n  source: Content/people.json\n  where: {kind: heroes}\n",
        "Content/people.json":
            #"[{"name": "Ada", "kind": "hero", "labels": [{"name": "bug"}]}, {"name": "Bo", "kind": "hero"}]"#
    ])
    let build = try await site.herald(["build"])
    #expect(build.status == 0, "\(build.stderr)")
    #expect(
        build.stderr.contains(
            "herald.yml:3:10: warning: 'heroes.where' leaves no hero: none of the 2 records of 'Content/people.json' meets it"
        ), "\(build.stderr)")
    #expect(try await site.herald(["build", "--strict"]).status != 0)

    try site.write("herald.yml", "heroes:\n  source: Content/people.json\n  where: {labels.name: bug}\n")
    let intoList = try await site.herald(["build"])
    #expect(intoList.status != 0)
    #expect(
        intoList.stderr.contains(
            "Content/people.json:1:44: error: 'heroes.where.labels.name' reads 'labels.name': 'labels' is a list: "
                + "write 'labels.*.name' for every item, or 'labels.0.name' for the first"), "\(intoList.stderr)")
}
