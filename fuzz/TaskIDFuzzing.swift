import Foundation
import HeraldConfig
import HeraldCore
import HeraldEditor
import HeraldLoaders

/// The `task-ids` target: arbitrary bytes as a todo.txt file or a Markdown checklist (the first
/// byte picks which, the second which task to remove), through ID assignment and a real remove.
/// A finding is a crash, two tasks with one ID, or an ID that moves to another task.
enum TaskIDFuzzing {
    private static let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "herald-fuzz-ids-\(getpid())")

    static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let name = bytes[0] % 2 == 0 ? "tasks.txt" : "tasks.md"
        let reader: any TextRecordReader = name == "tasks.txt" ? TodoTxtRecordReader() : MarkdownChecklistRecordReader()
        let text = Array(bytes.dropFirst(2))
        guard let before = try? reader.records(inText: text, file: name) else { return }
        let ids = before.compactMap(\.derivedID)
        guard Set(ids).count == ids.count else { fatalError("two tasks have one ID: \(ids)") }

        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        guard (try? Data(text).write(to: file)) != nil,
            let config = try? SiteConfig.parse(
                "tasks:\n  source: \(name)\n  columns: [todo, doing, done]\n", file: "herald.yml"),
            let tasks = config.tasks
        else { return }
        let editor = TaskEditor(site: folder, config: tasks, now: Date(timeIntervalSince1970: 1_800_000_000))
        guard let listed = try? editor.list(), !listed.isEmpty, listed.count == before.count else { return }
        let index = Int(bytes[1]) % listed.count
        let removed = before[index]
        let outcome = try? editor.apply(.remove(id: listed[index].id))
        if removed.derivedIDIsAmbiguous, outcome != nil { fatalError("a task alike another was removed by ID") }
        // FileBytes rather than Data(contentsOf:), whose buffer LeakSanitizer reports as leaked.
        guard outcome != nil, let written = try? FileBytes.read(SourceFile(url: file, path: name), limit: 1 << 20),
            let after = try? reader.records(inText: written, file: name)
        else { return }
        checkStable(before: before, removed: index, after: after)
    }

    /// No remaining task has the removed task's ID, and an ID that stays names the same task.
    private static func checkStable(before: [Record], removed: Int, after: [Record]) {
        let afterIDs = after.compactMap(\.derivedID)
        guard Set(afterIDs).count == afterIDs.count else { fatalError("two tasks have one ID after a remove") }
        if let id = before[removed].derivedID, afterIDs.contains(id) {
            fatalError("the removed task's ID \(id) names another task")
        }
        var titles: [String: String] = [:]
        for record in before {
            if let id = record.derivedID { titles[id] = title(of: record) }
        }
        for record in after {
            guard let id = record.derivedID, let old = titles[id] else { continue }
            if old != title(of: record) { fatalError("the ID \(id) moved from '\(old)' to '\(title(of: record))'") }
        }
    }

    private static func title(of record: Record) -> String {
        if case .string(let text)? = record.fields.lookup("title")?.value { text } else { "" }
    }
}
