import Foundation
import HeraldCore
import HeraldModels

/// Edits tasks kept as records of fields (JSON, YAML, CSV, SQLite) through the keys the source
/// uses: the status is written back through `status_map`, a completion flag in the style the
/// file already spells it, and a completion date when the source keeps one.
struct RecordTaskEditor<Store: RecordStore>: TaskFormatEditor {
    var store: Store
    let context: EditContext

    var result: EditResult {
        if let database = store as? SQLiteTaskStore { return .database(database) }
        return .bytes((store as? any RecordDocument)?.bytes ?? [])
    }

    /// The key of `field` in this source: the mapped one, else the first default key any record
    /// has; nil when the source does not keep the field.
    private func key(_ field: TaskField) throws(DiagnosticError) -> String? {
        if let mapped = context.rules.fields[field] {
            guard !mapped.contains(".") else {
                throw context.error(
                    "fields.\(field.rawValue) is the nested key '\(mapped)', and herald tasks writes top-level keys only"
                )
            }
            return mapped
        }
        return field.defaultKeyPaths.first { path in
            !path.contains(".") && store.records.contains { $0.fields.lookup(path) != nil }
        }
    }

    /// The value a record has for `key`, from `record` or else from any record of the source.
    private func sample(_ key: String, in record: Record?) -> DataNode? {
        record?.fields.lookup(key) ?? store.records.lazy.compactMap { $0.fields.lookup(key) }.first
    }

    mutating func move(_ target: EditTarget, to column: String) throws(DiagnosticError) {
        for (key, value) in try statusFields(for: column, record: target.record) {
            try set(key, to: value, in: target)
        }
    }

    mutating func remove(_ target: EditTarget) throws(DiagnosticError) {
        try store.removeRecord(target.index)
    }

    mutating func add(_ task: NewTask, status: String) throws(DiagnosticError) {
        var fields: [(key: String, value: FieldValue)] = []
        func put(_ field: TaskField, _ value: FieldValue?, fallback: String? = nil) throws(DiagnosticError) {
            guard let value, let key = try key(field) ?? fallback else { return }
            fields.append((key, value))
        }
        if let id = try nextID() { fields.append(id) }
        try put(.title, .text(task.text.trimmingBlanks()), fallback: "title")
        for (key, value) in try statusFields(for: status, record: nil) {
            if let value { fields.append((key, value)) }
        }
        try put(.priority, task.priority.map(FieldValue.text))
        try put(.created, dateText(context.today, key: try key(.created) ?? "created", record: nil))
        try put(
            .due,
            try task.due.map { day throws(DiagnosticError) in dateText(day, key: try key(.due) ?? "due", record: nil) },
            fallback: "due")
        if !task.tags.isEmpty, let key = try key(.tags) ?? "tags" as String? {
            let isText = sample(key, in: nil).map { if case .string = $0.value { true } else { false } } ?? false
            fields.append((key, isText ? .text(task.tags.joined(separator: ", ")) : .list(task.tags)))
        }
        try put(.project, task.project.map(FieldValue.text), fallback: "project")
        try put(.assignee, task.assignee.map(FieldValue.text), fallback: "assignee")
        // Keys in the order the last record has them; new ones after.
        let order: [String] =
            store.records.last.flatMap { record in
                if case .map(let map) = record.fields.value { map.keys } else { nil }
            } ?? []
        let sorted = fields.enumerated().sorted { left, right in
            let (a, b) = (
                order.firstIndex(of: left.element.key) ?? Int.max, order.firstIndex(of: right.element.key) ?? Int.max
            )
            return a != b ? a < b : left.offset < right.offset
        }
        try store.appendRecord(sorted.map(\.element))
    }

    mutating func edit(_ target: EditTarget, _ edits: TaskEdits) throws(DiagnosticError) {
        if let title = edits.title {
            guard let key = try key(.title) else { throw context.error("the source has no title field to edit") }
            try store.set(key, to: .text(title), inRecord: target.index)
        }
        if let due = edits.due {
            let key = try key(.due) ?? TaskField.due.rawValue
            try set(key, to: due.map { dateText($0, key: key, record: target.record) }, in: target)
        }
        if let priority = edits.priority {
            try set(try key(.priority) ?? TaskField.priority.rawValue, to: priority.map(FieldValue.text), in: target)
        }
    }

    /// Writes `value` at `key` of the target's record; nil takes the key away.
    private mutating func set(_ key: String, to value: FieldValue?, in target: EditTarget) throws(DiagnosticError) {
        if let value {
            try store.set(key, to: value, inRecord: target.index)
        } else if target.record.fields.lookup(key) != nil {
            try store.removeField(key, inRecord: target.index)
        }
    }

    // MARK: Fields

