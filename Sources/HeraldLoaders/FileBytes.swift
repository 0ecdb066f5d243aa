import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HeraldCore

/// Reads a whole file, turning I/O failures into diagnostics that name it.
enum FileBytes {
    static func read(_ file: SourceFile) throws(DiagnosticError) -> [UInt8] {
        do {
            return try read(path: file.url.path)
        } catch {
            throw DiagnosticError(.error(at: SourceLocation(file: file.path), "cannot read '\(file.path)': \(error.reason)"))
        }
    }

    /// Why a file could not be read, in the words of the system.
    struct Failure: Error {
        var reason: String

        static var current: Failure { Failure(reason: String(cString: strerror(errno))) }
    }

    /// The whole file, read with as few system calls as it takes: its size comes from `fstat`.
    static func read(path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .current }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .current }
        // One byte more than the size, so the end shows as a read of 0 bytes; files whose size
        // stat does not know (in /proc, pipes) grow the buffer as they are read.
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, count))) }
            let got = bytes.withUnsafeMutableBytes { raw in
                Glibc.read(descriptor, raw.baseAddress.map { $0 + count }, raw.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .current
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}
