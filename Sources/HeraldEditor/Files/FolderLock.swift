import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HeraldCore

/// The advisory lock that serialises edits of the task files in one folder: a `flock` on the
/// folder itself, so no lock file is written beside the user's data, and a process that dies
/// releases it. Every `herald tasks` run and the dev server take it before reading the file.
final class FolderLock {
    private let descriptor: Int32

    /// Waits for the lock on `folder`.
    init(folder: URL) throws(DiagnosticError) {
        let path = folder.path
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DiagnosticError(
                .error(
                    at: SourceLocation(file: path),
                    "cannot open the folder to lock it: \(String(cString: strerror(errno)))"))
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw DiagnosticError(.error(at: SourceLocation(file: path), "cannot lock the folder: \(reason)"))
            }
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
