import HeraldCore

/// A value the editor writes into a record; each format spells it in its own syntax.
public enum FieldValue: Sendable, Equatable {
    case text(String)
    case number(Int)
    case bool(Bool)
    case list([String])
    case null
}

/// Records the editor can change one field, one record at a time: a file of records, or a
/// database table. Record indices follow the order of the format's `RecordReader`, so a task
/// decoded from record `i` is edited through index `i`.
protocol RecordStore {
    /// The records as the format's reader gives them.
    var records: [Record] { get }
    /// Sets a top-level `key` of the record to `value`, adding the key when it is missing.
    mutating func set(_ key: String, to value: FieldValue, inRecord index: Int) throws(DiagnosticError)
    /// Removes a top-level key with its value (or empties it where every record has every key).
    mutating func removeField(_ key: String, inRecord index: Int) throws(DiagnosticError)
    mutating func removeRecord(_ index: Int) throws(DiagnosticError)
    /// Appends a record with these keys in this order.
    mutating func appendRecord(_ fields: [(key: String, value: FieldValue)]) throws(DiagnosticError)
}

/// A file of records (JSON, YAML, CSV) that the editor changes in place: every operation edits
/// only the bytes of the record or field it names, so comments, key order, quoting, indentation,
/// line endings and unknown fields stay exactly as they were.
///
/// Record indices follow the order of the format's `RecordReader` for the same bytes and root,
/// so a task decoded from record `i` is edited through index `i`. After each operation `bytes`
/// holds the new text and `records` describes it.
protocol RecordDocument: RecordStore {
    /// The records of the current bytes, as the format's reader gives them.
    var records: [Record] { get }
    /// The document's current bytes.
    var bytes: [UInt8] { get }
    /// Sets `key` (a top-level key of the record) to `value`: the value's bytes are replaced when
    /// the key exists, otherwise a line or member is added in the style of its neighbours.
    mutating func set(_ key: String, to value: FieldValue, inRecord index: Int) throws(DiagnosticError)
    /// Removes a top-level key with its value; nothing happens when the record lacks it.
    mutating func removeField(_ key: String, inRecord index: Int) throws(DiagnosticError)
    /// Removes a record with the separator that went with it.
    mutating func removeRecord(_ index: Int) throws(DiagnosticError)
    /// Appends a record with these keys in this order, laid out like the last record; appending
    /// and then removing a record gives back the original bytes.
    mutating func appendRecord(_ fields: [(key: String, value: FieldValue)]) throws(DiagnosticError)
}
