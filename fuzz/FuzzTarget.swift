import Foundation
import HeraldConfig
import HeraldCore
import HeraldEditor
import HeraldLoaders
import HeraldMarkdown
import HeraldModels
import HeraldMustache

/// The readers a fuzzer feeds: everything that parses bytes a user, or an attacker, wrote.
/// A thrown `DiagnosticError` is the expected answer to bad input; a finding is a crash, a hang,
/// or a sanitizer report.
enum FuzzTarget: String, CaseIterable {
    case mustacheParse = "mustache-parse"
    case mustacheRender = "mustache-render"
    case frontMatter = "front-matter"
    case json, yaml, csv
    case todoTxt = "todo-txt"
    case checklist, config
    /// `herald tasks` on a task file: the first byte picks the format, the rest is the file.
    case taskEdit = "task-edit"
    /// A paged source's next page: the first line is a `Link` header, the rest the page's body.
    case paging
    /// IDs of a todo.txt file or checklist, unique and stable across a remove (`TaskIDFuzzing`).
    case taskIDs = "task-ids"
    /// Heroes as a build keeps them in its state (`DecodedArchive`), read one after another: a
    /// damaged file must be refused, never crash a build.
    case decodedHeroes = "decoded-heroes"

    /// View data for rendered templates: every shape a key can have, nested.
    private static let data: TemplateValue = [
        "title": "A & <b>", "n": 3, "x": 1.5, "on": true, "off": false, "none": nil,
        "items": [["name": "a", "items": [["name": "b"]]], ["name": "<c>"]],
        "map": ["k": "v", "html": .html("<i>i</i>")]
    ]

    func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        switch self {
        case .mustacheParse:
            _ = try? Template(name: "t", path: "t.mustache", source: text)
        case .mustacheRender:
            // The first line names a partial's source, so partials and inheritance are reached too.
            let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            guard
                let root = try? Template(
                    name: "t", path: "t.html.mustache", source: parts.count > 1 ? String(parts[1]) : text),
                let partial = try? Template(name: "p", path: "p.mustache", source: String(parts[0]))
            else { return }
            let library = TemplateLibrary([root, partial])
            _ = try? library.renderBytes(root, Self.data, strict: false)
            _ = try? library.renderBytes(root, Self.data, strict: true)
        case .frontMatter:
            _ = try? FrontMatter.split(text, file: "page.md")
        case .json:
            _ = try? JSONRecordReader().records(inText: bytes, file: "data.json")
        case .yaml:
            _ = try? YAMLRecordReader().records(inText: bytes, file: "data.yml")
        case .csv:
            _ = try? CSVRecordReader.csv.records(inText: bytes, file: "data.csv")
        case .todoTxt:
            _ = try? TodoTxtRecordReader().records(inText: bytes, file: "todo.txt")
        case .checklist:
            _ = try? MarkdownChecklistRecordReader().records(inText: bytes, file: "list.md")
        case .config:
            _ = try? SiteConfig.parse(text, file: "herald.yml")
        case .taskEdit:
            Self.editTasks(bytes)
        case .taskIDs:
            TaskIDFuzzing.run(bytes)
        case .paging:
            Self.page(text)
        case .decodedHeroes:
            bytes.withUnsafeBufferPointer { buffer in
                var reader = ArchiveReader(buffer)
                while Hero(from: &reader) != nil {}
            }
        }
    }

    /// Whatever the header and body say, a next page is an absolute http(s) URL or nothing.
    private static func page(_ text: String) {
        let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let body = parts.count > 1 ? Array(parts[1].utf8) : []
        for pageURL in ["https://api.example.org/v1/items?page=1", "http://127.0.0.1:8080/"] {
            if case .success(let next?) = NextPage.find(
                linkHeaders: [String(parts[0])], body: body, nextPath: "next",
                pageURL: pageURL)
            {
                precondition(WebOrigin(next) != nil, "a next page that is not http(s): \(next)")
            }
        }
    }

    private static let editFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "herald-fuzz-\(getpid())")
    private static let editFiles = ["tasks.txt", "tasks.md", "tasks.csv", "tasks.json", "tasks.yml"]

    /// Every change, as a dry run, on the first two tasks of the file: the edits and the reading
    /// back run in full, and nothing but the one input file is written.
    private static func editTasks(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let name = editFiles[Int(first) % editFiles.count]
        let site = editFolder
        try? FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        guard (try? Data(bytes.dropFirst()).write(to: site.appendingPathComponent(name))) != nil,
            let config = try? SiteConfig.parse(
                "tasks:\n  source: \(name)\n  columns: [todo, doing, done]\n", file: "herald.yml"),
            let tasks = config.tasks
        else { return }
        let editor = TaskEditor(site: site, config: tasks, now: Date(timeIntervalSince1970: 1_800_000_000))
        _ = try? editor.apply(
            .add(NewTask(text: "Fuzzed \"task\", with: a colon", priority: "B", tags: ["x"])), dryRun: true)
        guard let listed = try? editor.list() else { return }
        for task in listed.prefix(2) {
            for change: TaskChange in [
                .done(id: task.id), .reopen(id: task.id), .move(id: task.id, to: "doing"), .remove(id: task.id),
                .edit(id: task.id, TaskEdits(title: "Renamed", priority: .some(nil)))
            ] {
                _ = try? editor.apply(change, dryRun: true)
            }
        }
    }
}
