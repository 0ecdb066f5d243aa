import Foundation
import GRDB
import HeraldCore
import HeraldEditor
import HeraldModels
import HeraldTestSupport
import Testing

// Random sequences of add, done, reopen, move, edit and remove on every editable format, each
// checked against a model of what the file must become. A short run by default; `make test-slow`
// sets HERALD_RANDOM_EDIT_ITERATIONS for a long one, and HERALD_RANDOM_EDIT_SEED runs one seed again.

private let environment = ProcessInfo.processInfo.environment
private let operationsPerSeed = Int(environment["HERALD_RANDOM_EDIT_ITERATIONS"] ?? "") ?? 40
private let seeds: [UInt64] = environment["HERALD_RANDOM_EDIT_SEED"].flatMap(UInt64.init).map { [$0] } ?? [1, 2, 3]

/// The file variants every text format is tried in: plain, with a byte order mark, with CRLF.
private let variants: [(bom: Bool, crlf: Bool)] = [(false, false), (true, false), (false, true), (true, true)]

@Test(arguments: [true, false])
func randomEditsOfALineFileMatchTheModelByteForByte(todoTxt: Bool) throws {
    for seed in seeds {
        for variant in variants {
            var model = LineFileModel(
                todoTxt: todoTxt, bom: variant.bom, ending: variant.crlf ? "\r\n" : "\n",
                tasks: todoTxt
                    ? [
                        ModelTask(title: "Alpha", status: "todo"),
                        ModelTask(title: "Beta", status: "todo", created: "2026-11-01"),
                        ModelTask(title: "Gamma", status: "done", created: "2026-11-01", completion: "2026-11-02"),
                        ModelTask(title: "Alpha", status: "todo")
                    ]
                    : [
                        ModelTask(title: "Alpha", status: "todo"), ModelTask(title: "Beta", status: "done"),
                        ModelTask(title: "Alpha", status: "todo")
                    ])
            let site = try EditSite(path: todoTxt ? "Content/todo.txt" : "Content/list.md", bytes: model.bytes)
            var generator = SeededGenerator(seed: seed)
            for step in 0..<operationsPerSeed {
                let operation = RandomOperation.random(
                    count: model.tasks.count, columns: ["todo", "doing", "done"], using: &generator)
                let context = "seed \(seed), bom \(variant.bom), crlf \(variant.crlf), step \(step): \(operation)"
                let accepted = model.apply(operation)
                try run(operation, on: site, accepted: accepted, context: context)
                #expect(
                    try String(decoding: site.bytes, as: UTF8.self) == String(decoding: model.bytes, as: UTF8.self),
                    "\(context)")
                #expect(try site.tasks().map(\.title) == model.tasks.map(\.title), "\(context)")
                #expect(try site.tasks().map(\.status) == model.tasks.map(\.status), "\(context)")
                guard try site.bytes == model.bytes else { return }
            }
        }
    }
}

/// Runs one operation on the site by the ID the editor lists for the model's task; a refused
/// one must leave the file alone, and a removed task's ID must name no other task afterwards.
private func run(_ operation: RandomOperation, on site: EditSite, accepted: Bool, context: String) throws {
    let tasks = try site.tasks()
    let id = operation.index.map { tasks[$0].id } ?? ""
    let before = try site.bytes
    do {
        try site.apply(operation.change(id: id))
        #expect(accepted, "the editor accepted what it must refuse: \(context)")
    } catch let error as DiagnosticError {
        #expect(!accepted, "\(error.description): \(context)")
        #expect(try site.bytes == before, "a refused edit changed the file: \(context)")
        return
    }
    if case .remove = operation {
        let after = try site.bytes
        #expect(throws: DiagnosticError.self, "a removed task's ID named another task: \(context)") {
            try site.apply(.remove(id: id))
        }
        #expect(try site.bytes == after, "\(context)")
    }
}

