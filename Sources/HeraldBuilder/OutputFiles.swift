import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HeraldCore

/// The system calls the output writer is made of, each turning a failure into a diagnostic.
enum OutputFiles {
    /// `mkdir -p`, in as few system calls as it takes: the folder first, its parents only when
    /// they are missing too (a page's folder usually has its parent already). A relative `folder`
    /// is taken in the open folder `base`, which messages name as `shownIn`.
    static func createFolder(
        _ folder: String, in base: Int32 = AT_FDCWD, shownIn: String = "",
        for path: OutputPath?
    ) throws(DiagnosticError) {
        if mkdirat(base, folder, 0o755) == 0 { return }
        let shown = shownIn.isEmpty ? folder : shownIn + "/" + folder
        switch errno {
        case EEXIST:
            var info = stat()
            if fstatat(base, folder, &info, 0) == 0, info.st_mode & S_IFMT == S_IFDIR { return }
            throw failure(path, "cannot create folder '\(shown)': a file of that name is in the way")
        case ENOTDIR:
            throw failure(
                path, "cannot create folder '\(shown)': a file stands where one of its parent folders should be")
        case ENOENT:
            guard let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else { break }
            try createFolder(String(folder[..<slash]), in: base, shownIn: shownIn, for: path)
            if mkdirat(base, folder, 0o755) == 0 || errno == EEXIST { return }
        default:
            break
        }
        throw failure(path, "cannot create folder '\(shown)': \(lastError())")
    }

    /// Writes `file` whole; with `creatingFolders`, makes its folder when it is missing (tried
    /// only after the open fails, which saves a system call per file in the usual case, or first
    /// with `folderFirst`, for a file whose folder is most likely new); with
    /// `durable`, waits until the bytes are on disk. A relative `file` is taken in the open folder
    /// `base` (10,000 pages written in one folder's descriptor spare the kernel walking its whole
    /// path each time), which messages name as `shownIn`.
    static func write(
        _ bytes: [UInt8], to file: String, in base: Int32 = AT_FDCWD, shownIn: String = "",
        for path: OutputPath?, creatingFolders: Bool = false, folderFirst: Bool = false,
        durable: Bool = false
    ) throws(DiagnosticError) {
        if creatingFolders, folderFirst, let slash = file.utf8.lastIndex(of: UInt8(ascii: "/")) {
            try createFolder(String(file[..<slash]), in: base, shownIn: shownIn, for: path)
        }
        var descriptor = openat(base, file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0, creatingFolders, errno == ENOENT {
            if let slash = file.lastIndex(of: "/") {
                try createFolder(String(file[..<slash]), in: base, shownIn: shownIn, for: path)
            }
            descriptor = openat(base, file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else {
            throw failure(path, "cannot create '\(shownIn.isEmpty ? file : shownIn + "/" + file)': \(lastError())")
        }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            guard count > 0 else {
                throw failure(path, "cannot write '\(shownIn.isEmpty ? file : shownIn + "/" + file)': \(lastError())")
            }
            offset += count
        }
        if durable, fsync(descriptor) != 0 { throw failure(path, "cannot write '\(file)': \(lastError())") }
    }

    /// What stands at `path`, without following a symbolic link there; nil when nothing does.
    static func kind(at path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    static func modificationTime(of file: String) -> timespec? {
        var info = stat()
        return stat(file, &info) == 0 ? info.st_mtim : nil
    }

    /// The outermost folder on the way to `folder` that does not exist yet (`folder` itself when
    /// only it is missing); nil when it exists.
    static func firstMissingFolder(of folder: URL) -> URL? {
        var missing: URL?
        var candidate = folder
        while !FileManager.default.fileExists(atPath: candidate.path), candidate.path != "/" {
            missing = candidate
            candidate = candidate.deletingLastPathComponent()
        }
        return missing
    }

    /// Replaces the file at `path` with `bytes` at once: written beside it and renamed over it, so
    /// that no reader, and no build killed meanwhile, ever finds it half written. `what` names the
    /// file in the error.
    static func replace(_ path: String, with bytes: [UInt8], durable: Bool = false, what: String)
        throws(DiagnosticError)
    {
        let temporary = path + ".tmp"
        do throws(DiagnosticError) {
            try write(bytes, to: temporary, for: nil, durable: durable)
            if rename(temporary, path) != 0 { throw failure(nil, "cannot save \(what): \(lastError())") }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    static func failure(_ path: OutputPath?, _ message: String) -> DiagnosticError {
        DiagnosticError(.error(at: SourceLocation(file: path?.value ?? "Output"), message))
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
