import Foundation
import HeraldTestSupport
import Testing

/// A spec case as files: the template, its partials beside it, its data as JSON.
struct SpecFiles: Sendable {
    let title: String
    let files: [String: String]
    let expected: String

    /// The spec files the engine's tests use, read from the source tree.
    static func all() throws -> [SpecFiles] {
        let folder = Repository.url("Tests/HeraldMustacheTests/Fixtures/mustache-spec")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .sorted()
        return try names.flatMap { name -> [SpecFiles] in
            let spec = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name)))
            let tests = (spec as? [String: Any])?["tests"] as? [[String: Any]] ?? []
            return try tests.map { test in
                var files = test["partials"] as? [String: String] ?? [:]
                files = Dictionary(uniqueKeysWithValues: files.map { ("\($0).mustache", $1) })
                files["spec.mustache"] = test["template"] as? String ?? ""
                let data = try JSONSerialization.data(withJSONObject: test["data"] ?? [:], options: [.fragmentsAllowed])
                files["data.json"] = String(decoding: data, as: UTF8.self)
                return SpecFiles(
                    title: "\(name): \(test["name"] as? String ?? "?")", files: files,
                    expected: test["expected"] as? String ?? "")
            }
        }
    }
}

@Test func everySpecCaseThroughTheCommandLine() async throws {
    let cases = try SpecFiles.all()
    #expect(cases.count == 184)
    let clock = ContinuousClock()
    let start = clock.now
    // A few processes at a time: enough to overlap process start-up on two cores.
    let failures = try await withThrowingTaskGroup(of: String?.self) { group in
        var failures: [String] = []
        var next = 0
        func startNext() throws {
            guard next < cases.count else { return }
            let spec = cases[next]
            next += 1
            let files = try TemporarySite(spec.files)
            group.addTask {
                let result = try await CLI.run(["render", "spec.mustache", "--data", "data.json"], in: files.folder)
                if result.status == 0, result.stderr.isEmpty, result.output == spec.expected { return nil }
                return "\(spec.title): status \(result.status), stderr \(result.stderr.debugDescription), "
                    + "got \(result.output.debugDescription), expected \(spec.expected.debugDescription)"
            }
        }
        for _ in 0..<4 { try startNext() }
        while let failure = try await group.next() {
            if let failure { failures.append(failure) }
            try startNext()
        }
        return failures
    }
    #expect(failures == [])
    print("herald render ran \(cases.count) spec cases in \(clock.now - start)")
}

@Test func strictMissingKeyFailsWithPositionAndSuggestion() async throws {
    let files = try TemporarySite([
        "page.html.mustache": "<main>\n  <h1>{{titel}}</h1>\n</main>\n",
        "data.json": #"{"title": "Hi", "slug": "hi"}"#
    ])
    let strict = try await CLI.run(
        ["render", "page.html.mustache", "--data", "data.json", "--strict"], in: files.folder)
    #expect(strict.status == 1)
    #expect(strict.stdout.isEmpty)
    #expect(
        strict.stderr
            == "page.html.mustache:2:7: error: unknown key 'titel' (known here: slug, title; did you mean 'title'?)\n")

    let lenient = try await CLI.run(["render", "page.html.mustache", "--data", "data.json"], in: files.folder)
    #expect(lenient.status == 0)
    #expect(lenient.output == "<main>\n  <h1></h1>\n</main>\n")
}

@Test func templateErrorsAreOneLineWithPosition() async throws {
    let files = try TemporarySite([
        "unclosed.mustache": "<ul>\n  {{#items}}<li>{{.}}</li>\n</ul>\n",
        "mismatched.mustache": "{{#items}}\n  {{#item}}\n  {{/items}}\n",
        "partial.mustache": "a\n  b {{> footer}}\n"
    ])
    let unclosed = try await CLI.run(["render", "unclosed.mustache"], in: files.folder)
    #expect(unclosed.status == 1)
    #expect(
        unclosed.stderr
            == "unclosed.mustache:2:3: error: unclosed section 'items' (opened here; expected '{{/items}}')\n")

    let mismatched = try await CLI.run(["render", "mismatched.mustache"], in: files.folder)
    #expect(mismatched.status == 1)
    #expect(mismatched.stderr == "mismatched.mustache:3:3: error: '{{/items}}' closes section 'item' opened at 2:3\n")

    let partial = try await CLI.run(["render", "partial.mustache", "--strict"], in: files.folder)
    #expect(partial.status == 1)
    #expect(partial.stderr == "partial.mustache:2:5: error: unknown partial 'footer'\n")
    let lenient = try await CLI.run(["render", "partial.mustache"], in: files.folder)
    #expect(lenient.status == 0)
    #expect(lenient.output == "a\n  b \n")
}

@Test func badUsageExitsTwo() async throws {
    let files = try TemporarySite(["page.mustache": "x"])
    let missing = try await CLI.run(["render"], in: files.folder)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("Missing expected argument '<template>'"))
    let unknown = try await CLI.run(["render", "page.mustache", "--bogus"], in: files.folder)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("Unknown option '--bogus'"))
    let noCommand = try await CLI.run(["frobnicate"], in: files.folder)
    #expect(noCommand.status == 2)
}

