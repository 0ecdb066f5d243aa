/// The files SQLite keeps beside a database (`tasks.sqlite-wal`, `-shm`, `-journal`): a
/// write-ahead log holds the database's newest commits, so its change is the database's; the
/// others change when anyone merely reads or writes, and are not the site's inputs.
public enum SQLiteSideFile {
    private static let databaseExtensions = [".sqlite", ".sqlite3", ".db", ".db3"]

    /// The database whose write-ahead log `path` is, or nil.
    public static func database(of path: String) -> String? {
        guard path.hasSuffix("-wal") else { return nil }
        let database = String(path.dropLast("-wal".count))
        return isDatabase(database) ? database : nil
    }

    /// A database's shared-memory or rollback-journal file.
    public static func isIgnored(_ path: String) -> Bool {
        for suffix in ["-shm", "-journal"] where path.hasSuffix(suffix) {
            return isDatabase(String(path.dropLast(suffix.count)))
        }
        return false
    }

    /// Whether `path` is named as a SQLite database is (`.sqlite`, `.sqlite3`, `.db`, `.db3`, in
    /// any case). On bytes, with no string made: every input file's stamp asks.
    public static func isDatabase(_ path: String) -> Bool {
        let utf8 = path.utf8
        return databaseExtensions.contains { name in
            utf8.count >= name.utf8.count && zip(utf8.suffix(name.utf8.count), name.utf8).allSatisfy { $0 | 0x20 == $1 }
        }
    }
}
