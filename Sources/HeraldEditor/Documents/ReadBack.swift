import HeraldCore
import HeraldLoaders

/// What the records of an edited text must show for the edit to be kept: a wrong quote or a lost
/// comma is caught before the file is written, not in the next build.
enum ReadBack {
    /// Whether `node` holds what writing `value` means.
    static func matches(_ value: FieldValue, _ node: DataNode?) -> Bool {
        switch (value, node?.value) {
        case (.text(let text), .string(let read)?): text == read
        case (.number(let number), .int(let read)?): number == read
        case (.bool(let flag), .bool(let read)?): flag == read
        case (.null, .null?): true
        case (.list(let items), .list(let read)?):
            items.count == read.count
                && zip(items, read).allSatisfy { item, node in
                    if case .string(let text) = node.value { text == item } else { false }
                }
        default: false
        }
    }

    /// The fields of a record, or none when it is not a map.
    static func fields(of record: Record) -> DataMap {
        if case .map(let map) = record.fields.value { map } else { DataMap() }
    }

    /// What is wrong with the records `new` read after `edit` of a text that held `old`, in a
    /// few words; nil when they show the edit.
    static func problem(after edit: Edit, old: [Record], new: [Record]) -> String? {
        switch edit {
        case .set(let key, let value, let index):
            guard new.count == old.count else { return "the number of records changed" }
            return matches(value, fields(of: new[index])[key])
                ? nil : "'\(key)' does not read back as the value written"
        case .removeField(let key, let index, let keyIsID):
            guard new.count == old.count else { return "the number of records changed" }
            return keyIsID || fields(of: new[index])[key] == nil ? nil : "'\(key)' is still there"
        case .removeRecord:
            return new.count == old.count - 1 ? nil : "the number of records did not go down by one"
        case .appendRecord(let written):
            guard new.count == old.count + 1, let last = new.last else {
                return "the number of records did not go up by one"
            }
            let fields = fields(of: last)
            return written.allSatisfy { matches($0.value, fields[$0.key]) }
                ? nil : "the new record does not read back as written"
        }
    }

    /// The records of `bytes`, the text after `edit`; an error at `location` when they cannot
    /// be read or do not show the edit, so that the caller keeps its text as it was.
    static func records(
        of bytes: [UInt8], reader: some TextRecordReader, file: String, after edit: Edit,
        old: [Record], at location: SourceLocation
    ) throws(DiagnosticError) -> [Record] {
        let new: [Record]
        do {
            new = try reader.records(inText: bytes, file: file)
        } catch {
            let reason = error.diagnostics.first?.message ?? "unreadable"
            throw DiagnosticError(
                .error(at: location, "this edit would leave \(file) unreadable (\(reason)); the file is left as it was")
            )
        }
        if let problem = problem(after: edit, old: old, new: new) {
            throw DiagnosticError(
                .error(at: location, "this edit does not read back as intended: \(problem); the file is left as it was")
            )
        }
        return new
    }

    /// An operation, with what its result can be checked against.
    enum Edit {
        case set(String, FieldValue, Int)
        /// `keyIsID`: records keyed by id get their `id` back from their key once it is removed.
        case removeField(String, Int, keyIsID: Bool)
        case removeRecord
        /// The fields written inside the new record (a keyed record's id may be its key instead).
        case appendRecord([(key: String, value: FieldValue)])
    }
}