    /// The keys to write to put a record in `column`: its status (through `status_map`), its
    /// completion flag, and its completion date (nil removes it).
    private func statusFields(for column: String, record: Record?) throws(DiagnosticError) -> [(String, FieldValue?)] {
        let done = column == context.lastColumn
        let statusKey = try key(.status)
        let flagKey = try key(.completed)
        let dateKey = try key(.completedAt)
        var fields: [(String, FieldValue?)] = []
        if let statusKey {
            fields.append((statusKey, .text(context.sourceStatus(for: column))))
        } else if column != context.firstColumn && !done {
            throw context.onlyTwoColumns(column, format: "source without a status field")
        }
        if let flagKey {
            fields.append((flagKey, flag(done, like: sample(flagKey, in: record))))
        }
        if let dateKey {
            // An open task's date is left out, or null where the source spells it so.
            let spellsNull = store.records.contains { record in
                if case .null = record.fields.lookup(dateKey)?.value { true } else { false }
            }
            fields.append(
                (dateKey, done ? dateText(context.today, key: dateKey, record: record) : (spellsNull ? .null : nil))
            )
        }
        if statusKey == nil, flagKey == nil, dateKey == nil {
            fields.append(("completed", .bool(done)))
        }
        return fields
    }

    /// `day` spelled as the source spells its dates (`Day.Spelling`): as `key`'s value in `record`
    /// or another record, else as its creation or due dates. Taskwarrior's export writes instants
    /// (`20261204T230000Z`), which a plain day there would not be.
    private func dateText(_ day: Day, key: String, record: Record?) -> FieldValue {
        // A nested creation or due date is no sample: this write must not fail for want of it.
        let keys = [key] + [TaskField.created, .due].compactMap { field in (try? self.key(field)) ?? nil }
        let sampled = keys.lazy.compactMap { key -> String? in
            if case .string(let text)? = sample(key, in: record)?.value { text } else { nil }
        }.first
        return .text(day.text(sampled.map(Day.Spelling.init(of:)) ?? .day, in: context.rules.timeZone))
    }

    /// A completion flag spelled as the source spells its others: a boolean, 1/0, or text.
    private func flag(_ done: Bool, like sample: DataNode?) -> FieldValue {
        switch sample?.value {
        case .int: return .number(done ? 1 : 0)
        case .string(let text):
            let pairs = [("true", "false"), ("yes", "no"), ("1", "0"), ("x", "")]
            let lower = text.lowercased()
            guard let (yes, no) = pairs.first(where: { $0.0 == lower || $0.1 == lower }) else {
                return .text(done ? "true" : "false")
            }
            let word = done ? yes : no
            if text == text.uppercased(), text != lower { return .text(word.uppercased()) }
            if text.first?.isUppercase == true { return .text(word.prefix(1).uppercased() + word.dropFirst()) }
            return .text(word)
        default: return .bool(done)
        }
    }

    /// The next free id when the source's records have ids: one more than the largest number
    /// (after the last record's `KEY-` prefix, if it has one), written as the last record writes its id. Ids come from the user's file, so the largest
    /// may be `Int.max`: then the smallest unused positive number is free instead.
    private func nextID() throws(DiagnosticError) -> (key: String, value: FieldValue)? {
        guard let key = try key(.id) ?? (sample("id", in: nil) != nil ? "id" : nil) else { return nil }
        // A source whose tasks are named by UUIDs (Taskwarrior's) gets a new one, in their case.
        if case .string(let last)? = store.records.last?.fields.lookup(key)?.value, Self.isUUID(last) {
            let made = UUID().uuidString
            return (key, .text(last.contains(where: \.isLowercase) ? made.lowercased() : made))
        }
        // Keys such as Jira's (`PAY-3`) go on with the last record's prefix: `PAY-4`.
        var prefix = ""
        if case .string(let last)? = store.records.last?.fields.lookup(key)?.value,
            let dash = last.lastIndex(of: "-"), dash > last.startIndex,
            last.index(after: dash) < last.endIndex,
            last[last.index(after: dash)...].allSatisfy({ ("0"..."9").contains($0) })
        {
            prefix = String(last[...dash])
        }
        var used = Set<Int>()
        var isText = false
        for record in store.records {
            switch record.fields.lookup(key)?.value {
            case .int(let number): used.insert(number)
            case .string(let text):
                if text.hasPrefix(prefix), let number = Int(text.dropFirst(prefix.count)) { used.insert(number) }
                isText = true
            default: break
            }
        }
        if case .int = store.records.last?.fields.lookup(key)?.value { isText = false }
        let largest = max(used.max() ?? 0, 0)
        let (after, overflow) = largest.addingReportingOverflow(1)
        // Fewer ids than numbers below Int.max, so some positive number is free.
        let next = overflow ? (1...).first(where: { !used.contains($0) }) ?? 1 : after
        return (key, isText ? .text(prefix + String(next)) : .number(next))
    }

    /// Whether `text` is a UUID: 32 hex digits in groups of 8, 4, 4, 4 and 12.
    private static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        return bytes.indices.allSatisfy { index in
            [8, 13, 18, 23].contains(index)
                ? bytes[index] == UInt8(ascii: "-") : Character(UnicodeScalar(bytes[index])).isHexDigit
        }
    }
}