/// A record format, its starting file (or database) and the check of which bytes an edit may change.
private enum RecordFormat: String, CaseIterable {
    case json, yaml, csv, sqlite

    var path: String { "Content/tasks.\(self == .yaml ? "yml" : rawValue)" }

    func text(_ tasks: [(id: Int, title: String, status: String)], crlf: Bool) -> String {
        let lines: [String] =
            switch self {
            case .json:
                ["["]
                    + tasks.enumerated().map { index, task in
                        "  {\"id\": \(task.id), \"title\": \"\(task.title)\", \"status\": \"\(task.status)\"}"
                            + (index < tasks.count - 1 ? "," : "")
                    } + ["]"]
            case .yaml: tasks.flatMap { ["- id: \($0.id)", "  title: \($0.title)", "  status: \($0.status)"] }
            case .csv: ["id,title,status"] + tasks.map { "\($0.id),\($0.title),\($0.status)" }
            case .sqlite: []
            }
        return lines.map { $0 + (crlf ? "\r\n" : "\n") }.joined()
    }
}

@Test(arguments: RecordFormat.allCases)
private func randomEditsOfRecordsMatchTheModelByteForByte(format: RecordFormat) throws {
    for seed in seeds {
        for variant in format == .sqlite ? [(bom: false, crlf: false)] : variants {
            var model: [(id: Int, title: String, status: String)] = [
                (1, "Alpha", "todo"), (2, "Beta", "done"), (3, "Alpha", "todo")
            ]
            let site: EditSite
            if format == .sqlite {
                site = try EditSite(path: format.path, bytes: [], extra: "  table: tasks\n")
                try site.site.remove(format.path)
                let database = try DatabaseQueue(path: site.site.url(format.path).path)
                try database.write { db in
                    try db.execute(sql: "CREATE TABLE tasks(id INTEGER PRIMARY KEY, title TEXT, status TEXT)")
                    for task in model {
                        try db.execute(
                            sql: "INSERT INTO tasks VALUES (?, ?, ?)", arguments: [task.id, task.title, task.status])
                    }
                }
                try database.close()
            } else {
                site = try EditSite(
                    path: format.path,
                    bytes: Array(((variant.bom ? "\u{FEFF}" : "") + format.text(model, crlf: variant.crlf)).utf8))
            }
            var generator = SeededGenerator(seed: seed)
            for step in 0..<operationsPerSeed {
                let operation = RandomOperation.random(
                    count: model.count, columns: ["todo", "doing", "done"], keepOne: true, using: &generator)
                let context =
                    "\(format) seed \(seed), bom \(variant.bom), crlf \(variant.crlf), step \(step): \(operation)"
                apply(operation, to: &model)
                try run(operation, on: site, accepted: true, context: context)
                #expect(try site.tasks().map(\.title) == model.map(\.title), "\(context)")
                #expect(try site.tasks().map(\.status) == model.map(\.status), "\(context)")
                #expect(try site.tasks().map(\.id) == model.map { String($0.id) }, "\(context)")
                guard format != .sqlite else {
                    if try site.tasks().map(\.id) != model.map({ String($0.id) }) { return }
                    continue
                }
                let expected = (variant.bom ? "\u{FEFF}" : "") + format.text(model, crlf: variant.crlf)
                #expect(String(decoding: try site.bytes, as: UTF8.self) == expected, "\(context)")
                guard try site.bytes == Array(expected.utf8) else { return }
            }
        }
    }
}

private func apply(_ operation: RandomOperation, to model: inout [(id: Int, title: String, status: String)]) {
    switch operation {
    case .add(let title): model.append(((model.map(\.id).max() ?? 0) + 1, title, "todo"))
    case .done(let index): model[index].status = "done"
    case .reopen(let index): if model[index].status == "done" { model[index].status = "todo" }
    case .move(let index, let column): model[index].status = column
    case .edit(let index, let title): model[index].title = title
    case .remove(let index): model.remove(at: index)
    }
}
