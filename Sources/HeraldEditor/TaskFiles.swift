import Foundation
import HeraldConfig
import HeraldCore
import HeraldLoaders
import HeraldModels

/// A task source of many files (a folder of notes, a glob), for `herald tasks list`: read as a
/// build reads it, with the same IDs and each task's note. `herald tasks` edits one file, so
/// nothing here writes.
struct TaskFiles {
    let loader: TaskLoader

    /// Nil when the source is one file or a URL.
    init?(site: URL, config: TasksConfig) throws(DiagnosticError) {
        let spec = try SourceSpec(config.source)
        guard !spec.isRemote, Self.isMany(spec.path, site: site) else { return nil }
        loader = TaskLoader(records: RecordLoader(siteFolder: site), spec: spec, rules: config.rules)
    }

    /// A glob, or a path that is a folder.
    static func isMany(_ path: String, site: URL) -> Bool {
        if isGlob(path) { return true }
        var isFolder: ObjCBool = false
        let url = site.appendingPathComponent(path)
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    private static func isGlob(_ path: String) -> Bool {
        path.contains(where: { "*?[".contains($0) })
    }

    func tasks() throws(DiagnosticError) -> [TaskItem] {
        try loader.load()
    }

    /// Why `herald tasks` will not edit these files, naming the file to edit instead: the one
    /// holding the task `id` names, else the first file read.
    func refusal(for id: String?) -> DiagnosticError {
        let path = loader.spec.path
        let kind = Self.isGlob(path) ? "the files of the pattern" : "the folder"
        var file = try? loader.records.files(of: loader.spec).first?.path
        var which = file.map { " (such as '\($0)')" } ?? ""
        if let id = id?.trimmingBlanks(), !id.isEmpty, let tasks = try? tasks() {
            let found =
                tasks.first { $0.id == id } ?? tasks.first { $0.idIsDerived && $0.id.hasPrefix(id.lowercased()) }
            file = found?.location.file
            which = file.map { ": task \(id) is in '\($0)'" } ?? ""
        }
        return DiagnosticError(
            .error(
                at: SourceLocation(file: path),
                "the tasks come from \(kind) '\(path)', and herald tasks edits one file\(which); to change a task there, name "
                    + "its file as tasks: source: in herald.yml, or edit the note itself (herald tasks list reads them all)"
            ))
    }
}
