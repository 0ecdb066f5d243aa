import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HeraldCore
import Synchronization

/// Writes a build's files into the output folder so that the folder only ever changes as a whole
/// successful build: files are staged first and moved into place by `commit()`; `discard()` leaves
/// the folder exactly as it was. Unchanged files keep their bytes and mtime; files the previous
/// build wrote and this one did not are removed; files Herald never wrote are left alone.
public final class OutputWriter: Sendable {
    /// What a committed build changed.
    public struct Summary: Sendable, Equatable {
        public var written: Int
        public var unchanged: Int
        public var removed: Int
        public var bytes: Int
    }

    private struct State: Sendable {
        var manifest = Manifest()
        // Staged files sit at their own paths inside the staging folder, the output's tree in small.
        var staged: [OutputPath] = []
        var unchanged = 0
        var bytes = 0
        var stagingCreated = false
    }

    public let folder: URL
    private let previous: Manifest
    private let previousStamp: timespec?
    private let staging: URL
    // Plain path strings for the per-file work: building a URL per file costs more than the syscall.
    private let folderPath: String
    private let stagingPath: String
    /// The outermost folder on the way to the output folder that did not exist yet: staging
    /// creates it, and a failed build removes it again.
    private let firstMissing: URL?
    private let state = Mutex(State())

    public init(folder: URL) {
        self.folder = folder.standardizedFileURL
        previous = Manifest.read(in: self.folder)
        previousStamp = Self.modificationTime(of: self.folder.appendingPathComponent(Manifest.fileName).path)
        staging = self.folder.appendingPathComponent(".herald-staging")
        folderPath = self.folder.path
        stagingPath = staging.path
        var missing: URL?
        var candidate = self.folder
        while !FileManager.default.fileExists(atPath: candidate.path), candidate.path != "/" {
            missing = candidate
            candidate = candidate.deletingLastPathComponent()
        }
        firstMissing = missing
        // A build that crashed mid-way may have left its staging folder; it holds nothing published.
        try? FileManager.default.removeItem(at: staging)
    }

    /// Records one output file; safe to call from many threads at once. Bytes identical to what
    /// the previous build wrote (and nobody changed since) are not written again.
    public func add(_ path: OutputPath, bytes: [UInt8]) throws(DiagnosticError) {
        let entry = Manifest.Entry(hash: ContentHash.of(bytes), size: bytes.count)
        let unchanged = isUnchanged(path, entry)
        if !unchanged {
            try ensureStaging()
            try Self.write(bytes, to: stagingPath + "/" + path.value, for: path, creatingFolders: true)
        }
        try state.withLock { (state: inout State) throws(DiagnosticError) in
            guard state.manifest.entries.updateValue(entry, forKey: path.value) == nil else {
                throw DiagnosticError(.error(at: SourceLocation(file: path.value), "two pages write the same output file"))
            }
            state.bytes += bytes.count
            if !unchanged {
                state.staged.append(path)
            } else {
                state.unchanged += 1
            }
        }
    }

    /// Moves every staged file into place, removes what the previous build wrote and this one did
    /// not, and saves the manifest when it changed. Each file appears whole (rename), never half written.
    public func commit(inputs: UInt64? = nil) throws(DiagnosticError) -> Summary {
        var current = state.withLock { $0 }
        current.manifest.inputs = inputs
        // A top-level folder the output does not have yet moves in one rename, whole: a first
        // build of 100,000 pages moves a handful of folders, not 100,000 files.
        var movedWhole: Set<Substring> = []
        for root in Set(current.staged.compactMap { $0.value.split(separator: "/").dropLast().first }).sorted() {
            var info = stat()
            guard lstat(folderPath + "/" + root, &info) != 0, errno == ENOENT else { continue }
            if rename(stagingPath + "/" + root, folderPath + "/" + root) != 0 {
                throw Self.failure(nil, "cannot move the new folder '\(root)' into place: \(Self.lastError())")
            }
            movedWhole.insert(root)
        }
        var createdFolders: Set<String> = []
        for path in current.staged where !movedWhole.contains(path.value.prefix { $0 != "/" }) {
            let directory = path.directory
            if !directory.isEmpty, !createdFolders.contains(directory) {
                try Self.createFolder(folderPath + "/" + directory, for: path)
                createdFolders.insert(directory)
            }
            if rename(stagingPath + "/" + path.value, folderPath + "/" + path.value) != 0 {
                throw Self.failure(path, "cannot move the new file into place: \(Self.lastError())")
            }
        }
        var removed = 0
        for path in previous.entries.keys.sorted() where current.manifest.entries[path] == nil {
            if unlink(folderPath + "/" + path) == 0 {
                removed += 1
                removeEmptyFolders(above: path)
            }
        }
        try? FileManager.default.removeItem(at: staging)
        // A build that changed nothing leaves the manifest alone too, so a sync of the folder has
        // nothing to upload; its time still vouches for every file, none of which was written.
        if !current.staged.isEmpty || previousStamp == nil || current.manifest.entries != previous.entries
            || inputs != previous.inputs {
            let manifestPath = folder.appendingPathComponent(Manifest.fileName).path
            let temporary = manifestPath + ".tmp"
            try Self.write(current.manifest.serialized(), to: temporary, for: nil)
            if rename(temporary, manifestPath) != 0 {
                throw Self.failure(nil, "cannot save the build manifest: \(Self.lastError())")
            }
        }
        return Summary(written: current.staged.count, unchanged: current.unchanged, removed: removed, bytes: current.bytes)
    }

