import Foundation
import GRDB
import HeraldCore
import HeraldLoaders

/// A SQLite table as a store of task records: each change is an UPDATE, INSERT or DELETE by the
/// record's id, and all of one command's changes run in one transaction (builds keep opening the
/// database read-only).
struct SQLiteTaskStore: RecordStore {
    let url: URL
    let file: String
    let table: String
    /// The column that identifies a row.
    let idKey: String
    let timeout: Duration
    private(set) var records: [HeraldCore.Record]
    private(set) var statements: [(sql: String, arguments: [DatabaseValue])] = []
    private let columns: [String]

    init(url: URL, file: String, table: String?, query: String?, idKey: String, timeout: Duration)
        throws(DiagnosticError)
    {
        let here = SourceLocation(file: file)
        guard query == nil, let table else {
            throw DiagnosticError(
                .error(at: here, "a SQLite source read through query: cannot be edited; name its table with table:"))
        }
        self.url = url
        self.file = file
        self.table = table
        self.idKey = idKey
        self.timeout = timeout
        records = try SQLiteRecordReader(table: table, timeout: timeout).records(in: SourceFile(url: url, path: file))
        do {
            let database = try DatabaseQueue(path: url.path)
            columns = try database.read { db in try db.columns(in: table).map(\.name) }
        } catch {
            throw DiagnosticError(.error(at: here, "cannot open the SQLite database: \(error)"))
        }
        guard columns.contains(idKey) else {
            throw DiagnosticError(
                .error(
                    at: here, "table '\(table)' has no column '\(idKey)' to tell its rows apart; map fields.id to one"))
        }
    }

    mutating func set(_ key: String, to value: FieldValue, inRecord index: Int) throws(DiagnosticError) {
        try checkColumn(key)
        statements.append(
            (
                "UPDATE \(quoted(table)) SET \(quoted(key)) = ? WHERE \(quoted(idKey)) = ?",
                [Self.databaseValue(value), try id(of: index)]
            ))
        guard case .map(var map) = records[index].fields.value else { return }
        map[key] = DataNode(Self.dataValue(value))
        records[index].fields = DataNode(.map(map), line: records[index].fields.line)
    }

    mutating func removeField(_ key: String, inRecord index: Int) throws(DiagnosticError) {
        try set(key, to: .null, inRecord: index)
    }

    mutating func removeRecord(_ index: Int) throws(DiagnosticError) {
        statements.append(("DELETE FROM \(quoted(table)) WHERE \(quoted(idKey)) = ?", [try id(of: index)]))
        records.remove(at: index)
    }

    mutating func appendRecord(_ fields: [(key: String, value: FieldValue)]) throws(DiagnosticError) {
        for field in fields { try checkColumn(field.key) }
        let names = fields.map { quoted($0.key) }.joined(separator: ", ")
        let marks = fields.map { _ in "?" }.joined(separator: ", ")
        statements.append(
            ("INSERT INTO \(quoted(table)) (\(names)) VALUES (\(marks))", fields.map { Self.databaseValue($0.value) }))
        var map = DataMap()
        for field in fields { map[field.key] = DataNode(Self.dataValue(field.value)) }
        records.append(
            HeraldCore.Record(
                fields: DataNode(.map(map)), location: SourceLocation(file: file, line: records.count + 1)))
    }

    /// Runs the statements in one transaction; a failure leaves the database as it was.
    func commit() throws(DiagnosticError) {
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(timeout.inSeconds)
            let database = try DatabaseQueue(path: url.path, configuration: configuration)
            try database.write { db in
                for statement in statements {
                    try db.execute(sql: statement.sql, arguments: StatementArguments(statement.arguments))
                }
            }
        } catch {
            throw DiagnosticError(.error(at: SourceLocation(file: file), "cannot write the SQLite database: \(error)"))
        }
    }

    /// The statements as SQL with their values written in, for `--dry-run`.
    var script: String {
        statements.map { statement in
            var sql = statement.sql
            for value in statement.arguments {
                guard let mark = sql.firstIndex(of: "?") else { break }
                sql.replaceSubrange(mark...mark, with: Self.literal(value))
            }
            return sql + ";\n"
        }.joined()
    }

    // MARK: Values

    private func id(of index: Int) throws(DiagnosticError) -> DatabaseValue {
        guard let node = records[index].fields.lookup(idKey) else {
            throw DiagnosticError(.error(at: records[index].location, "this row has no '\(idKey)'"))
        }
        return Self.databaseValue(node.value)
    }

    private func checkColumn(_ key: String) throws(DiagnosticError) {
        guard columns.contains(key) else {
            throw DiagnosticError(
                .error(
                    at: SourceLocation(file: file),
                    "table '\(table)' has no column '\(key)' (columns: \(columns.joined(separator: ", ")))"))
        }
    }

    private func quoted(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }

    private static func literal(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): "'" + text.replacing("'", with: "''") + "'"
        case .blob(let data): "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }

    private static func databaseValue(_ value: FieldValue) -> DatabaseValue {
        switch value {
        case .text(let text): text.databaseValue
        case .number(let number): number.databaseValue
        case .bool(let flag): (flag ? 1 : 0).databaseValue
        case .list(let items): items.joined(separator: ", ").databaseValue
        case .null: .null
        }
    }

    private static func databaseValue(_ value: DataValue) -> DatabaseValue {
        switch value {
        case .int(let number): number.databaseValue
        case .double(let number): number.databaseValue
        case .string(let text): text.databaseValue
        default: .null
        }
    }

    private static func dataValue(_ value: FieldValue) -> DataValue {
        switch value {
        case .text(let text): .string(text)
        case .number(let number): .int(number)
        case .bool(let flag): .int(flag ? 1 : 0)
        case .list(let items): .string(items.joined(separator: ", "))
        case .null: .null
        }
    }
}
