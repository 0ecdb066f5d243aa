import HeraldCore

/// What a `join:` entry reads: the source of the joined records, the key path in each record of
/// the section (`on`) and in each joined record (`key`) whose values must match.
public struct JoinSpec: Sendable {
    public var name: String
    public var spec: SourceSpec
    public var on: String
    public var key: String
    /// The setting as herald.yml names it (`heroes.join.lore`), for messages.
    public var setting: String

    public init(name: String, spec: SourceSpec, on: String, key: String, setting: String) {
        self.name = name
        self.spec = spec
        self.on = on
        self.key = key
        self.setting = setting
    }
}

/// The joined records of one `join:` entry by their key, and how one record of the section takes
/// its joined record in.
struct JoinTable: Sendable {
    let join: JoinSpec
    private let records: [String: DataNode]

    /// Reads the join's records; a record without its key, or two with one key, is an error at the
    /// record. A file that is one object without the key is a table of key → value, so that
    /// `{"antimage": "The monks…"}` joins its text to the hero whose value is `antimage`.
    init(_ join: JoinSpec, loader: RecordLoader) throws(DiagnosticError) {
        let loaded = try loader.load(join.spec)
        self.join = join
        if loaded.count == 1, let table = loaded.first, table.isWholeDocument,
            Self.keyText(table.fields, path: join.key) == nil, case .map(let entries) = table.fields.value
        {
            records = Dictionary(entries.entries.map { ($0.key, $0.node) }) { first, _ in first }
            return
        }
        var records: [String: DataNode] = [:]
        var problems: [Diagnostic] = []
        for record in loaded {
            guard let key = Self.keyText(record.fields, path: join.key) else {
                let keys = Self.keys(of: record.fields)
                let hint = Suggestion.nearest(to: join.key, in: keys).map { " (did you mean '\($0)'?)" } ?? ""
                problems.append(
                    .error(
                        at: record.location,
                        "this record has no '\(join.key)', the key '\(join.setting)' matches records by\(hint)"))
                continue
            }
            if records.updateValue(record.fields, forKey: key) != nil {
                problems.append(
                    .error(at: record.location, "a second record with '\(join.key)' '\(key)' for '\(join.setting)'"))
            }
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        self.records = records
    }

    /// `record` with its joined record under the join's name; an error at the record when it has
    /// no value to join on, or a field of that name of its own. A key that no joined record has
    /// joins nothing: facts read from the join are then missing, as any missing field. A list of
    /// keys (a Trello card's `idMembers`) joins the list of their records, in its order, those
    /// no joined record has left out: `people.*.fullName` then reads every member's name.
    func merge(into record: Record) throws(DiagnosticError) -> Record {
        guard case .map(var fields) = record.fields.value else { return record }
        let joined: DataNode?
        if case .found(let value) = record.fields.resolve(join.on), case .list(let items) = value.value {
            let found = items.compactMap { item in Self.text(of: item).flatMap { self.joined(to: $0) } }
            joined = DataNode(.list(found), line: value.line, column: value.column)
        } else if let key = Self.keyText(record.fields, path: join.on) {
            joined = self.joined(to: key)
        } else {
            let hint =
                Suggestion.nearest(to: join.on, in: fields.keys.filter { $0 != join.on })
                .map { " (did you mean '\($0)'?)" } ?? ""
            throw DiagnosticError(
                .error(
                    at: record.location,
                    "this record has no '\(join.on)' to join '\(join.setting)' on: a text, a number or a list of "
                        + "them\(hint)"))
        }
        if fields[join.name] != nil {
            throw DiagnosticError(
                .error(
                    at: record.location,
                    "the record has a field '\(join.name)' of its own, "
                        + "which '\(join.setting)' would replace (name the join otherwise)"))
        }
        guard let joined else { return record }
        fields[join.name] = joined
        var merged = record
        merged.fields = DataNode(.map(fields), line: record.fields.line, column: record.fields.column)
        return merged
    }

    /// The joined record whose key is `value`; failing that, the one whose key is the longest tail
    /// of `value` after a `_`, `-`, `.`, `:` or `/`, so that a namespaced value
    /// (`npc_dota_hero_antimage`) finds a file keyed by short names (`antimage`).
    private func joined(to value: String) -> DataNode? {
        if let exact = records[value] { return exact }
        for index in value.indices where "_-.:/".contains(value[index]) {
            let tail = value[value.index(after: index)...]
            if !tail.isEmpty, let match = records[String(tail)] { return match }
        }
        return nil
    }

    /// The text of a scalar at `path`: the value two records are matched by.
    private static func keyText(_ node: DataNode, path: String) -> String? {
        guard case .found(let value) = node.resolve(path) else { return nil }
        return text(of: value)
    }

    /// A key's text: a text with something visible in it, or a whole number.
    private static func text(of node: DataNode) -> String? {
        switch node.value {
        case .string(let text): text.hasVisibleText ? text : nil
        case .int(let number): String(number)
        default: nil
        }
    }

    private static func keys(of node: DataNode) -> [String] {
        if case .map(let map) = node.value { map.keys } else { [] }
    }
}
