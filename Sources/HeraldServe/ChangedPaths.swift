import Synchronization

/// The files the watcher saw change since the last rebuild took them: with them, a rebuild need
/// not stat the 10,000 files that did not change. Unknown (nil) after the watcher lost track (its
/// queue overflowed, a folder appeared, moved or went), and before anything was taken.
final class ChangedPaths: Sendable {
    private let paths = Mutex<Set<String>?>(nil)

    /// Adds a changed file's absolute path, unless the changes are unknown already.
    func add(_ path: String) {
        paths.withLock { _ = $0?.insert(path) }
    }

    /// Forgets which files changed: the next rebuild checks every file.
    func lose() {
        paths.withLock { $0 = nil }
    }

    /// The paths changed since the last call (nil: unknown), starting a new, empty record.
    func take() -> Set<String>? {
        paths.withLock { paths in
            defer { paths = [] }
            return paths
        }
    }
}
