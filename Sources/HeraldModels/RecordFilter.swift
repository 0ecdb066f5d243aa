import HeraldCore

/// `where:` of a section: what a record must hold to become a model (`pull_request.html_url:
/// null` keeps a GitHub repository's issues and leaves out its pull requests, `closed: false` a
/// Trello board's archived cards). A record left out is counted as dropped by the user, never as
/// a problem.
public struct RecordFilter: Sendable {
    /// One key path and the values it must (or, with `not:`, must not) hold.
    public struct Condition: Sendable {
        public var path: String
        /// Any of these; null stands for a key the record lacks too.
        public var values: [DataValue]
        public var negated: Bool
        /// The setting, as a reader of `herald.yml` finds it: `tasks.where.closed`.
        public var setting: String

        public init(path: String, values: [DataValue], negated: Bool = false, setting: String) {
            self.path = path
            self.values = values
            self.negated = negated
            self.setting = setting
        }

        /// Whether every record this condition keeps has a value at its path: the path is then
        /// one a record must have, and a path no record has is worth a warning.
        public var needsTheKey: Bool {
            values.contains { if case .null = $0 { true } else { false } } == negated
        }
    }

    public var conditions: [Condition] = []
    /// The setting (`heroes.where`) and where it is written, for the warning when it leaves out
    /// every record.
    public var setting = "where"
    public var location = SourceLocation(file: "")

    public init(
        conditions: [Condition] = [], setting: String = "where", location: SourceLocation = SourceLocation(file: "")
    ) {
        self.conditions = conditions
        self.setting = setting
        self.location = location
    }

    public var isEmpty: Bool { conditions.isEmpty }

    /// The warning when a source's `records` (more than none) made no model of `kind` and this
    /// filter may be why: a value misspelt, or a condition the other way round, would otherwise
    /// leave an empty page without a word.
    public func leftOutEveryRecord(_ records: Int, kind: String, source: String) -> Diagnostic? {
        guard !isEmpty, records > 0 else { return nil }
        let others = kind == "task" ? ", or the status map (~) or h:1 drops those that do" : ""
        return .warning(
            at: location,
            "'\(setting)' leaves no \(kind): none of the \(records) records of '\(source)' meets it\(others)")
    }

    /// Whether `record` meets every condition. A path that runs into a list without `*` or an
    /// index is an error at the list, as it is in `fields:`.
    public func admits(_ record: Record) throws(DiagnosticError) -> Bool {
        for condition in conditions {
            let found: DataValue
            switch record.fields.resolve(condition.path) {
            case .found(let node): found = node.value
            case .missing: found = .null
            case .intoList(let listPath, let rest, let list):
                throw DiagnosticError(
                    .error(
                        at: list.location(in: record.location.file),
                        "'\(condition.setting)' reads '\(condition.path)': "
                            + DataPath.intoListAdvice(listPath: listPath, rest: rest)))
            }
            let matches = condition.values.contains { Self.value(found, matches: $0) }
            if matches == condition.negated { return false }
        }
        return true
    }

    /// Whether a record's value is `wanted`: numbers by value, a text against the text of a
    /// number or boolean (a CSV's `true`, `3`), a list when any of its items is, an empty list
    /// or a missing key as null.
    static func value(_ found: DataValue, matches wanted: DataValue) -> Bool {
        switch (found, wanted) {
        case (.null, .null): true
        case (.list(let items), .null): items.isEmpty
        case (.list(let items), _): items.contains { value($0.value, matches: wanted) }
        case (.string(let text), .string(let other)): text == other
        case (.bool(let flag), .bool(let other)): flag == other
        case (.int(let number), .int(let other)): number == other
        case (.int, .double), (.double, .int), (.double, .double): number(found) == number(wanted)
        case (.string(let text), .bool), (.string(let text), .int), (.string(let text), .double):
            text.lowercased() == Self.text(of: wanted)
        case (.bool, .string(let text)), (.int, .string(let text)), (.double, .string(let text)):
            text.lowercased() == Self.text(of: found)
        default: false
        }
    }

    private static func number(_ value: DataValue) -> Double? {
        switch value {
        case .int(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    /// A scalar as a data file writes it: `true`, `3`, `2.5`.
    private static func text(of value: DataValue) -> String? {
        switch value {
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default: nil
        }
    }
}
