import HeraldCore
import HeraldModels

/// The tasks of the task file at one moment, with the record each came from.
struct TaskSnapshot {
    let file: TaskFile
    let records: [Record]
    /// Tasks with full IDs, in source order.
    let tasks: [Task]
    /// The record index of each task (records that `status_map` drops have no task).
    let recordIndices: [Int]
    /// The IDs as the board shows them.
    let shortIDs: [String]

    init(file: TaskFile, records: [Record], rules: TaskRules) throws(DiagnosticError) {
        self.file = file
        self.records = records
        var tasks: [Task] = []
        var indices: [Int] = []
        var problems: [Diagnostic] = []
        for (index, record) in records.enumerated() {
            do throws(DiagnosticError) {
                if let task = try Task.decode(record, rules: rules) {
                    tasks.append(task)
                    indices.append(index)
                }
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        self.tasks = tasks
        recordIndices = indices
        var short = tasks
        Task.abbreviatingDerivedIDs(&short)
        shortIDs = short.map(\.id)
    }

    var shortTasks: [Task] {
        zip(tasks, shortIDs).map { task, id in
            var task = task
            task.id = id
            return task
        }
    }

    /// The task `id` names: its own ID exactly, or a prefix of an ID derived from a title (like a
    /// git short hash). An unknown ID or a prefix of several is an error naming the candidates.
    func target(_ id: String) throws(DiagnosticError) -> EditTarget {
        let wanted = id.trimmingBlanks()
        var matches = tasks.indices.filter { tasks[$0].id == wanted }
        if matches.isEmpty, !wanted.isEmpty {
            matches = tasks.indices.filter { tasks[$0].idIsDerived && tasks[$0].id.hasPrefix(wanted.lowercased()) }
        }
        let here = SourceLocation(file: file.displayPath)
        guard let first = matches.first else {
            throw DiagnosticError(.error(at: here, "no task has the ID '\(wanted)'; herald tasks list shows the IDs"))
        }
        guard matches.count == 1 else {
            let candidates = matches.prefix(10).map { "\(shortIDs[$0]) (\(tasks[$0].title))" }.joined(separator: ", ")
            throw DiagnosticError(.error(at: here, "the ID '\(wanted)' is ambiguous: it starts \(matches.count) IDs: \(candidates)"))
        }
        let record = records[recordIndices[first]]
        if tasks[first].idIsDerived, record.derivedIDIsAmbiguous { throw ambiguity(of: first) }
        return EditTarget(task: tasks[first], record: record, index: recordIndices[first])
    }

    /// The error for a task that another task of the file is alike in every field: its ID tells
    /// them apart only by order, and an edit by it could change the wrong one.
    private func ambiguity(of index: Int) -> DiagnosticError {
        let title = tasks[index].title
        let lines = tasks.indices.filter { other in
            tasks[other].title == title && tasks[other].idIsDerived && records[recordIndices[other]].derivedIDIsAmbiguous
        }.map { String(tasks[$0].location.line) }
        let line = tasks[index].location.line
        return DiagnosticError(.error(at: SourceLocation(file: file.displayPath, line: line, column: 1),
            "the tasks at lines \(lines.prefix(10).joined(separator: ", ")) read exactly alike ('\(title)'), so an ID cannot tell "
                + "them apart; give this one an id (id:NAME in todo.txt) or change its text, then run the command again"))
    }

    func shortID(of target: EditTarget) -> String {
        recordIndices.firstIndex(of: target.index).map { shortIDs[$0] } ?? target.task.id
    }

    /// The task the change made or changed, checked against what it asked: the reader must find
    /// the new task, the task in its new column, the removed task gone.
    func check(_ change: TaskChange, target: EditTarget?, before: TaskSnapshot) throws(DiagnosticError) -> Task {
        let here = SourceLocation(file: file.displayPath)
        func short(_ index: Int) -> Task {
            var task = tasks[index]
            task.id = shortIDs[index]
            return task
        }
        switch change {
        case .add:
            // The new task is where the tasks first differ from before: an ID would not do, since
            // a new task can change the IDs of tasks that share its title.
            let old = before.tasks
            guard tasks.count == old.count + 1, let index = tasks.indices.first(where: { index in
                index == old.count || old[index].title != tasks[index].title || old[index].location.line != tasks[index].location.line
            }) else {
                throw DiagnosticError(.error(at: here, "the new task would not be read back from the file; nothing was written"))
            }
            return short(index)
        case .remove:
            guard let target, tasks.count == before.tasks.count - 1 else {
                throw DiagnosticError(.error(at: here, "the task would still be read from the file; nothing was written"))
            }
            var task = target.task
            task.id = before.shortID(of: target)
            return task
        case .done, .reopen, .move, .edit:
            guard let target, let index = recordIndices.firstIndex(of: target.index) else {
                throw DiagnosticError(.error(at: here, "the task would no longer be read from the file; nothing was written"))
            }
            return short(index)
        }
    }
}
