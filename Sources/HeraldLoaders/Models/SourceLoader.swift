import Foundation
import HeraldCore
import HeraldModels

/// Reads the models of one configured source (`tasks:`, `heroes:`): every record through the
/// model's decoding, every problem of every record together, warnings kept for the build.
public struct SourceLoader<Model: Sendable>: ModelLoader {
    public var records: RecordLoader
    public var spec: SourceSpec
    /// What decoding found wrong but could read past (an unsafe link left out).
    public let log = DiagnosticLog()
    private let counter = SourceCounter()
    private let decode: @Sendable (Record, DiagnosticLog) throws(DiagnosticError) -> Model?
    /// Checks the models of all records together; `records` is how many records were read.
    private let check:
        @Sendable (_ models: [Model], _ problems: [Diagnostic], _ records: Int, _ log: DiagnosticLog)
            throws(DiagnosticError) -> [Model]
    public let checksSlugs: Bool
    /// Other sources' records merged into each record before it is decoded.
    public var joins: [JoinSpec] = []
    /// What is done to each file's records, as read, before anything else (tasks derive their IDs).
    var prepare: (@Sendable ([Record]) -> [Record])?

    init(
        records: RecordLoader, spec: SourceSpec,
        decode: @escaping @Sendable (Record, DiagnosticLog) throws(DiagnosticError) -> Model?,
        check: @escaping @Sendable ([Model], [Diagnostic], Int, DiagnosticLog) throws(DiagnosticError) -> [Model],
        checksSlugs: Bool = false
    ) {
        self.records = records
        self.spec = spec
        self.decode = decode
        self.check = check
        self.checksSlugs = checksSlugs
    }

    public func inputFiles() throws(DiagnosticError) -> [String]? {
        var files = try records.files(of: spec).map(\.fullPath)
        for join in joins { files += try records.files(of: join.spec).map(\.fullPath) }
        guard try records.format(of: spec) == .sqlite else { return files }
        // A database in WAL mode keeps its newest commits in its log until a checkpoint.
        return files + files.map { $0 + "-wal" }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    public var warnings: [Diagnostic] { log.all }

    public func remoteInputs() throws(DiagnosticError) -> [(name: String, digest: UInt64)] {
        guard let remote = records.remote else { return [] }
        var inputs: [(name: String, digest: UInt64)] = []
        for spec in [spec] + joins.map(\.spec) where spec.isRemote {
            inputs += try remote.documents(for: spec).map { ($0.url, ContentHash.of($0.bytes)) }
        }
        return inputs
    }

    public func load() throws(DiagnosticError) -> [Model] {
        let (log, decode, counter) = (log, decode, counter)
        counter.reset()
        // Each record counted as made, dropped by the user, or refused with an error.
        let counted = { @Sendable (record: Record) throws(DiagnosticError) -> Model? in
            do throws(DiagnosticError) {
                let model = try decode(record, log)
                counter.count(made: model != nil, dropped: model == nil)
                return model
            } catch {
                counter.count(made: false, dropped: false)
                throw error
            }
        }
        guard !joins.isEmpty else {
            let (models, problems) = try records.decode(
                spec, prepare: prepare, comments: counter.count(comments:), kept: counter.count(records:made:), counted)
            return try check(models, problems, counter.records, log)
        }
        let tables = try joinTables()
        // A model kept from an earlier build knows nothing of a joined file that changed since.
        var loader = records
        loader.decoded = nil
        let (models, problems) = try loader.decode(spec, prepare: prepare, comments: counter.count(comments:)) {
            record throws(DiagnosticError) in
            var merged = record
            for table in tables { merged = try table.merge(into: merged) }
            return try counted(merged)
        }
        return try check(models, problems, counter.records, log)
    }

    /// Every join's records, the problems of all of them together.
    private func joinTables() throws(DiagnosticError) -> [JoinTable] {
        var tables: [JoinTable] = []
        var problems: [Diagnostic] = []
        for join in joins {
            do throws(DiagnosticError) { tables.append(try JoinTable(join, loader: records)) } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return tables
    }

    /// What the last `load()` made of the source's records, files whose models were kept from an
    /// earlier build included.
    public var tally: SourceTally? { counter.tally(of: spec.path) }
}