    /// Whether the last build read exactly these inputs and every file it wrote is still there
    /// as it wrote it: then a build would change nothing, and need not run.
    public func isUpToDate(inputs: UInt64) -> Bool {
        guard previous.inputs == inputs, previousStamp != nil else { return false }
        // One stat per file the last build wrote, on every core: at 10,000 pages these are most
        // of what a build that has nothing to do does.
        return Parallel.map(Array(previous.entries), chunk: 64) { path, entry in
            OutputPath(path).map { isUnchanged($0, entry) } ?? false
        }.allSatisfy { $0 }
    }

    /// What the last build wrote, for a build that found itself up to date.
    public var previousSummary: Summary {
        Summary(written: 0, unchanged: previous.entries.count, removed: 0,
                bytes: previous.entries.values.reduce(0) { $0 + $1.size })
    }

    /// Forgets the staged files: the output folder is left as the previous build made it, or
    /// not there at all when there was none.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
        guard let firstMissing else { return }
        // rmdir only removes empty folders, so one that meanwhile holds anything stays.
        var current = folder
        while rmdir(current.path) == 0, current.path != firstMissing.path {
            current = current.deletingLastPathComponent()
        }
    }

    private func isUnchanged(_ path: OutputPath, _ entry: Manifest.Entry) -> Bool {
        guard previous.entries[path.value] == entry, let stamp = previousStamp else { return false }
        var info = stat()
        guard stat(folderPath + "/" + path.value, &info) == 0,
              (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == entry.size else { return false }
        // A file touched after the manifest was saved was edited by hand: write ours again.
        let modified = info.st_mtim
        return (modified.tv_sec, modified.tv_nsec) <= (stamp.tv_sec, stamp.tv_nsec)
    }

    private func ensureStaging() throws(DiagnosticError) {
        try state.withLock { (state: inout State) throws(DiagnosticError) in
            guard !state.stagingCreated else { return }
            try Self.createFolder(stagingPath, for: nil)
            state.stagingCreated = true
        }
    }

    private func removeEmptyFolders(above path: String) {
        var parts = path.split(separator: "/").dropLast()
        while !parts.isEmpty {
            // rmdir only succeeds on an empty folder, so a folder holding anyone's files stays.
            guard rmdir(folder.appendingPathComponent(parts.joined(separator: "/")).path) == 0 else { return }
            parts = parts.dropLast()
        }
    }

    /// `mkdir -p`, in as few system calls as it takes: the folder first, its parents only when
    /// they are missing too (a page's folder usually has its parent already).
    private static func createFolder(_ folder: String, for path: OutputPath?) throws(DiagnosticError) {
        if mkdir(folder, 0o755) == 0 { return }
        switch errno {
        case EEXIST:
            var info = stat()
            if stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return }
            throw failure(path, "cannot create folder '\(folder)': a file of that name is in the way")
        case ENOTDIR:
            throw failure(path, "cannot create folder '\(folder)': a file stands where one of its parent folders should be")
        case ENOENT:
            guard let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else { break }
            try createFolder(String(folder[..<slash]), for: path)
            if mkdir(folder, 0o755) == 0 || errno == EEXIST { return }
        default:
            break
        }
        throw failure(path, "cannot create folder '\(folder)': \(lastError())")
    }

    /// Writes `file` whole; with `creatingFolders`, makes its folder when it is missing (tried
    /// only after the open fails, which saves a system call per file in the usual case).
    private static func write(_ bytes: [UInt8], to file: String, for path: OutputPath?,
                              creatingFolders: Bool = false) throws(DiagnosticError) {
        var descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0, creatingFolders, errno == ENOENT {
            if let slash = file.lastIndex(of: "/") { try createFolder(String(file[..<slash]), for: path) }
            descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw failure(path, "cannot create '\(file)': \(lastError())") }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            guard count > 0 else { throw failure(path, "cannot write '\(file)': \(lastError())") }
            offset += count
        }
    }

    private static func modificationTime(of file: String) -> timespec? {
        var info = stat()
        return stat(file, &info) == 0 ? info.st_mtim : nil
    }

    private static func failure(_ path: OutputPath?, _ message: String) -> DiagnosticError {
        DiagnosticError(.error(at: SourceLocation(file: path?.value ?? "Output"), message))
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
