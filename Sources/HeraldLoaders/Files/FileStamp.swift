import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// What tells that a file changed without reading it: its inode, size and modification time.
public struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int
    var logSize: Int64 = -1
    var logNanoseconds = 0

    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
        // A database in WAL mode changes in its log first: the log's stamp is part of its own.
        if SQLiteSideFile.isDatabase(path), stat(path + "-wal", &info) == 0 {
            logSize = Int64(info.st_size)
            logNanoseconds = info.st_mtim.tv_sec &* 1_000_000_000 &+ info.st_mtim.tv_nsec
        }
    }
}
