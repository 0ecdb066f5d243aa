import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HeraldCore
import HeraldLoaders

/// The task data file as the editor reads and replaces it: read once under the folder's lock,
/// written back atomically (a temporary file in the same folder, flushed, renamed over the
/// original with its mode and owner kept), and only when nobody changed it in between. A
/// temporary file a killed edit left behind goes with the next write.
struct TaskFile {
    /// The real file, symbolic links followed, so that writing replaces the file and not a link.
    let url: URL
    /// The path as the user named it, for messages and diffs.
    let displayPath: String
    let bytes: [UInt8]
    /// What starts a comment line of a todo.txt file, as herald.yml's `comments:` says; the
    /// editor skips those lines as the build does.
    var comments: String?
    private let status: stat
    /// When `status` was taken (the wall clock, as file times are).
    private let statusTime: timespec
    private let limit: Int

    /// Reads the file; a file that is not a regular file, too large, or not writable is an error.
    init(url: URL, displayPath: String, limit: Int, needsWriting: Bool) throws(DiagnosticError) {
        let resolved = url.resolvingSymlinksInPath()
        self.url = resolved
        self.displayPath = displayPath
        var status = stat()
        var statusTime = timespec()
        clock_gettime(CLOCK_REALTIME, &statusTime)
        guard stat(resolved.path, &status) == 0 else {
            throw Self.error(displayPath, "cannot read the task file: \(Self.lastError())")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Self.error(displayPath, "the task source is not a regular file")
        }
        guard Int(status.st_size) <= limit else {
            throw Self.error(displayPath, "the task file has \(status.st_size) bytes, more than max_bytes (\(limit))")
        }
        if needsWriting, status.st_mode & S_IWUSR == 0 || access(resolved.path, W_OK) != 0 {
            throw Self.error(displayPath, "the task file is read-only; nothing was changed")
        }
        self.bytes = try FileBytes.read(SourceFile(url: resolved, path: displayPath), limit: limit)
        self.limit = limit
        self.status = status
        self.statusTime = statusTime
    }

    /// Replaces the file with `newBytes`, unless it changed since it was read.
    func write(_ newBytes: [UInt8]) throws(DiagnosticError) {
        try checkUnchanged()
        let folder = url.deletingLastPathComponent().path
        // Every edit runs under the folder's lock, so a file of this name now is a killed edit's.
        LeftoverTemporaryFiles.remove(besides: url)
        var template = Array("\(folder)/\(LeftoverTemporaryFiles.template(for: url.lastPathComponent))".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw Self.error(displayPath, "cannot write beside the task file: \(Self.lastError())")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var finished = false
        defer {
            close(descriptor)
            if !finished { unlink(temporary) }
        }
        var written = 0
        while written < newBytes.count {
            let result = newBytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { throw Self.error(displayPath, "cannot write the task file: \(Self.lastError())") }
            written += result
        }
        // The mode and owner the user gave the file stay; a failed chown (not our file) keeps ours.
        fchmod(descriptor, status.st_mode & 0o7777)
        _ = fchown(descriptor, status.st_uid, status.st_gid)
        guard fsync(descriptor) == 0 else {
            throw Self.error(displayPath, "cannot flush the task file: \(Self.lastError())")
        }
        try checkUnchanged()
        guard rename(temporary, url.path) == 0 else {
            throw Self.error(displayPath, "cannot replace the task file: \(Self.lastError())")
        }
        finished = true
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Throws when the file on disk is no longer the one read: another program (an editor, a
    /// sync client) wrote it meanwhile, and writing now would lose its change.
    ///
    /// A write stamps the file with the time it happens. So when the file had last been written
    /// well before it was read, the same status now means no write since, and its bytes need not
    /// be read again. A file written moments before it was read may be written again within the
    /// same tick of the file system's clock, the same size: its bytes are compared.
    func checkUnchanged() throws(DiagnosticError) {
        var now = stat()
        guard
            stat(url.path, &now) == 0 && now.st_ino == status.st_ino && now.st_dev == status.st_dev
                && now.st_size == status.st_size && now.st_mtim.tv_sec == status.st_mtim.tv_sec
                && now.st_mtim.tv_nsec == status.st_mtim.tv_nsec
                && (status.st_mtim.tv_sec < statusTime.tv_sec - 2 || sameBytesOnDisk())
        else {
            throw Self.error(
                displayPath, "the task file changed while this command ran; nothing was written, run it again")
        }
    }

    private func sameBytesOnDisk() -> Bool {
        guard let onDisk = try? FileBytes.read(SourceFile(url: url, path: displayPath), limit: limit),
            onDisk.count == bytes.count
        else { return false }
        return onDisk.withUnsafeBytes { disk in
            bytes.withUnsafeBytes { read in
                guard let disk = disk.baseAddress, let read = read.baseAddress else { return true }
                return memcmp(disk, read, bytes.count) == 0
            }
        }
    }

    static func error(_ path: String, _ message: String) -> DiagnosticError {
        DiagnosticError(.error(at: SourceLocation(file: path), message))
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
