import HeraldCore

#if canImport(Glibc)
    import Glibc
#endif

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

    /// A digest of the commits a reader of the database at `path` sees: the last frame of its log
    /// that a commit published, with that frame's checksum and the log's salt, as the first copy of
    /// the wal-index header in its `-shm` file holds them (bytes 16 to 40, the file format SQLite
    /// documents). A writer appends a commit to the log and only then publishes it there, so
    /// between the two the log has moved but a reader still sees the commits before; 0 when there
    /// is no wal-index to read.
    public static func committedState(of path: String) -> UInt64 {
        let descriptor = open(path + "-shm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 24)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 24, 16) }
        guard count == 24 else { return 0 }
        var digest = Checksum()
        digest.combine(header)
        return digest.value
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
