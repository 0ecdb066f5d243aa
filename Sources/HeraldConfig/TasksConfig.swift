import Foundation
import HeraldCore
import HeraldModels

/// The `tasks:` section: where the tasks come from and how records become tasks.
public struct TasksConfig: Sendable {
    public var source: SourceConfig
    /// Columns, status map, field mapping, and the site's time zone for timestamps.
    public var rules: TaskRules
    /// Limits, swimlanes and the calendar feed.
    public var board = BoardConfig()
    /// The facts the board's cards show (indices into `rules.facts`); nil: none.
    public var card: [Int]?
    /// Other files' records merged into each task's record, by key.
    public var joins: [JoinConfig] = []

    public init(source: SourceConfig, rules: TaskRules) {
        self.source = source
        self.rules = rules
    }

    static let keys =
        SourceConfig.keys + ["columns", "fields", "status_map", "facts", "card", "join", "where"] + BoardConfig.keys

    static func read(_ reader: inout ConfigReader, in root: DataMap, timeZone: TimeZone) -> TasksConfig? {
        guard let section = reader.map("tasks", in: root) else { return nil }
        reader.rejectUnknownKeys(in: section, known: keys, section: "tasks")
        let source = SourceConfig.read(&reader, section: section, name: "tasks", in: root)

        var rules = TaskRules(timeZone: timeZone)
        if let columns = columns(&reader, in: section) { rules.columns = columns }
        for (field, node) in KeyPaths.fields(&reader, in: section, sectionName: "tasks") as [(TaskField, DataNode)] {
            let setting = "tasks.fields.\(field.rawValue)"
            rules.fields[field] = KeyPaths.check(&reader, node: node, label: setting)
            if let path = rules.fields[field] {
                rules.mapped.append(MappedPath(path: path, setting: setting, location: node.location(in: reader.file)))
            }
        }
        rules.facts = FactsConfig.read(&reader, in: section, sectionName: "tasks", mapped: &rules.mapped)
        rules.filter = RecordFilterConfig.read(&reader, in: section, sectionName: "tasks", mapped: &rules.mapped)
        let card = FactsConfig.card(&reader, in: section, sectionName: "tasks", facts: rules.facts)
        let joins = JoinConfig.read(&reader, in: section, sectionName: "tasks")
        rules.statusMap = statusMap(&reader, in: section, columns: rules.columns)
        rules.statusMapOrder =
            reader.value("status_map", in: section).flatMap { node in
                if case .map(let map) = node.value { map.keys.filter { rules.statusMap[$0] != nil } } else { nil }
            } ?? []
        let board = BoardConfig.read(&reader, in: section, columns: rules.columns)
        return source.map {
            var config = TasksConfig(source: $0, rules: rules)
            config.board = board
            config.card = card
            config.joins = joins
            return config
        }
    }

    private static func columns(_ reader: inout ConfigReader, in section: DataMap) -> [String]? {
        guard let items = reader.textList("columns", in: section) else { return nil }
        var columns: [String] = []
        for (name, node) in items {
            if !name.hasVisibleText {
                reader.error("a column name cannot be empty", at: node)
            } else if columns.contains(name) {
                reader.error("column '\(name)' is listed twice in 'columns'", at: node)
            } else {
                columns.append(name)
            }
        }
        if columns.isEmpty, items.isEmpty, let node = reader.value("columns", in: section) {
            reader.error("'columns' must list at least one column", at: node)
        }
        return columns.isEmpty ? nil : columns
    }

    /// Source status → column; `~` drops the record. Every target must be a column, so a typo
    /// here is caught once in `herald.yml` rather than once per task.
    private static func statusMap(_ reader: inout ConfigReader, in section: DataMap, columns: [String])
        -> [String: String?]
    {
        guard let node = reader.value("status_map", in: section) else { return [:] }
        guard case .map(let map) = node.value else {
            reader.error(
                "'status_map' must map source statuses to columns (or ~ to drop them), "
                    + "found \(node.value.quotedForMessage)", at: node)
            return [:]
        }
        var statusMap: [String: String?] = [:]
        for (status, target) in map.entries {
            switch target.value {
            case .null:
                statusMap[status] = .some(nil)
            case .string(let column) where columns.contains(column):
                statusMap[status] = .some(column)
            case .string(let column):
                let hint = Suggestion.nearest(to: column, in: columns).map { " (did you mean '\($0)'?)" } ?? ""
                reader.error(
                    "status_map sends '\(status)' to '\(column)', which is not a column "
                        + "(columns: \(columns.joined(separator: ", ")))\(hint)", at: target)
            default:
                reader.error(
                    "status_map value for '\(status)' must be a column name or ~, "
                        + "found \(target.value.quotedForMessage)", at: target)
            }
        }
        return statusMap
    }
}
