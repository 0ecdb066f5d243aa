import Foundation
import HeraldCore
import HeraldModels
import HeraldTestSupport
import Testing

@Test func taskDecodesWithTheDefaultMapping() throws {
    let text = """
        - id: 7
          title: Ship it
          status: doing
          priority: A
          created: 2026-10-01
          due: 2026-11-03
          tags: [release, web, release]
          project: herald
          assignee: ana
          url: https://example.org/7
          estimate: 3
        """
    let task = try #require(try TaskItem.decode(try records(text)[0], rules: TaskRules()))
    #expect(task.id == "7")
    #expect(task.title == "Ship it")
    #expect(task.status == "doing")
    #expect(!task.completed)
    #expect(task.priority == "A")
    #expect(task.created?.description == "2026-10-01")
    #expect(task.due?.description == "2026-11-03")
    #expect(task.tags == ["release", "web"])
    #expect(task.project == "herald")
    #expect(task.assignee == "ana")
    #expect(task.url == "https://example.org/7")
    #expect(task.record["estimate"] != nil)
    #expect(task.location.description == "Content/tasks.yml:1:3")
}

@Test func jsonPlaceholderTodosUseTheCompletionFlag() throws {
    let text = """
        [
          {"userId": 1, "id": 1, "title": "delectus aut autem", "completed": false},
          {"userId": 1, "id": 4, "title": "et porro tempora", "completed": true}
        ]
        """
    let rules = TaskRules(fields: [.assignee: "userId"])
    let tasks = try records(text, file: "todos.json").compactMap { try TaskItem.decode($0, rules: rules) }
    #expect(tasks.map(\.status) == ["todo", "done"])
    #expect(tasks.map(\.completed) == [false, true])
    #expect(tasks.map(\.assignee) == ["1", "1"])
    #expect(tasks[0].record.keys == ["userId", "id", "title", "completed"])
}

@Test func completionFlagsComeInManySpellings() throws {
    let text = """
        - {title: a, done: 1}
        - {title: b, is_completed: "false"}
        - {title: c, isCompleted: "x"}
        - {title: d, completed: "yes"}
        - {title: e, completion_date: 2014-01-03}
        - {title: f}
        """
    let rules = TaskRules(columns: ["backlog", "now", "later", "shipped"])
    let tasks = try records(text).compactMap { try TaskItem.decode($0, rules: rules) }
    #expect(tasks.map(\.completed) == [true, false, true, true, true, false])
    #expect(tasks.map(\.status) == ["shipped", "backlog", "shipped", "shipped", "shipped", "backlog"])
    #expect(tasks[4].completedAt?.description == "2014-01-03")
}

@Test func todoTxtFieldsMapToTheModel() throws {
    // The shape a todo.txt loader gives `x 2014-01-02 (B) 2013-12-30 Create tests @Go @go +go-todotxt +lib due:2014-01-12`.
    let text = """
        - text: Create golang library test cases
          completed: true
          completion_date: 2014-01-02
          priority: B
          creation_date: 2013-12-30
          contexts: ["@Go", "@go", "@Go"]
          projects: [go-todotxt, lib]
          due: 2014-01-12
        """
    let task = try #require(try TaskItem.decode(try records(text, file: "todo.txt")[0], rules: TaskRules()))
    #expect(task.title == "Create golang library test cases")
    #expect(task.status == "done")
    #expect(task.completedAt?.description == "2014-01-02")
    #expect(task.created?.description == "2013-12-30")
    // Contexts are their own list, not tags, and shown with their `@`.
    #expect(task.tags == [])
    #expect(task.contexts == ["Go", "go"])
    #expect(task.project == "go-todotxt")
    #expect(task.record["projects"] != nil)
    #expect(task.id == "1")
}

@Test func customMappingReadsOnlyTheMappedPaths() throws {
    let text = """
        - summary: Write docs
          title: not this one
          meta: {state: in_progress, labels: "docs, web", due: 2026-03-01T22:30:00Z}
        """
    let rules = TaskRules(
        fields: [.title: "summary", .status: "meta.state", .tags: "meta.labels", .due: "meta.due"],
        statusMap: ["in_progress": "doing"], timeZone: try zone("Europe/Berlin"))
    let task = try #require(try TaskItem.decode(try records(text)[0], rules: rules))
    #expect(task.title == "Write docs")
    #expect(task.status == "doing")
    #expect(task.tags == ["docs", "web"])
    #expect(task.due?.description == "2026-03-01")  // 23:30 in Berlin, still March 1
    #expect(task.record.keys == ["summary", "title", "meta"])
}

@Test func statusMapRenamesAndDrops() throws {
    let text = """
        - {title: a, status: pending}
        - {title: b, status: completed}
        - {title: c, status: deleted, due: not-a-date}
        - {title: d, status: doing}
        """
    let rules = TaskRules(statusMap: ["pending": "todo", "completed": "done", "deleted": nil])
    let tasks = try records(text).map { try TaskItem.decode($0, rules: rules) }
    #expect(tasks.map { $0?.status } == ["todo", "done", nil, "doing"])
    #expect(tasks.map { $0?.completed } == [false, true, nil, false])
}

