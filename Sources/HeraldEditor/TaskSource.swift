import Foundation
import HeraldConfig
import HeraldCore
import HeraldLoaders
import HeraldModels

/// The one local file a site's tasks come from, in the format the editor will write.
struct TaskSource {
    let spec: SourceSpec
    let format: DataFormat
    let url: URL
    /// The path as herald.yml names it, for messages.
    let displayPath: String
    let rules: TaskRules

    init(site: URL, config: TasksConfig) throws(DiagnosticError) {
        let spec = try SourceSpec(config.source)
        self.spec = spec
        rules = config.rules
        displayPath = spec.path
        let refuse = { (message: String) in DiagnosticError(.error(at: SourceLocation(file: spec.path), message)) }
        if spec.isRemote {
            throw refuse(
                "the tasks come from a URL, and herald tasks edits only a local file; change the data where it is kept")
        }
        if let files = try TaskFiles(site: site, config: config) { throw files.refusal(for: nil) }
        let url = site.appendingPathComponent(spec.path).standardizedFileURL
        self.url = url
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw refuse("no such file: '\(spec.path)'")
        }
        let siteRoot = site.resolvingSymlinksInPath().path
        guard url.resolvingSymlinksInPath().path.hasPrefix(siteRoot + "/") else {
            throw refuse(
                "the task file is a link to a file outside the site folder; herald tasks writes only inside it")
        }
        guard let format = spec.format ?? DataFormat(fileExtension: url.pathExtension) else {
            throw refuse("cannot tell the format of '\(spec.path)' from its extension; set format: in herald.yml")
        }
        guard format != .markdown else { throw refuse("herald tasks cannot edit Markdown record files yet") }
        self.format = format
    }

    /// The file and its tasks as they are now; the file must read without errors.
    func read(needsWriting: Bool) throws(DiagnosticError) -> TaskSnapshot {
        var file = try TaskFile(url: url, displayPath: displayPath, limit: spec.maxBytes, needsWriting: needsWriting)
        file.comments = spec.comments
        if format == .todoTxt { return try TaskSnapshot.readingTodoTxt(file: file, bytes: file.bytes, rules: rules) }
        let records: [Record]
        if format == .sqlite {
            records = try RecordLoader.reader(for: format, spec: spec).records(
                in: SourceFile(url: url, path: displayPath)
            )
            .derivingTaskIDs(rules: rules)
        } else {
            records = try textRecords(in: file.bytes)
        }
        return try TaskSnapshot(file: file, records: records, rules: rules)
    }

    /// Every task of the file in source order, IDs abbreviated as the board shows them.
    func tasks() throws(DiagnosticError) -> [TaskItem] {
        let snapshot = try read(needsWriting: false)
        return try snapshot.shortTasks()
    }

    private func textRecords(in bytes: [UInt8]) throws(DiagnosticError) -> [Record] {
        guard let reader = RecordLoader.reader(for: format, spec: spec) as? any TextRecordReader else { return [] }
        return try reader.records(inText: bytes, file: displayPath).derivingTaskIDs(rules: rules)
    }

    /// The editor of this format over `snapshot`'s file.
    func editor(for snapshot: TaskSnapshot, context: EditContext) throws(DiagnosticError) -> any TaskFormatEditor {
        let bytes = snapshot.file.bytes
        switch format {
        case .todoTxt: return TodoTxtEditor(text: EditableLines(bytes), context: context)
        case .markdownChecklist: return ChecklistEditor(text: EditableLines(bytes), context: context)
        case .csv, .tsv:
            let separator = UInt8(ascii: format == .csv ? "," : "\t")
            return RecordTaskEditor(
                store: try CSVDocument(bytes: bytes, file: displayPath, separator: separator), context: context)
        case .json:
            return RecordTaskEditor(
                store: try JSONDocument(bytes: bytes, file: displayPath, root: spec.root), context: context)
        case .yaml:
            return RecordTaskEditor(
                store: try YAMLDocument(bytes: bytes, file: displayPath, root: spec.root), context: context)
        case .sqlite:
            let store = try SQLiteTaskStore(
                url: url, file: displayPath, table: spec.table, query: spec.query,
                idKey: rules.fields[.id] ?? "id", timeout: spec.timeout)
            return RecordTaskEditor(store: store, context: context)
        case .markdown:
            throw DiagnosticError(
                .error(at: SourceLocation(file: displayPath), "herald tasks cannot edit Markdown record files yet"))
        }
    }

    /// The tasks as the edits leave them, read back through the format's reader.
    func reread(_ editor: any TaskFormatEditor, from before: TaskSnapshot) throws(DiagnosticError) -> TaskSnapshot {
        switch editor.result {
        case .bytes(let bytes): try reread(bytes, from: before)
        case .database(let store):
            try TaskSnapshot(file: before.file, records: store.records.derivingTaskIDs(rules: rules), rules: rules)
        }
    }

    /// The tasks of a text file's new bytes, read back through the format's reader.
    func reread(_ bytes: [UInt8], from before: TaskSnapshot) throws(DiagnosticError) -> TaskSnapshot {
        format == .todoTxt
            ? try before.rereadingTodoTxt(bytes)
            : try TaskSnapshot(file: before.file, records: textRecords(in: bytes), rules: rules)
    }

    func diff(_ editor: any TaskFormatEditor, from before: TaskSnapshot) -> String {
        switch editor.result {
        case .bytes(let bytes): UnifiedDiff.make(old: before.file.bytes, new: bytes, path: displayPath)
        case .database(let store): store.script
        }
    }

    func write(_ editor: any TaskFormatEditor, from before: TaskSnapshot) throws(DiagnosticError) {
        switch editor.result {
        case .bytes(let bytes): try before.file.write(bytes)
        case .database(let store):
            try before.file.checkUnchanged()
            try store.commit()
        }
    }
}
