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
    private let check: @Sendable (_ models: [Model], _ problems: [Diagnostic]) throws(DiagnosticError) -> [Model]
    public let checksSlugs: Bool

    init(records: RecordLoader, spec: SourceSpec,
         decode: @escaping @Sendable (Record, DiagnosticLog) throws(DiagnosticError) -> Model?,
         check: @escaping @Sendable ([Model], [Diagnostic]) throws(DiagnosticError) -> [Model], checksSlugs: Bool = false) {
        self.records = records
        self.spec = spec
        self.decode = decode
        self.check = check
        self.checksSlugs = checksSlugs
    }

    public func inputFiles() throws(DiagnosticError) -> [String]? {
        let files = try records.files(of: spec).map(\.fullPath)
        guard try records.format(of: spec) == .sqlite else { return files }
        // A database in WAL mode keeps its newest commits in its log until a checkpoint.
        return files + files.map { $0 + "-wal" }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    public var warnings: [Diagnostic] { log.all }

    public func remoteInputs() throws(DiagnosticError) -> [(name: String, digest: UInt64)] {
        guard spec.isRemote, let remote = records.remote else { return [] }
        return try remote.documents(for: spec).map { ($0.url, ContentHash.of($0.bytes)) }
    }

    public func load() throws(DiagnosticError) -> [Model] {
        let (log, decode, counter) = (log, decode, counter)
        counter.reset()
        let (models, problems) = try records.decode(spec) { record throws(DiagnosticError) in
            do throws(DiagnosticError) {
                let model = try decode(record, log)
                counter.count(made: model != nil, dropped: model == nil)
                return model
            } catch {
                counter.count(made: false, dropped: false)
                throw error
            }
        }
        return try check(models, problems)
    }

    /// What the last `load()` made of the source's records. Under `herald serve`, files whose
    /// models were kept from an earlier build are not counted again.
    public var tally: SourceTally? { counter.tally(of: spec.path) }
}
