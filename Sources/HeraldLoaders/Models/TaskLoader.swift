import Foundation
import HeraldCore
import HeraldModels

/// Reads tasks from a source through `TaskRules`: field mapping, status map, columns.
public struct TaskLoader: SourceModelLoader {
    public var records: RecordLoader
    public var spec: SourceSpec
    public var rules: TaskRules
    /// What decoding found wrong but could read past (an unsafe link left out).
    public let log = DiagnosticLog()

    public init(records: RecordLoader, spec: SourceSpec, rules: TaskRules) {
        self.records = records
        self.spec = spec
        self.rules = rules
    }

    public var warnings: [Diagnostic] { log.all }

    public func load() throws(DiagnosticError) -> [Task] {
        let rules = rules
        let log = log
        let (tasks, problems) = try records.decode(spec) { record throws(DiagnosticError) in
            try Task.decode(record, rules: rules, log: log)
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return tasks
    }
}
