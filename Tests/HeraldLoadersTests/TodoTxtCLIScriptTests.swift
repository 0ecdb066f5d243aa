import Foundation
import HeraldCore
import HeraldLoaders
import HeraldTestSupport
import Testing

// todo.txt-cli's own test scripts (Fixtures/tasks-todotxt-cli) write todo.txt files and say what
// `todo.sh` must list from them. Herald must read each of those lines as todo.sh does: its
// priority, its projects and contexts, whether it is done and when. The lines and the expected
// listings are taken from the scripts here, never typed again.

/// One `test_todo_session` command of a script, with the files it runs on and the output it expects.
private struct Session {
    var script: String
    var command: [String]
    var output: [String]
    var todo: [String]
    var done: [String]
}

/// The sessions of a script. A `cat > todo.txt <<EOF` block sets the file the sessions after it
/// run on (`cat >>` adds to it); a `>>> ` line in a session block is a command, and the lines up to the next are its output.
private func sessions(of script: String) throws -> [Session] {
    let text = try String(contentsOf: RealData.url("tasks-todotxt-cli/\(script)"), encoding: .utf8)
    var files: [String: [String]] = ["todo.txt": [], "done.txt": []]
    var found: [Session] = []
    // A command that is no listing (`todo.sh add …`) changes the files: what follows is not checked.
    var changed = false
    let listings: Set<Substring> = ["ls", "list", "listall", "listpri", "listcon", "listproj"]
    var lines = text.components(separatedBy: "\n")[...]
    func block() -> [String] {
        var body: [String] = []
        while let line = lines.popFirst(), line != "EOF" { body.append(line) }
        return body
    }
    while let line = lines.popFirst() {
        if let name = ["todo.txt", "done.txt"].first(where: { line == "cat > \($0) <<EOF" }) {
            files[name] = block()
            changed = false
        } else if let name = ["todo.txt", "done.txt"].first(where: { line == "cat >> \($0) <<EOF" }) {
            files[name, default: []] += block()
        } else if line.hasPrefix("test_todo_session ") {
            var current: Session?
            for entry in block() {
                if entry.hasPrefix(">>> ") {
                    if let current, !changed { found.append(current) }
                    if !entry.split(separator: " ").contains(where: listings.contains) { changed = true }
                    current = Session(
                        script: script, command: entry.dropFirst(4).split(separator: " ").map(String.init), output: [],
                        todo: files["todo.txt"] ?? [], done: files["done.txt"] ?? [])
                } else if !entry.isEmpty {
                    current?.output.append(
                        entry.replacingOccurrences(of: #"\u001B\[[0-9;]*m"#, with: "", options: .regularExpression))
                }
            }
            if let current, !changed { found.append(current) }
        }
    }
    return found
}

/// The session's action and its arguments, when it is `todo.sh [-p] ACTION …` with nothing set around it.
private func action(_ session: Session) -> (name: String, arguments: [String])? {
    var words = session.command[...]
    guard words.popFirst() == "todo.sh" else { return nil }
    if words.first == "-p" { words.removeFirst() }
    guard let name = words.popFirst(), !name.hasPrefix("-") else { return nil }
    return (name, Array(words))
}

/// The records Herald reads from the lines of a todo.txt file, by line number.
private func read(_ lines: [String]) throws -> [Int: Record] {
    let records = try TodoTxtRecordReader().records(inText: Array(lines.joined(separator: "\n").utf8), file: "todo.txt")
    return Dictionary(uniqueKeysWithValues: records.map { ($0.location.line, $0) })
}

/// A listed task's number and the rest of its line (`3 (C) notice the sunflowers`).
private func listed(_ output: [String]) -> [(number: Int, text: String)] {
    output.prefix { $0 != "--" }.compactMap { line in
        let number = line.prefix { $0.isNumber }
        return Int(number).map { ($0, String(line.dropFirst(number.count + 1))) }
    }
}

@Test func todoShListpriListsTheTasksHeraldReadsWithThatPriority() throws {
    let all = try sessions(of: "t1250-listpri.sh")
    let checked = all.filter { action($0)?.name == "listpri" }
    #expect(checked.count == 20)
    for session in checked {
        guard let arguments = action(session)?.arguments else { continue }
        let records = try read(session.todo)
        let priorities = records.compactMapValues { $0["priority"]?.string }
        for task in listed(session.output) {
            // "3 (C) notice…": the task on line 3 has priority C.
            let shown = task.text.dropFirst().prefix(1)
            #expect(priorities[task.number].map { $0 == shown } == true, "\(session.command): \(task)")
        }
        // With no filter, or one letter, the listing is every task of that priority and no other.
        if arguments.isEmpty || (arguments.count == 1 && arguments[0].count == 1) {
            let wanted = arguments.first?.uppercased()
            let expected = Set(priorities.filter { wanted == nil || $0.value == wanted }.keys)
            #expect(Set(listed(session.output).map(\.number)) == expected, "\(session.command)")
        }
    }
}

@Test(arguments: [("t1310-listcon.sh", "listcon", "@", "contexts"), ("t1320-listproj.sh", "listproj", "+", "projects")])
func todoShListsTheContextsAndProjectsHeraldReads(script: String, name: String, sigil: String, field: String) throws {
    let plain = try sessions(of: script).filter { action($0).map { $0.name == name && $0.arguments.isEmpty } == true }
    #expect(plain.count >= 4)
    for session in plain {
        let records = try read(session.todo)
        let read = Set(records.values.flatMap { $0[field]?.strings ?? [] }.map { sigil + $0 })
        #expect(read == Set(session.output), "\(script): \(session.todo)")
    }
}

@Test func todoShListallShowsWhatHeraldReadsAsDoneAndWhen() throws {
    let all = try sessions(of: "t1350-listall.sh").filter {
        action($0).map { $0.name == "listall" && $0.arguments.isEmpty } == true
    }
    #expect(all.count == 3)
    for session in all {
        let todo = try read(session.todo)
        let done = try read(session.done)
        let shown = listed(session.output)
        #expect(shown.count == session.todo.count + session.done.count)
        for task in shown {
            // Number 0 is a line of done.txt, found by its text; the others are lines of todo.txt.
            let record =
                task.number == 0
                ? done.values.first { session.done[$0.location.line - 1] == task.text } : todo[task.number]
            let mark = task.text.split(separator: " ").prefix(2)
            let isDone = mark.first == "x"
            #expect(record?["completed"]?.bool == isDone, "\(task)")
            #expect(record?["completed_at"]?.string == (isDone ? mark.last.map(String.init) : nil), "\(task)")
            #expect(record?["priority"]?.string == (task.text.hasPrefix("(A) ") ? "A" : nil), "\(task)")
        }
    }
}
