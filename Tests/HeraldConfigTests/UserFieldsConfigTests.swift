import HeraldConfig
import HeraldCore
import HeraldModels
import Testing

// `heroes.facts`, `card`, `group_by` by any fact and `sort`, as herald.yml writes them.

private func parse(_ yaml: String) throws -> HeroesConfig {
    try #require(try SiteConfig.parse(yaml, file: "herald.yml").heroes)
}

private func errors(_ yaml: String) -> [String] {
    do {
        _ = try SiteConfig.parse(yaml, file: "herald.yml")
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
}

@Test func factsKeepTheirOrderInShortAndLongForm() throws {
    let heroes = try parse(
        """
        heroes:
          source: Content/heroes.json
          facts:
            primary_attr:
              label: Primary attribute
              values: {agi: Agility, str: Strength}
            attack_type: Attack type
            move_speed:
            birthplace: {from: biography.placeOfBirth, label: Place of birth}
            sp_attack: {from: 'base."Sp. Attack"'}
          card: [primary_attr, attack_type]
          group_by: [primary_attr, {field: attack_type, path: attack, label: Attacks}, publisher]
          sort: -move_speed
        """)
    #expect(
        heroes.rules.facts == [
            RecordFact(name: "primary_attr", label: "Primary attribute", values: ["agi": "Agility", "str": "Strength"]),
            RecordFact(name: "attack_type", label: "Attack type"),
            RecordFact(name: "move_speed"),
            RecordFact(name: "birthplace", path: "biography.placeOfBirth", label: "Place of birth"),
            RecordFact(name: "sp_attack", path: #"base."Sp. Attack""#)
        ])
    #expect(heroes.card == [.fact(0), .fact(1)])
    #expect(
        heroes.groupBy == [
            HeroGroupKey(value: .fact(0), name: "primary_attr"),
            HeroGroupKey(value: .fact(1), name: "attack_type", folder: "attack", label: "Attacks"),
            .publisher
        ])
    #expect(heroes.groupBy.map(\.folder) == ["primary-attr", "attack", "publisher"])
    #expect(heroes.sort == HeroSort(key: .fact(2), descending: true))
    // Every mapped path, where the config names it, for the warning about a path no record has.
    #expect(
        heroes.rules.mapped.map(\.setting) == [
            "heroes.facts.primary_attr", "heroes.facts.attack_type",
            "heroes.facts.move_speed", "heroes.facts.birthplace", "heroes.facts.sp_attack"
        ])
    #expect(heroes.rules.mapped.first?.location == SourceLocation(file: "herald.yml", line: 4, column: 5))
}

@Test func unknownFactsInCardGroupByAndSortAreErrorsWithSuggestions() {
    #expect(
        errors(
            """
            heroes:
              source: h.json
              facts: {primary_attr: Primary attribute, roles: Roles}
              card: [primary_atr, alignment]
              group_by: [role, {field: colour}]
              sort: -apearances
            """) == [
                "herald.yml:5:14: error: cannot group heroes by 'role' (did you mean 'roles'?)",
                "herald.yml:5:28: error: cannot group heroes by 'colour' (heroes can be grouped by primary_attr, roles, publisher, alignment, tags, affiliations)",
                "herald.yml:4:10: error: cannot show on a card 'primary_atr' (did you mean 'primary_attr'?)",
                "herald.yml:6:9: error: cannot sort heroes by 'apearances' (heroes can be sorted by primary_attr, roles, name, full_name, publisher, alignment, id, slug)"
            ])
}

@Test func badFactsAndGroupFoldersAreErrors() {
    #expect(
        errors(
            """
            heroes:
              source: h.json
              fields: {tags: labels.*.name}
              facts:
                a: {from: "x..y"}
                b: {from: roles, lable: Roles}
                c: 3
                d: {markdown: maybe}
              group_by: [{field: publisher, path: "a/b"}]
            """) == [
                "herald.yml:5:15: error: 'heroes.facts.a.from' must be a key path such as 'biography.publisher', found 'x..y'",
                "herald.yml:6:22: error: unknown key 'lable' in 'heroes.facts.b' (did you mean 'label'?)",
                "herald.yml:7:8: error: 'heroes.facts.c' must be a label, or a map with 'from:', 'label:', 'values:' and 'markdown:', found 3",
                "herald.yml:8:19: error: 'markdown' must be true or false, found 'maybe'",
                "herald.yml:9:39: error: 'heroes.group_by' path 'a/b' cannot name a folder: it contains '/'"
            ])
}

