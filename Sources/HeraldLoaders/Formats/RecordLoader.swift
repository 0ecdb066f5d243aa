import Foundation
import HeraldCore

/// Loads a `SourceSpec`'s records: finds its files, reads each with its format's reader.
public struct RecordLoader: Sendable {
    /// The folder that source paths are relative to (the one holding `herald.yml`).
    public var siteFolder: URL
    /// What this build has listed and read already; shared by every copy of this loader.
    public var inputs: InputFiles
    /// Fetches URL sources; without one, a URL source is an error.
    public var remote: (any RemoteSource)?
    /// Models kept from earlier builds of the dev server, by file; nil for a one-off build.
    public var decoded: DecodedFiles?

    public init(
        siteFolder: URL, inputs: InputFiles = InputFiles(), remote: (any RemoteSource)? = nil,
        decoded: DecodedFiles? = nil
    ) {
        self.siteFolder = siteFolder
        self.inputs = inputs
        self.remote = remote
        self.decoded = decoded
    }

    /// The records of `spec`, in file order and, within a file, in source order. An empty
    /// file, array or folder gives no records; a missing file is an error naming its path.
    /// Every problem of every file is thrown at once, so one bad record never hides the others.
    public func load(_ spec: SourceSpec) throws(DiagnosticError) -> [Record] {
        let (records, problems) = try decode(spec) { $0 }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return records
    }

    /// `decode` applied to every record of `spec`, in record order: the models that decoded, and
    /// every problem of every file and record. A folder's files are each read, parsed and decoded
    /// in one go on one core, so 100,000 Markdown files never sit in memory as records all at once;
    /// the records of a single file are decoded on every core.
    /// `prepare` sees each file's records (all of a URL source's pages together) before they are
    /// decoded; `comments` is told how many lines each file read skipped as comments; `kept` how
    /// many records and models a file had whose models were kept from an earlier build
    /// (`decoded`), so that its records are counted though not decoded.
    public func decode<Model: Sendable>(
        _ spec: SourceSpec,
        prepare: (@Sendable ([Record]) -> [Record])? = nil,
        comments: (@Sendable (Int) -> Void)? = nil,
        kept: (@Sendable (_ records: Int, _ models: Int) -> Void)? = nil,
        _ decode: @escaping @Sendable (Record) throws(DiagnosticError) -> Model?
    )
        throws(DiagnosticError) -> (models: [Model], problems: [Diagnostic])
    {
        if spec.isRemote {
            let (records, problems) = try remoteRecords(spec)
            let decoded = decodeAll(prepare?(records) ?? records, decode)
            return (decoded.models, problems + decoded.problems)
        }
        let (files, format) = try resolve(spec)
        let reader = Self.reader(for: format, spec: spec)
        let (inputs, cache) = (inputs, decoded)
        let kind = DecodedFiles.kind(of: Model.self, format: format.rawValue) + spec.readerKey
        @Sendable func records(of file: SourceFile) throws(DiagnosticError) -> (records: [Record], comments: Int) {
            let records: [Record]
            var skipped = 0
            if let text = reader as? any TextRecordReader {
                let bytes = try inputs.bytes(of: file, limit: spec.maxBytes)
                records = try text.records(inText: bytes, file: file.path)
                skipped = text.commentLines(inText: bytes)
                comments?(skipped)
            } else {
                records = try reader.records(in: file)
            }
            return (prepare?(records) ?? records, skipped)
        }
        @Sendable func models(of file: SourceFile, parallel: Bool) -> (models: [Model], problems: [Diagnostic]) {
            let decodeFile = { () -> DecodedFiles.Decoded<Model> in
                do throws(DiagnosticError) {
                    let (records, skipped) = try records(of: file)
                    let (models, problems) = decodeAll(records, decode, parallel: parallel)
                    return (models, problems, records.count, skipped)
                } catch {
                    return ([], error.diagnostics, 0, 0)
                }
            }
            guard let cache else {
                let decoded = decodeFile()
                return (decoded.models, decoded.problems)
            }
            let path = file.fullPath
            let (decoded, wasKept) = cache.models(
                of: file, kind: kind, digest: cache.byDigest ? { inputs.digest(of: path) } : nil, decode: decodeFile)
            if wasKept {
                comments?(decoded.comments)
                kept?(decoded.records, decoded.models.count)
            }
            return (decoded.models, decoded.problems)
        }
        if files.count == 1, let file = files.first {
            return models(of: file, parallel: true)
        }
        return gathered(Parallel.map(files, chunk: 8) { file in models(of: file, parallel: false) })
    }

    /// Every file's models and problems, in file order.
    private func gathered<Model: Sendable>(_ results: [(models: [Model], problems: [Diagnostic])])
        -> (models: [Model], problems: [Diagnostic])
    {
        // Models the dev server keeps (`decoded`) are shared with it: moving them out would copy
        // each file's array first, so they are copied once, on every core.
        if decoded != nil {
            // One plain loop: key paths and `flatMap` over 10,000 files cost more than the copy.
            var (parts, problems): ([[Model]], [Diagnostic]) = ([], [])
            parts.reserveCapacity(results.count)
            for result in results {
                parts.append(result.models)
                if !result.problems.isEmpty { problems += result.problems }
            }
            return (Parallel.joined(parts), problems)
        }
        var results = results
        var models: [Model] = []
        models.reserveCapacity(results.count)
        var problems: [Diagnostic] = []
        for index in results.indices {
            // Models are moved out of the results, not copied: copying 100,000 heroes on one core
            // retains every one of their strings, and dropping the results releases them all again.
            var result: (models: [Model], problems: [Diagnostic]) = ([], [])
            swap(&result, &results[index])
            problems += result.problems
            result.models.reverse()
            while let model = result.models.popLast() { models.append(model) }
        }
        return (models, problems)
    }

