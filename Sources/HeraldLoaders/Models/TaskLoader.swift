import Foundation
import HeraldCore
import HeraldModels

/// Reads tasks from a source through `TaskRules`: field mapping, status map, columns.
public struct TaskLoader: SourceModelLoader {
    public var records: RecordLoader
    public var spec: SourceSpec
    public var rules: TaskRules

    public init(records: RecordLoader, spec: SourceSpec, rules: TaskRules) {
        self.records = records
        self.spec = spec
        self.rules = rules
    }

    public func load() throws(DiagnosticError) -> [Task] {
        let rules = rules
        let (tasks, problems) = try records.decode(spec) { record throws(DiagnosticError) in
            try Task.decode(record, rules: rules)
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return tasks
    }
}
