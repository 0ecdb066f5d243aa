import Foundation
import HeraldConfig
import HeraldCore
import HeraldEditor
import HeraldModels
import HeraldTestSupport
import Testing

/// A site whose tasks come from one file, and the editor over it.
struct EditSite {
    let site: TemporarySite
    let path: String

    /// A site with `tasks:` reading `path`, which holds `bytes`; `extra` is added to the `tasks:` section.
    init(path: String, bytes: [UInt8], extra: String = "") throws {
        site = try TemporarySite()
        self.path = path
        try site.write(path, Data(bytes))
        try site.write("herald.yml", "title: T\ntimezone: Europe/Berlin\ntasks:\n  source: \(path)\n\(extra)")
    }

    /// A site reading a copy of a real data file.
    init(realData: String, as path: String, extra: String = "") throws {
        try self.init(path: path, bytes: [UInt8](try Data(contentsOf: try RealData.url(realData))), extra: extra)
    }

    func editor(now: String = "2026-11-23T10:00:00Z") throws -> TaskEditor {
        let (config, _) = try SiteConfig.load(site: site.folder)
        let tasks = try #require(config.tasks)
        return TaskEditor(site: site.folder, config: tasks, now: try #require(ISO8601DateFormatter().date(from: now)))
    }

    var bytes: [UInt8] {
        get throws { [UInt8](try Data(contentsOf: site.url(path))) }
    }

    @discardableResult
    func apply(_ change: TaskChange, now: String = "2026-11-23T10:00:00Z", keepsRemovals: Bool = false) throws
        -> TaskEditor.Outcome
    {
        var editor = try editor(now: now)
        editor.keepsRemovals = keepsRemovals
        return try editor.apply(change)
    }

    func tasks() throws -> [TaskItem] {
        try editor().list()
    }

    /// The error a change gives, the file checked untouched.
    func failure(_ change: TaskChange, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let before = try bytes
        do {
            try apply(change)
            Issue.record("expected an error", sourceLocation: sourceLocation)
            return ""
        } catch let error as DiagnosticError {
            #expect(try bytes == before, "the file must be untouched", sourceLocation: sourceLocation)
            #expect(error.diagnostics.count == 1, sourceLocation: sourceLocation)
            return error.description
        }
    }
}

/// The lines an edit changed, as text: those between the lines both versions start and end with.
func changedLines(_ old: [UInt8], _ new: [UInt8]) -> (removed: [String], added: [String]) {
    func lines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }
    let (before, after) = (lines(old), lines(new))
    var prefix = 0
    while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < before.count - prefix, suffix < after.count - prefix,
        before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
    { suffix += 1 }
    return (Array(before[prefix..<(before.count - suffix)]), Array(after[prefix..<(after.count - suffix)]))
}

/// Every task's ID by title.
func idsByTitle(_ tasks: [TaskItem]) -> [String: String] {
    Dictionary(tasks.map { ($0.title, $0.id) }, uniquingKeysWith: { first, _ in first })
}
