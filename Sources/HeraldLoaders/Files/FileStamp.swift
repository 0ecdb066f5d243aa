import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// What tells that a file changed without reading it: its inode, size and modification time.
/// Its status change time is kept beside them but not compared: reading a database moves it.
public struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int
    /// The status change time, in nanoseconds since 1970, which a tool that sets the
    /// modification time back still moves (`DecodedFiles` compares it for a build's listings).
    var changed: Int64
    var logSize: Int64 = -1
    var logNanoseconds = 0
    /// Which commits of the log a reader sees (`SQLiteSideFile.committedState(of:)`): a commit is
    /// written to the log before it is published, so the log's size and time alone may move
    /// before a reader can see what they hold.
    var logCommits: UInt64 = 0

    /// The later of the modification and status change times, in nanoseconds since 1970.
    var latest: Int64 { max(Int64(seconds) &* 1_000_000_000 &+ Int64(nanoseconds), changed) }

    public static func == (a: FileStamp, b: FileStamp) -> Bool {
        (a.device, a.inode, a.size, a.seconds, a.nanoseconds) == (b.device, b.inode, b.size, b.seconds, b.nanoseconds)
            && (a.logSize, a.logNanoseconds, a.logCommits) == (b.logSize, b.logNanoseconds, b.logCommits)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(device)
        hasher.combine(inode)
        hasher.combine(size)
        hasher.combine(seconds)
        hasher.combine(nanoseconds)
        hasher.combine(logSize)
        hasher.combine(logNanoseconds)
        hasher.combine(logCommits)
    }

    init(
        device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int, changed: Int64, logSize: Int64,
        logNanoseconds: Int, logCommits: UInt64
    ) {
        (self.device, self.inode, self.size, self.seconds, self.nanoseconds) = (
            device, inode, size, seconds, nanoseconds
        )
        (self.changed, self.logSize, self.logNanoseconds, self.logCommits) = (
            changed, logSize, logNanoseconds, logCommits
        )
    }

    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
        changed = Int64(info.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_ctim.tv_nsec)
        // A database in WAL mode changes in its log first: the log's stamp is part of its own.
        if SQLiteSideFile.isDatabase(path), stat(path + "-wal", &info) == 0 {
            logSize = Int64(info.st_size)
            logNanoseconds = info.st_mtim.tv_sec &* 1_000_000_000 &+ info.st_mtim.tv_nsec
            logCommits = SQLiteSideFile.committedState(of: path)
        }
    }
}