    /// The files `spec` reads, in the order they are read; none for a URL source.
    public func files(of spec: SourceSpec) throws(DiagnosticError) -> [SourceFile] {
        spec.isRemote ? [] : try resolve(spec).files
    }

    /// The format `spec` is read in, given or inferred; nil for a URL source, whose pages say.
    public func format(of spec: SourceSpec) throws(DiagnosticError) -> DataFormat? {
        spec.isRemote ? nil : try resolve(spec).format
    }

    /// The records of every page of a URL source, each read in the format its answer names, and
    /// the problems of every page.
    private func remoteRecords(_ spec: SourceSpec) throws(DiagnosticError) -> ([Record], [Diagnostic]) {
        guard let remote else {
            throw DiagnosticError(.error(at: SourceLocation(file: spec.path), "this build cannot fetch URL sources"))
        }
        var records: [Record] = []
        var problems: [Diagnostic] = []
        for document in try remote.documents(for: spec) {
            do throws(DiagnosticError) {
                let format = try Self.format(of: document, spec: spec)
                guard let reader = Self.reader(for: format, spec: spec) as? any TextRecordReader else {
                    throw DiagnosticError(
                        .error(
                            at: SourceLocation(file: document.url),
                            "a URL source cannot be \(format.rawValue); use json, yaml, csv or tsv"))
                }
                records += try reader.records(inText: document.bytes, file: document.url)
            } catch {
                problems += error.diagnostics
            }
        }
        if problems.isEmpty { remote.noteRecords(records.count, of: spec) }
        return (records, problems)
    }

    /// A page's format: the config's `format:`, else the answer's content type, else the URL's
    /// extension.
    static func format(of document: RemoteDocument, spec: SourceSpec) throws(DiagnosticError) -> DataFormat {
        if let given = spec.format { return given }
        let type = (document.contentType ?? "").split(separator: ";").first.map { $0.trimmed().lowercased() } ?? ""
        switch type {
        case "application/json", "text/json": return .json
        case _ where type.hasSuffix("+json"): return .json
        case "application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml": return .yaml
        case "text/csv": return .csv
        case "text/tab-separated-values": return .tsv
        default: break
        }
        let fileExtension = URL(string: document.url)?.pathExtension ?? ""
        if let format = DataFormat(fileExtension: fileExtension), [.json, .yaml, .csv, .tsv].contains(format) {
            return format
        }
        let answered = type.isEmpty ? "no content type" : "'\(type)'"
        let hint = type == "text/html" ? "the server answered with a web page, not data" : "the answer has \(answered)"
        throw DiagnosticError(
            .error(
                at: SourceLocation(file: document.url),
                "cannot tell the format of this URL source: \(hint); set format: to json, yaml, csv or tsv"))
    }

    private func resolve(_ spec: SourceSpec) throws(DiagnosticError) -> (files: [SourceFile], format: DataFormat) {
        let resolver = SourceResolver(siteFolder: siteFolder)
        let kind = try resolver.kind(of: spec.path)
        let format: DataFormat
        if let given = spec.format {
            format = given
        } else {
            format = try Self.inferredFormat(of: spec.path, kind: kind)
        }
        // The up-to-date check and the load both ask; a folder of 100,000 files is listed once.
        let key = "\(format.rawValue):\(spec.path)"
        let (decoded, site) = (decoded, siteFolder.path)
        let files = try inputs.listing(key) { () throws(DiagnosticError) in
            // Listed again only when a folder changed: since the last build of the dev server, or
            // since a build kept its listings (`KeptListings`).
            guard let decoded else {
                return try resolver.files(at: spec.path, kind: kind, extensions: format.fileExtensions)
            }
            // Named with the site's folder: a copy of the site, state and all, lists its own files.
            return try decoded.listing(site + "|" + key) { () throws(DiagnosticError) in
                try resolver.filesAndFolders(at: spec.path, kind: kind, extensions: format.fileExtensions)
            }
        }
        return (files, format)
    }

    /// The reader of `format`, set up with the spec's `root`, `table` and `query`.
    public static func reader(for format: DataFormat, spec: SourceSpec) -> any RecordReader {
        switch format {
        case .json: JSONRecordReader(root: spec.root)
        case .yaml: YAMLRecordReader(root: spec.root)
        case .csv: CSVRecordReader.csv
        case .tsv: CSVRecordReader.tsv
        case .markdown: MarkdownRecordReader()
        case .sqlite: SQLiteRecordReader(table: spec.table, query: spec.query, timeout: spec.timeout)
        case .todoTxt: TodoTxtRecordReader(comments: spec.comments)
        case .markdownChecklist: MarkdownChecklistRecordReader()
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
            throw DiagnosticError(
                .error(
                    at: SourceLocation(file: path),
                    "cannot tell the format of '\(path)' from \(what); set format: to one of \(known)"))
        }
        return kind == .glob && format == .markdownChecklist ? .markdown : format
    }
}
