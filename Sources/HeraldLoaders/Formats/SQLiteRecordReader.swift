import Foundation
import GRDB
import HeraldCore

/// Reads the rows of a SQLite table or query as records, opening the database read-only.
public struct SQLiteRecordReader: RecordReader {
    /// The table (or view) to read every row of.
    public var table: String?
    /// The query whose rows are the records, instead of a table.
    public var query: String?
    /// How long the query may run before it is interrupted: a view with a runaway recursive CTE
    /// would otherwise hold the build for good.
    public var timeout: Duration
    /// More rows than this is no task board or catalog but a runaway query, stopped before its
    /// records fill memory.
    public var maxRows: Int

    public static let defaultMaxRows = 1_000_000

    public init(
        table: String? = nil, query: String? = nil, timeout: Duration = SourceSpec.defaultTimeout,
        maxRows: Int = SQLiteRecordReader.defaultMaxRows
    ) {
        self.table = table
        self.query = query
        self.timeout = timeout
        self.maxRows = maxRows
    }

    /// Each row becomes a map of its columns (INTEGER → int, REAL → double, TEXT → string,
    /// NULL → null; a BLOB is an error). Its "line" is the row number, as a database has no lines.
    /// Read-only, so that a build can never change the database.
    public func records(in file: SourceFile) throws(DiagnosticError) -> [HeraldCore.Record] {
        let here = SourceLocation(file: file.path)
        if table != nil && query != nil {
            throw DiagnosticError(.error(at: here, "a SQLite source takes either table: or query:, not both"))
        }
        // SQLite would block opening a FIFO, and a device is no database.
        var info = stat()
        guard stat(file.fullPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw DiagnosticError(.error(at: here, "cannot read the SQLite database: it is not a regular file"))
        }
        var configuration = Configuration()
        configuration.readonly = true
        let what = query != nil ? "the query" : "table '\(table ?? "")'"
        do {
            let database = try Self.open(file.fullPath, configuration)
            let deadline = DispatchWorkItem { database.interrupt() }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout.inSeconds, execute: deadline)
            defer { deadline.cancel() }
            let outcome = try database.read { db in try read(db, file: file.path, what: what) }
            guard outcome.diagnostics.isEmpty else { throw DiagnosticError(outcome.diagnostics) }
            return outcome.records
        } catch let error as DiagnosticError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw DiagnosticError(
                .error(
                    at: here,
                    "reading \(what) took longer than \(timeout.secondsText) s, "
                        + "so it was stopped; raise the source's timeout: if it is meant to"))
        } catch let error as DatabaseError {
            let reason = error.message ?? "\(error.resultCode)"
            let context = query != nil ? "the query failed: " : ""
            throw DiagnosticError(.error(at: here, "cannot read the SQLite database: \(context)\(reason)"))
        } catch {
            throw DiagnosticError(.error(at: here, "cannot read the SQLite database: \(error)"))
        }
    }

    /// A database in WAL mode whose `-wal` file is absent holds all its data in the file itself,
    /// and is opened as immutable: a plain read-only open would make `-wal` and `-shm` files beside
    /// it, which a build must not leave in the site's folder (and `herald serve` would see as edits).
    /// Where SQLite takes no URI file names, the plain open is the fallback.
    private static func open(_ path: String, _ configuration: Configuration) throws -> DatabaseQueue {
        guard isWALWithoutLog(path),
            let encoded = path.addingPercentEncoding(
                withAllowedCharacters: .urlPathAllowed.subtracting(["?", "#", "%"])),
            let database = try? DatabaseQueue(path: "file:\(encoded)?immutable=1", configuration: configuration),
            (try? database.read({ db in try Int.fetchOne(db, sql: "PRAGMA schema_version") })) != nil
        else {
            return try DatabaseQueue(path: path, configuration: configuration)
        }
        return database
    }

    /// The header's read and write versions are 2 in WAL mode (bytes 18 and 19).
    private static func isWALWithoutLog(_ path: String) -> Bool {
        guard !FileManager.default.fileExists(atPath: path + "-wal"),
            let handle = FileHandle(forReadingAtPath: path)
        else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
        return header[header.startIndex + 18] == 2 && header[header.startIndex + 19] == 2
    }

    private func read(_ db: Database, file: String, what: String) throws -> (
        records: [HeraldCore.Record], diagnostics: [Diagnostic]
    ) {
        let sql = try query ?? tableQuery(db, file: file)
        var records: [HeraldCore.Record] = []
        var blobColumns: Set<String> = []
        var diagnostics: [Diagnostic] = []
        let rows = try Row.fetchCursor(db, sql: sql)
        var rowNumber = 0
        while let row = try rows.next() {
            rowNumber += 1
            guard rowNumber <= maxRows else {
                throw DiagnosticError(
                    .error(
                        at: SourceLocation(file: file),
                        "\(what) gives more than \(maxRows) rows; stopped reading it"))
            }
            var fields = DataMap()
            for (column, value) in row {
                let data: DataValue
                switch value.storage {
                case .null: data = .null
                case .int64(let integer): data = .int(Int(integer))
                case .double(let double): data = .double(double)
                case .string(let string): data = .string(string)
                case .blob:
                    // Binary data has no place in a record; say so once per column, not per row.
                    if blobColumns.insert(column).inserted {
                        diagnostics.append(
                            .error(
                                at: SourceLocation(file: file, line: rowNumber),
                                "column '\(column)' holds binary data (a BLOB), which a record cannot use; leave it out with a query:"
                            ))
                    }
                    continue
                }
                fields[column] = DataNode(data, line: rowNumber)
            }
            records.append(
                HeraldCore.Record(
                    fields: DataNode(.map(fields), line: rowNumber),
                    location: SourceLocation(file: file, line: rowNumber)))
        }
        return (records, diagnostics)
    }

    /// The query that reads the whole of `table`, which must be one of the database's.
    private func tableQuery(_ db: Database, file: String) throws -> String {
        let tables = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name
                """)
        let known = tables.isEmpty ? "it has no tables" : "its tables are \(tables.joined(separator: ", "))"
        guard let table else {
            throw DiagnosticError(
                .error(at: SourceLocation(file: file), "a SQLite source needs table: or query:; \(known)"))
        }
        guard tables.contains(table) else {
            let hint = Suggestion.nearest(to: table, in: tables).map { "did you mean '\($0)'? " } ?? ""
            throw DiagnosticError(
                .error(at: SourceLocation(file: file), "no table '\(table)' in the database; \(hint)\(known)"))
        }
        return "SELECT * FROM \"\(table.replacing("\"", with: "\"\""))\""
    }
}
