import Foundation
import HeraldCore

/// Loads a `SourceSpec`'s records: finds its files, reads each with its format's reader.
public struct RecordLoader: Sendable {
    /// The folder that source paths are relative to (the one holding `herald.yml`).
    public var siteFolder: URL

    public init(siteFolder: URL) {
        self.siteFolder = siteFolder
    }

    /// The records of `spec`, in file order and, within a file, in source order. An empty
    /// file, array or folder gives no records; a missing file is an error naming its path.
    /// Every problem of every file is thrown at once, so one bad record never hides the others.
    public func load(_ spec: SourceSpec) throws(DiagnosticError) -> [Record] {
        let resolver = SourceResolver(siteFolder: siteFolder)
        let kind = try resolver.kind(of: spec.path)
        let format: DataFormat
        if let given = spec.format {
            format = given
        } else {
            format = try Self.inferredFormat(of: spec.path, kind: kind)
        }
        let files = try resolver.files(at: spec.path, kind: kind, extensions: format.fileExtensions)
        let reader = Self.reader(for: format, spec: spec)
        // A folder of thousands of Markdown files is read and parsed on every core.
        let results = Parallel.map(files, chunk: 8) { file in
            Result { () throws(DiagnosticError) in try reader.records(in: file) }
        }
        var records: [Record] = []
        records.reserveCapacity(files.count)
        var diagnostics: [Diagnostic] = []
        for result in results {
            switch result {
            case .success(let found): records += found
            case .failure(let error): diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
        return records
    }

    /// The reader of `format`, set up with the spec's `root`, `table` and `query`.
    public static func reader(for format: DataFormat, spec: SourceSpec) -> any RecordReader {
        switch format {
        case .json: JSONRecordReader(root: spec.root)
        case .yaml: YAMLRecordReader(root: spec.root)
        case .csv: CSVRecordReader.csv
        case .tsv: CSVRecordReader.tsv
        case .markdown: MarkdownFolderReader()
        case .sqlite: SQLiteRecordReader(table: spec.table, query: spec.query)
        case .todoTxt: TodoTxtReader()
        case .markdownChecklist: MarkdownChecklistReader()
        }
    }

    /// The format a path implies: a folder holds Markdown records; a file or glob goes by its
    /// extension, except that a glob of `.md` files means one record per file, as a folder does
    /// (a single `.md` file is a checklist).
    static func inferredFormat(of path: String, kind: SourceResolver.Kind) throws(DiagnosticError) -> DataFormat {
        if kind == .folder { return .markdown }
        let fileExtension = URL(fileURLWithPath: path).pathExtension
        guard let format = DataFormat(fileExtension: fileExtension) else {
            let known = DataFormat.allCases.map(\.rawValue).joined(separator: ", ")
            let what = fileExtension.isEmpty ? "a path without an extension" : "the extension '.\(fileExtension)'"
            throw DiagnosticError(.error(at: SourceLocation(file: path),
                                         "cannot tell the format of '\(path)' from \(what); set format: to one of \(known)"))
        }
        return kind == .glob && format == .markdownChecklist ? .markdown : format
    }
}