@Test func helpListsTheRenderCommand() async throws {
    let empty = try TemporarySite()
    let help = try await CLI.run(["--help"], in: empty.folder)
    #expect(help.status == 0)
    #expect(help.output.contains("render"))
    let renderHelp = try await CLI.run(["render", "--help"], in: empty.folder)
    #expect(renderHelp.status == 0)
    #expect(renderHelp.output.contains("--strict"))
}

@Test func missingFilesAndBadDataExitOneWithTheirPath() async throws {
    let files = try TemporarySite([
        "page.mustache": "{{a}}",
        "bad.json": "{\n  \"a\": 1,\n  \"b\": nope\n}\n",
        "bad.yaml": "a: [1\nb: 2\n"
    ])
    let noTemplate = try await CLI.run(["render", "nope.mustache"], in: files.folder)
    #expect(noTemplate.status == 1)
    #expect(noTemplate.stderr == "nope.mustache: error: no such file\n")

    let noData = try await CLI.run(["render", "page.mustache", "--data", "none.json"], in: files.folder)
    #expect(noData.status == 1)
    #expect(noData.stderr == "none.json: error: no such file\n")

    let badJSON = try await CLI.run(["render", "page.mustache", "--data", "bad.json"], in: files.folder)
    #expect(badJSON.status == 1)
    // The same reader as `herald build`'s, so the same place and words: the word that is no value.
    #expect(badJSON.stderr == "bad.json:3:8: error: expected a value, found 'nope'\n")

    let badYAML = try await CLI.run(["render", "page.mustache", "--data", "bad.yaml"], in: files.folder)
    #expect(badYAML.status == 1)
    #expect(badYAML.stderr.hasPrefix("bad.yaml:2:"))
    #expect(badYAML.stderr.contains(": error: invalid YAML"))

    let noFolder = try await CLI.run(["render", "page.mustache", "--partials", "nowhere"], in: files.folder)
    #expect(noFolder.status == 1)
    #expect(noFolder.stderr == "nowhere: error: no such folder\n")
}

@Test func yamlDataPartialsFolderAndFormats() async throws {
    let files = try TemporarySite([
        "pages/list.md.mustache": "# {{title}}\n{{#items}}\n- {{> item}}\n{{/items}}\n",
        "parts/item.mustache": "{{name}} ({{count}})",
        "data.yaml": "title: '*NSYNC_'\nitems:\n  - name: no\n    count: 3\n  - name: on\n    count: 1.5\n"
    ])
    let result = try await CLI.run(
        ["render", "pages/list.md.mustache", "--data", "data.yaml", "--partials", "parts", "--strict"], in: files.folder
    )
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.output == "# \\*NSYNC\\_\n- no (3)\n- on (1.5)\n")
}

@Test func outputIsExactlyTheRenderedText() async throws {
    let files = try TemporarySite(["page.json.mustache": "{\"q\": \"{{q}}\"}", "data.json": #"{"q": "a \"b\"\n"}"#])
    let result = try await CLI.run(["render", "page.json.mustache", "--data", "data.json"], in: files.folder)
    #expect(result.status == 0)
    #expect(result.output == "{\"q\": \"a \\\"b\\\"\\n\"}")
}

@Test func hugeAndDeepTemplatesDoNotCrash() async throws {
    let line = "<li>{{name}} {{#on}}yes{{/on}}{{^on}}no{{/on}}</li>\n"
    let count = 10_000_000 / line.utf8.count + 1
    var open = ""
    var close = ""
    var data = #"{"leaf": "deep"}"#
    for level in 0..<50 {
        open += "{{#l\(level)}}"
        close = "{{/l\(level)}}" + close
    }
    for level in (0..<50).reversed() { data = "{\"l\(level)\": \(data)}" }
    let files = try TemporarySite([
        "huge.mustache": String(repeating: line, count: count),
        "deep.mustache": open + "{{leaf}}" + close,
        "data.json": #"{"name": "Ann", "on": true}"#,
        "deep.json": data
    ])
    let huge = try await CLI.run(["render", "huge.mustache", "--data", "data.json"], in: files.folder)
    #expect(huge.status == 0)
    #expect(huge.stdout.count == count * "<li>Ann yes</li>\n".utf8.count)

    let deep = try await CLI.run(["render", "deep.mustache", "--data", "deep.json", "--strict"], in: files.folder)
    #expect(deep.status == 0)
    #expect(deep.stderr == "")
    #expect(deep.output == "deep")

    let tooDeep = try TemporarySite([
        "t.mustache": String(repeating: "{{#a}}", count: 1000) + String(repeating: "{{/a}}", count: 1000)
    ])
    let refused = try await CLI.run(["render", "t.mustache"], in: tooDeep.folder)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("nested more than"))
}

@Test func yamlDataIsTypedAsASiteBuildTypesIt() async throws {
    // YAML 1.2, as data files in a build: `no` is text (so a section over it renders), and
    // `1_000` is text, not the number YAML 1.1 would make of it.
    let files = try TemporarySite([
        "t.txt.mustache":
            "{{#answer}}answered {{answer}}{{/answer}}{{^answer}}unanswered{{/answer}}, {{count}}, {{hex}}",
        "data.yaml": "answer: no\ncount: 1_000\nhex: 0x1F\n"
    ])
    let result = try await CLI.run(["render", "t.txt.mustache", "--data", "data.yaml", "--strict"], in: files.folder)
    #expect(result.stderr == "")
    #expect(result.output == "answered no, 1_000, 31")
}