@Test func aStatusInNoColumnIsAnErrorAtTheStatusValue() throws {
    let text = """
        - title: Write docs
          status: todo
        - title: Ship it
          status: blocked
        """
    let blocked = try records(text)[1]
    let found = diagnostics { () throws(DiagnosticError) in try TaskItem.decode(blocked, rules: TaskRules()) }
    #expect(
        found.map(\.description) == [
            "Content/tasks.yml:4:11: error: task 'Ship it' has status 'blocked', which is in no column (columns: todo, doing, done)"
        ])
    let typo = try records("- {title: Ship it, status: doign}")[0]
    let hint = diagnostics { () throws(DiagnosticError) in try TaskItem.decode(typo, rules: TaskRules()) }
    #expect(hint.first?.message.hasSuffix("(did you mean 'doing'?)") == true)
}

@Test func invalidDatesAndWrongTypesAreAllReportedWithPositions() throws {
    let text = """
        - title: Ship it
          due: 2014-02-32
          created: [2014, 1, 1]
          completed: maybe
          tags: {a: 1}
        """
    let record = try records(text)[0]
    let found = diagnostics { () throws(DiagnosticError) in try TaskItem.decode(record, rules: TaskRules()) }
    #expect(
        found.map(\.description) == [
            "Content/tasks.yml:4:14: error: field 'completed' of task 'Ship it': expected a completion flag (true/false, 1/0 or x), found 'maybe'",
            "Content/tasks.yml:3:12: error: field 'created' of task 'Ship it': expected a date (YYYY-MM-DD), found a list",
            "Content/tasks.yml:2:8: error: invalid due date '2014-02-32' in task 'Ship it' (expected YYYY-MM-DD or an ISO 8601 timestamp)",
            "Content/tasks.yml:5:9: error: field 'tags' of task 'Ship it': expected a list of texts, found a map"
        ])
}

@Test func aTaskWithoutTitleIsNamedByItsId() throws {
    let record = try records("- {id: 12, status: todo}")[0]
    let found = diagnostics { () throws(DiagnosticError) in try TaskItem.decode(record, rules: TaskRules()) }
    #expect(found.map(\.message) == ["task '12' has no title (looked for 'title', 'name', 'description', 'text')"])
    let notAMap = Record(fields: DataNode(.list([])), location: SourceLocation(file: "t.json", line: 2, column: 1))
    #expect(diagnostics { () throws(DiagnosticError) in try TaskItem.decode(notAMap, rules: TaskRules()) }.count == 1)
}

@Test func emptyCellsCountAsMissing() throws {
    // A CSV row: every cell is text, blank ones mean "no value".
    let text = """
        - {title: Plan, due: "", done: "", priority: "", tags: ""}
        """
    let task = try #require(try TaskItem.decode(try records(text, file: "tasks.csv")[0], rules: TaskRules()))
    #expect(task.due == nil && task.priority == nil && task.tags.isEmpty && !task.completed)
}

@Test func subtasksAndNotesDecodeToo() throws {
    let text = """
        title: Roadmap
        notes: from the field
        subtasks:
          - {title: Parser, completed: true}
          - title: Renderer
            subtasks:
              - {title: Escaping, due: 2026-02-30}
        """
    let withBody = try record(text, body: "The *real* notes.\n")
    let found = diagnostics { () throws(DiagnosticError) in try TaskItem.decode(withBody, rules: TaskRules()) }
    #expect(
        found.map(\.description) == [
            "Content/tasks.yml:7:32: error: invalid due date '2026-02-30' in task 'Escaping' (expected YYYY-MM-DD or an ISO 8601 timestamp)"
        ])
    let fixed = try record(text.replacingOccurrences(of: "2026-02-30", with: "2026-02-28"), body: "The *real* notes.\n")
    let task = try #require(try TaskItem.decode(fixed, rules: TaskRules()))
    #expect(task.notes == "The *real* notes.\n")
    #expect(task.record["notes"] != nil)
    #expect(task.subtasks.map(\.title) == ["Parser", "Renderer"])
    #expect(task.subtasks.map(\.status) == ["done", "todo"])
    #expect(task.subtasks[1].subtasks.first?.id == "7")
    let plain = try #require(try TaskItem.decode(try record("title: x\nnotes: from the field\n"), rules: TaskRules()))
    #expect(plain.notes == "from the field")
}

@Test func everyFieldReadsTheKeyMappedToItAndNoOtherFieldsKey() throws {
    var rules = TaskRules()
    for field in TaskField.allCases {
        #expect(rules.keyPaths(for: field) == field.defaultKeyPaths)
    }
    // Mapped one at a time, so that a field reading another's entry of the table shows.
    for field in TaskField.allCases { rules.fields[field] = "own_\(field.rawValue)" }
    for copy in [rules, rules.unshared()] {
        for field in TaskField.allCases {
            #expect(copy.keyPaths(for: field) == ["own_\(field.rawValue)"])
        }
    }
    rules.fields[.due] = nil
    #expect(rules.keyPaths(for: .due) == ["due", "due_date"])
}

@Test func aDateIsReadFromAFieldOfASubstringAsFromAString() throws {
    let line = "due 2026-02-29 2026-03-01"
    let words = line.split(separator: " ")
    #expect(Day(iso: words[1]) == nil)
    #expect(Day(iso: words[2])?.description == "2026-03-01")
    #expect(Day.isISOShaped(words[2]))
    #expect(!Day.isISOShaped(words[0]))
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    #expect(Day.parse("2026-11-03T23:30:00Z", in: berlin)?.description == "2026-11-04")
}