@Test func theCatalogsNameAndFolder() throws {
    let heroes = try parse("heroes:\n  source: h.json\n  title: Characters\n  path: characters\n")
    #expect(heroes.title == "Characters" && heroes.path == "characters")
    let defaults = try parse("heroes:\n  source: h.json\n")
    #expect(defaults.title == "Heroes" && defaults.path == "heroes")
    #expect(
        errors("heroes:\n  source: h.json\n  path: comics/marvel\n") == [
            "herald.yml:3:9: error: 'heroes.path' must be one folder name such as 'heroes', found 'comics/marvel': it contains '/'"
        ])
    #expect(
        errors("heroes:\n  source: h.json\n  path: tasks\n") == [
            "herald.yml:3:9: error: 'heroes.path' cannot be 'tasks': the site uses that name for something else"
        ])
}

@Test func tasksHaveFactsCardsAndJoinsToo() throws {
    let tasks = try #require(
        try SiteConfig.parse(
            """
            tasks:
              source: Content/issues.json
              fields: {assignee: assignees.*.login}
              facts: {milestone: {from: milestone.title}, state: State}
              card: [state]
              join: {owner: {source: Content/owners.json, on: user.login, key: login}}
            """, file: "herald.yml"
        ).tasks)
    #expect(tasks.rules.fields[.assignee] == "assignees.*.login")
    #expect(
        tasks.rules.facts == [
            RecordFact(name: "milestone", path: "milestone.title"), RecordFact(name: "state", label: "State")
        ])
    #expect(tasks.card == [1])
    #expect(
        tasks.joins.map { "\($0.name) \($0.source.source) \($0.on) \($0.key)" } == [
            "owner Content/owners.json user.login login"
        ])
    #expect(
        tasks.rules.mapped.map(\.setting) == ["tasks.fields.assignee", "tasks.facts.milestone", "tasks.facts.state"])
    #expect(
        errors("tasks:\n  source: t.json\n  facts: {state: State}\n  card: [stat]\n  join: {owner: {source: o.json}}\n")
            == [
                "herald.yml:4:10: error: cannot show on a card 'stat' (did you mean 'state'?)",
                "herald.yml:5:10: error: 'tasks.join.owner' needs 'on:', the key path in each record whose value picks the joined record"
            ])
}

@Test func whereReadsAValueAListOrNotOfEitherPerKeyPath() throws {
    let heroes = try parse(
        """
        heroes:
          source: Content/issues.json
          where: {pull_request: null, 'labels.*.name': [bug, p1], closed: {not: true}, milestone: {not: null}}
        """)
    let conditions = heroes.rules.filter.conditions
    #expect(conditions.map(\.path) == ["pull_request", "labels.*.name", "closed", "milestone"])
    #expect(conditions.map(\.negated) == [false, false, true, true])
    #expect(conditions.map(\.values.count) == [1, 2, 1, 1])
    #expect(heroes.rules.filter.location == SourceLocation(file: "herald.yml", line: 3, column: 10))
    // Only a path every kept record must have can be a path no record has.
    #expect(heroes.rules.mapped.map(\.setting) == ["heroes.where.labels.*.name", "heroes.where.milestone"])
}

@Test func aWhereValueThatIsNoValueIsAnErrorAtIt() {
    #expect(
        errors(
            """
            tasks:
              source: Content/tasks.json
              where: {kind: {is: bug}, state: [], owner: [{login: ana}], 'a..b': 1}
            heroes:
              source: Content/heroes.json
              where: [kind]
            """) == [
                "herald.yml:3:17: error: 'tasks.where.kind' takes a value, a list of values or 'not:' one of those, found a map",
                "herald.yml:3:35: error: 'tasks.where.state' needs at least one value to match, found an empty list",
                "herald.yml:3:47: error: 'tasks.where.owner' matches a text, a number, true, false or null (or a list of them), found a map",
                "herald.yml:3:62: error: 'tasks.where' takes key paths such as 'labels.*.name', found 'a..b'",
                "herald.yml:6:10: error: 'where' must be a map of settings, found a list"
            ])
}
