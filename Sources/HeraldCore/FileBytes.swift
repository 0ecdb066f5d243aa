import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Reads a whole regular file, bounded: every file Herald reads of the user's, from herald.yml,
/// templates and assets to data files, task files and built pages.
public enum FileBytes {
    /// What one data file may hold unless its source says otherwise (`max_bytes:`).
    public static let defaultLimit = 512 * 1024 * 1024
    /// What herald.yml or one template may hold: text a person writes stays far below it, and a
    /// file named by mistake (a disk image) is refused before it fills memory.
    public static let textLimit = 16 * 1024 * 1024
    /// What one asset of the site's theme (`Templates/assets/`) may hold: as much as a data file
    /// by default, for pictures and fonts; fixed, as an asset has no source to set `max_bytes:`.
    public static let assetLimit = defaultLimit

    /// Why a file could not be read, in the words of the system.
    public struct Failure: Error {
        public var reason: String
        /// The system's error number when the system refused (`ENOENT`: there is no such file).
        public var code: Int32?
        /// The limit the file is larger than, when that is why.
        public var limit: Int?

        public init(reason: String, code: Int32? = nil, limit: Int? = nil) {
            self.reason = reason
            self.code = code
            self.limit = limit
        }

        static var current: Failure { Failure(reason: String(cString: strerror(errno)), code: errno) }

        /// Callers add whose limit it is and how to raise it (`explained(tooLarge:)`).
        public static func tooLarge(_ limit: Int) -> Failure {
            Failure(reason: "it is larger than \(limit) bytes", limit: limit)
        }

        /// The reason, followed, when the file is over its limit, by `note`: which limit that is.
        public func explained(tooLarge note: String) -> String {
            limit == nil ? reason : reason + note
        }
    }

    /// The whole file, read with as few system calls as it takes: its size comes from `fstat`.
    /// Only a regular file is read: a FIFO would block the build forever and a device such as
    /// /dev/zero never ends. Opening does not block (`O_NONBLOCK`), and the kind of file is asked
    /// of the opened descriptor (`fstat`), so a FIFO put in a file's place meanwhile is refused too.
    public static func read(path: String, limit: Int = defaultLimit) throws(Failure) -> [UInt8] {
        try read(at: path, in: AT_FDCWD, limit: limit)
    }

    /// The file at `path` relative to the open folder `folder` (a descriptor from `openFolder`):
    /// reading 10,000 files of one folder this way spares the kernel walking the folder's whole
    /// path again for each.
    public static func read(at path: String, in folder: Int32, limit: Int = defaultLimit) throws(Failure) -> [UInt8] {
        let descriptor = openat(folder, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .current }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .current }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Failure(reason: "it is \(kindName(info.st_mode)), not a regular file")
        }
        guard Int(info.st_size) <= limit else { throw .tooLarge(limit) }
        let size = max(Int(info.st_size), 0)
        // One byte more than the size: a read that stops short at the size is the end (a regular
        // file reads short only there), and a file that grew meanwhile is read on in further
        // chunks, up to the limit. Chunks are not zeroed first: read fills them.
        var bytes: [UInt8] = []
        var chunkSize = size + 1
        while true {
            var ended = false
            var failure: Failure?
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, initialized in
                while initialized < buffer.count {
                    let got = Glibc.read(
                        descriptor, buffer.baseAddress.map { $0 + initialized }, buffer.count - initialized)
                    if got < 0, errno == EINTR { continue }
                    if got < 0 { failure = .current; return }
                    if got == 0 { ended = true; return }
                    initialized += got
                    if bytes.isEmpty, initialized == size { ended = true; return }
                }
            }
            if let failure { throw failure }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            if bytes.count > limit { throw .tooLarge(limit) }
            if ended { return bytes }
            chunkSize = max(4096, bytes.count)
        }
    }

    /// A descriptor of the folder at `path` to read files in with `read(at:in:)` (close it when
    /// done); nil when it cannot be opened.
    public static func openFolder(_ path: String) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }

    private static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}
