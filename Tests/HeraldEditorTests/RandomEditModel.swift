import HeraldEditor
import HeraldTestSupport

/// One random operation on the task at `index` of the model (ignored by `add`).
enum RandomOperation: CustomStringConvertible {
    case add(String), done(Int), reopen(Int), move(Int, String), edit(Int, String), remove(Int)

    static let titles = ["Alpha", "Beta", "Gamma", "Alpha", "Delta"]

    /// `keepOne`: never remove the last task, for sources that learn their keys from their records.
    static func random(count: Int, columns: [String], keepOne: Bool = false, using generator: inout SeededGenerator)
        -> RandomOperation
    {
        let title = titles.randomElement(using: &generator) ?? "Alpha"
        guard count > 0 else { return .add(title) }
        let index = Int.random(in: 0..<count, using: &generator)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return .add(title)
        case 1: return .done(index)
        case 2: return .reopen(index)
        case 3: return .move(index, columns.randomElement(using: &generator) ?? "todo")
        case 4: return .edit(index, title)
        default: return keepOne && count == 1 ? .add(title) : .remove(index)
        }
    }

    var index: Int? {
        switch self {
        case .add: nil
        case .done(let index), .reopen(let index), .move(let index, _), .edit(let index, _), .remove(let index): index
        }
    }

    func change(id: String) -> TaskChange {
        switch self {
        case .add(let title): .add(NewTask(text: title))
        case .done: .done(id: id)
        case .reopen: .reopen(id: id)
        case .move(_, let column): .move(id: id, to: column)
        case .edit(_, let title): .edit(id: id, TaskEdits(title: title))
        case .remove: .remove(id: id)
        }
    }

    var description: String {
        switch self {
        case .add(let title): "add \(title)"
        case .done(let index): "done #\(index)"
        case .reopen(let index): "reopen #\(index)"
        case .move(let index, let column): "move #\(index) \(column)"
        case .edit(let index, let title): "edit #\(index) \(title)"
        case .remove(let index): "remove #\(index)"
        }
    }
}

/// A task as the model sees it: its title and column, and for line formats the rest of its line.
struct ModelTask: Equatable {
    var title: String
    var status: String
    var created: String?
    var completion: String?
}

/// What a line file (todo.txt, Markdown checklist) must hold after each operation, byte for byte.
struct LineFileModel {
    let todoTxt: Bool
    let bom: Bool
    var ending: String
    var tasks: [ModelTask]
    static let today = "2026-11-23"

    func line(_ task: ModelTask) -> String {
        guard todoTxt else {
            return task.status == "done"
                ? "- [x] \(task.title) ✅ \(task.completion ?? Self.today)" : "- [ ] \(task.title)"
        }
        let created = task.created.map { $0 + " " } ?? ""
        if task.status == "done" { return "x \(task.completion ?? Self.today) \(created)\(task.title)" }
        return created + task.title + (task.status == "doing" ? " status:doing" : "")
    }

    var bytes: [UInt8] {
        Array(((bom ? "\u{FEFF}" : "") + tasks.map { line($0) + ending }.joined()).utf8)
    }

    /// Tasks alike in every field, which the editor must refuse to edit by ID.
    func isAmbiguous(_ index: Int) -> Bool {
        tasks.indices.contains { $0 != index && line(tasks[$0]) == line(tasks[index]) }
    }

    /// Applies the operation; false when the editor must refuse it.
    mutating func apply(_ operation: RandomOperation) -> Bool {
        if let index = operation.index, isAmbiguous(index) { return false }
        switch operation {
        case .add(let title):
            tasks.append(ModelTask(title: title, status: "todo", created: todoTxt ? Self.today : nil))
        case .done(let index):
            move(index, to: "done")
        case .reopen(let index):
            if tasks[index].status == "done" { move(index, to: "todo") }
        case .move(let index, let column):
            guard todoTxt || column != "doing" else { return false }
            move(index, to: column)
        case .edit(let index, let title):
            tasks[index].title = title
        case .remove(let index):
            tasks.remove(at: index)
            if tasks.isEmpty { ending = "\n" }
        }
        return true
    }

    private mutating func move(_ index: Int, to column: String) {
        guard tasks[index].status != column else { return }
        tasks[index].completion = column == "done" ? Self.today : nil
        tasks[index].status = column
    }
}
