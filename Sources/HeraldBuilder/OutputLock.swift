import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HeraldCore

/// An exclusive lock on an output folder for the whole of one build: two builds writing one
/// folder at once would splice their files and manifests. It is the kernel's `flock` on the
/// folder itself, so there is no lock file to leave behind, and a build that dies releases it.
public final class OutputLock: Sendable {
    private let descriptor: Int32
    /// The outermost folder this lock had to create on the way to the output folder, if any: a
    /// build that fails removes it again, so that it leaves no trace.
    public let firstCreated: URL?

    /// Takes the lock on `folder`, creating the folder when it is missing. When another build
    /// holds the lock, `wait` false fails at once; true calls `waiting` once and blocks until the
    /// other build is done.
    public init(folder: URL, wait: Bool, waiting: () -> Void = {}) throws(DiagnosticError) {
        let path = folder.standardizedFileURL.path
        var created: URL?
        var toldWaiting = false
        while true {
            if let missing = OutputFiles.firstMissingFolder(of: folder.standardizedFileURL) {
                created = created ?? missing
                do {
                    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                } catch {
                    throw Self.failure(path, "cannot create the output folder: \(error.localizedDescription)")
                }
            }
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw Self.failure(path, "cannot open the output folder: \(OutputFiles.lastError())")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK, wait else {
                    let busy = errno == EWOULDBLOCK
                    close(descriptor)
                    throw Self.failure(
                        path,
                        busy
                            ? "another herald build is writing this output folder (run again without --no-wait to wait for it)"
                            : "cannot lock the output folder: \(OutputFiles.lastError())")
                }
                if !toldWaiting {
                    waiting()
                    toldWaiting = true
                }
                while flock(descriptor, LOCK_EX) != 0 {
                    guard errno == EINTR else {
                        close(descriptor)
                        throw Self.failure(path, "cannot lock the output folder: \(OutputFiles.lastError())")
                    }
                }
            }
            // The build we waited for may have removed the folder (its first build failed), so
            // the lock would be on a folder that is gone: then lock the one at the path now.
            var held = stat()
            var current = stat()
            if fstat(descriptor, &held) == 0, stat(path, &current) == 0,
                held.st_ino == current.st_ino, held.st_dev == current.st_dev
            {
                self.descriptor = descriptor
                firstCreated = created
                return
            }
            close(descriptor)
        }
    }

    deinit {
        close(descriptor)
    }

    private static func failure(_ path: String, _ message: String) -> DiagnosticError {
        DiagnosticError(.error(at: SourceLocation(file: path), message))
    }
}
