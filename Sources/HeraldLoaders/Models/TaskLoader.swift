import HeraldCore
import HeraldModels

/// Reads tasks from a source through `TaskRules`: field mapping, status map, columns.
public typealias TaskLoader = SourceLoader<TaskItem>

extension SourceLoader where Model == TaskItem {
    public init(records: RecordLoader, spec: SourceSpec, rules: TaskRules) {
        self.init(
            records: records, spec: spec,
            decode: { record, log throws(DiagnosticError) in try TaskItem.decode(record, rules: rules, log: log) },
            check: { tasks, problems, records, log throws(DiagnosticError) in
                guard problems.isEmpty else { throw DiagnosticError(problems) }
                log.add(MappedPath.unfound(rules.mapped, records: tasks.map(\.record), kind: "task"))
                if tasks.isEmpty,
                    let warning = rules.filter.leftOutEveryRecord(records, kind: "task", source: spec.path)
                {
                    log.add([warning])
                }
                var tasks = tasks
                TaskItem.abbreviatingDerivedIDs(&tasks)
                return tasks
            })
        prepare = { records in records.derivingTaskIDs(rules: rules) }
    }
}
