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
        // stat does not know (in /proc, pipes) are read on in further chunks. Chunks are not
        // zeroed first: read fills them.
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
            if ended { return bytes }
            chunkSize = max(4096, bytes.count)
        }
    }
}
