import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The temporary files a killed edit left beside a task file: `TaskFile.write` names them
/// `.NAME.herald-XXXXXX` (mkstemp's six letters and digits), and a SIGKILL gives it no chance
/// to remove its own. Only the caller that holds the folder's `FolderLock` may sweep them, so
/// that no running edit's file is taken from under it.
enum LeftoverTemporaryFiles {
    /// The name `TaskFile.write` gives `mkstemp` for a task file named `name`.
    static func template(for name: String) -> String { ".\(name).herald-XXXXXX" }

    /// Whether `candidate` is a name that `template(for: name)` can become.
    static func isLeftover(_ candidate: String, of name: String) -> Bool {
        let prefix = ".\(name).herald-"
        guard candidate.hasPrefix(prefix) else { return false }
        let suffix = candidate.utf8.dropFirst(prefix.utf8.count)
        return suffix.count == 6
            && suffix.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
    }

    /// Removes the leftovers of `file` in its folder: regular files only, never a link or a
    /// folder someone gave such a name. Call it holding the folder's lock.
    static func remove(besides file: URL) {
        let folder = file.deletingLastPathComponent()
        let name = file.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for entry in entries where isLeftover(entry, of: name) {
            let path = folder.appendingPathComponent(entry).path
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            unlink(path)
        }
    }
}
