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
    private let decode: @Sendable (Record, DiagnosticLog) throws(DiagnosticError) -> Model?
    private let check: @Sendable (_ models: [Model], _ problems: [Diagnostic], _ log: DiagnosticLog) throws(DiagnosticError) -> [Model]
    public let checksSlugs: Bool

    init(records: RecordLoader, spec: SourceSpec,
         decode: @escaping @Sendable (Record, DiagnosticLog) throws(DiagnosticError) -> Model?,
         check: @escaping @Sendable ([Model], [Diagnostic], DiagnosticLog) throws(DiagnosticError) -> [Model],
         checksSlugs: Bool = false) {
        self.records = records
        self.spec = spec
        self.decode = decode
        self.check = check
        self.checksSlugs = checksSlugs
    }

    public func inputFiles() throws(DiagnosticError) -> [String]? {
        try records.files(of: spec).map(\.fullPath)
    }

    public var warnings: [Diagnostic] { log.all }

    public func remoteInputs() throws(DiagnosticError) -> [(name: String, digest: UInt64)] {
        guard spec.isRemote, let remote = records.remote else { return [] }
        return try remote.documents(for: spec).map { ($0.url, ContentHash.of($0.bytes)) }
    }

    public func load() throws(DiagnosticError) -> [Model] {
        let (log, decode) = (log, decode)
        let (models, problems) = try records.decode(spec) { record throws(DiagnosticError) in try decode(record, log) }
        return try check(models, problems, log)
    }
}
