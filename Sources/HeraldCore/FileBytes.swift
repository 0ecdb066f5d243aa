import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole regular file, bounded: data files, task files and built pages alike.
public enum FileBytes {
    /// What one data file may hold unless its source says otherwise (`max_bytes:`).
    public static let defaultLimit = 512 * 1024 * 1024

    /// Why a file could not be read, in the words of the system.
    public struct Failure: Error {
        public var reason: String

        static var current: Failure { Failure(reason: String(cString: strerror(errno))) }

        public static func tooLarge(_ limit: Int) -> Failure {
            Failure(reason: "it is larger than \(limit) bytes (raise the source's max_bytes: to read it)")
        }
    }

    /// The whole file, read with as few system calls as it takes: its size comes from `fstat`.
    /// Only a regular file is read: a FIFO would block the build forever and a device such as
    /// /dev/zero never ends. Opening does not block (`O_NONBLOCK`) so a FIFO is refused too.
    public static func read(path: String, limit: Int = defaultLimit) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .current }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .current }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Failure(reason: "it is \(kindName(info.st_mode)), not a regular file")
        }
        guard Int(info.st_size) <= limit else { throw .tooLarge(limit) }
        // One byte more than the size, so the end shows as a read of 0 bytes; a file that grows
        // while it is read is read on in further chunks, up to the limit. Chunks are not zeroed
        // first: read fills them.
        var bytes: [UInt8] = []
        var chunkSize = max(Int(info.st_size), 0) + 1
        while true {
            var ended = false
            var failure: Failure?
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, initialized in
                while initialized < buffer.count {
                    let got = Glibc.read(descriptor, buffer.baseAddress.map { $0 + initialized }, buffer.count - initialized)
                    if got < 0, errno == EINTR { continue }
                    if got < 0 { failure = .current; return }
                    if got == 0 { ended = true; return }
                    initialized += got
                }
            }
            if let failure { throw failure }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            if bytes.count > limit { throw .tooLarge(limit) }
            if ended { return bytes }
            chunkSize = max(4096, bytes.count)
        }
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
