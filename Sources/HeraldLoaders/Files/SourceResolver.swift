import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HeraldCore

/// Finds the files a source path names: one file, every file of a folder (recursively), or the
/// files a glob matches; always in sorted order so builds are deterministic.
struct SourceResolver {
    /// What a source path turned out to be on disk.
    enum Kind {
        case file, folder, glob
    }

    let siteFolder: URL

    /// Whether `path` is a glob, a folder or a file; a path that is none of them is an error.
    func kind(of path: String) throws(DiagnosticError) -> Kind {
        if GlobPattern.isPattern(path) { return .glob }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url(of: path).path, isDirectory: &isFolder) else {
            throw DiagnosticError(.error(at: SourceLocation(file: path), "no such file or folder: '\(path)'"))
        }
        return isFolder.boolValue ? .folder : .file
    }

    /// The files to read. A folder gives its files with one of `extensions`; a glob gives all it matches.
    func files(at path: String, kind: Kind, extensions: Set<String>) throws(DiagnosticError) -> [SourceFile] {
        try filesAndFolders(at: path, kind: kind, extensions: extensions).files
    }

    /// `files(at:kind:extensions:)`, and the folders listed to find them with their stamps from
    /// before they were read: while none of those changes (a file added, removed or renamed
    /// changes its folder), the listing stays the same.
    func filesAndFolders(at path: String, kind: Kind, extensions: Set<String>) throws(DiagnosticError)
        -> (files: [SourceFile], folders: [String: FileStamp?]) {
        var folders: [String: FileStamp?] = [:]
        switch kind {
        case .file:
            return ([SourceFile(url: url(of: path), path: path)], [:])
        case .folder:
            let prefix = path.hasSuffix("/") ? String(path.dropLast()) : path
            let folder = url(of: path).path
            let files = try listing(of: folder, shownAs: prefix, folders: &folders)
                .filter { extensions.contains(SourceFile.nameParts(of: $0.last ?? "").extension.lowercased()) }
                .map { Self.file(folder, prefix, $0) }
            return (files, folders)
        case .glob:
            let pattern = GlobPattern(path)
            let base = (path.hasPrefix("/") ? "/" : "") + pattern.base.joined(separator: "/")
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url(of: base).path, isDirectory: &isFolder), isFolder.boolValue else {
                throw DiagnosticError(.error(at: SourceLocation(file: path), "no such folder '\(base)' for the pattern '\(path)'"))
            }
            let folder = url(of: base).path
            let files = try listing(of: folder, shownAs: base, folders: &folders)
                .filter { pattern.matches($0) }
                .map { Self.file(folder, base, $0) }
            return (files, folders)
        }
    }

    private func url(of path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : siteFolder.appendingPathComponent(path)
    }

    /// The file at `relative` below `folder` (shown as `shown`). Its URL is made from the whole
    /// path, saying it is no folder: appending a component would ask the file system again.
    private static func file(_ folder: String, _ shown: String, _ relative: [Substring]) -> SourceFile {
        let tail = relative.joined(separator: "/")
        return SourceFile(url: URL(fileURLWithPath: folder + "/" + tail, isDirectory: false),
                          path: (shown.isEmpty ? "" : shown + "/") + tail)
    }

    /// Every regular file below `folder`, as path segments relative to it, sorted. Hidden files
    /// and folders (`.git`, `.DS_Store`) are left out, and symbolic links to folders are not
    /// followed, so a link cycle cannot loop. A folder that cannot be listed is an error, not a gap.
    private func listing(of folder: String, shownAs shown: String, folders: inout [String: FileStamp?]) throws(DiagnosticError) -> [[Substring]] {
        var files: [[Substring]] = []
        var problems: [Diagnostic] = []
        // Links inside the listing may lead anywhere in the site, or in the listed folder (which
        // may itself be a link to elsewhere, which the config named on purpose).
        let siteRoot = Self.realPath(siteFolder.path)
        let listedRoot = Self.realPath(folder)
        var walked: [String: FileStamp?] = [:]
        func walk(_ folder: String, _ relative: [Substring]) {
            walked[folder] = FileStamp(path: folder)
            guard let stream = opendir(folder) else {
                let path = ([Substring(shown)] + relative).joined(separator: "/")
                problems.append(.error(at: SourceLocation(file: path),
                                       "cannot list the folder '\(path)': \(String(cString: strerror(errno)))"))
                return
            }
            var entries: [(name: String, type: UInt8)] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if !name.hasPrefix(".") { entries.append((name, entry.pointee.d_type)) }
            }
            closedir(stream)
            for (name, type) in entries.sorted(by: { $0.name < $1.name }) {
                let child = folder + "/" + name
                // The entry's type comes with the listing; only links, and file systems that do
                // not record types, cost a stat.
                var kind = type
                if kind == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(child, &info) == 0 else { continue }
                    kind = switch info.st_mode & S_IFMT {
                    case S_IFLNK: UInt8(DT_LNK)
                    case S_IFDIR: UInt8(DT_DIR)
                    case S_IFREG: UInt8(DT_REG)
                    default: UInt8(DT_UNKNOWN)
                    }
                }
                switch Int(kind) {
                case Int(DT_LNK):
                    // Symbolic links to files are read, unless they lead out of the site; links
                    // to folders are not followed, so a link cycle cannot loop.
                    var info = stat()
                    guard stat(child, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                    let shownPath = ([Substring(shown)] + relative + [Substring(name)]).joined(separator: "/")
                    if let problem = Self.linkProblem(at: child, shownAs: shownPath, allowedIn: [siteRoot, listedRoot]) {
                        problems.append(problem)
                    } else {
                        files.append(relative + [Substring(name)])
                    }
                case Int(DT_DIR):
                    walk(child, relative + [Substring(name)])
                case Int(DT_REG):
                    files.append(relative + [Substring(name)])
                default:
                    break
                }
            }
        }
        walk(folder, [])
        folders = walked
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return files
    }

    /// The problem with reading the symbolic link at `path` (shown as `shown`): none when it leads
    /// to a file under one of `roots` (real paths), else an error naming the link and where it
    /// goes. A data file that links to /etc/passwd must not print it on a published page.
    static func linkProblem(at path: String, shownAs shown: String, allowedIn roots: [String?]) -> Diagnostic? {
        guard let target = realPath(path) else {
            return .error(at: SourceLocation(file: shown), "cannot follow the symbolic link '\(shown)': \(String(cString: strerror(errno)))")
        }
        let inside = roots.compactMap { $0 }.contains { root in target.hasPrefix(root == "/" ? "/" : root + "/") }
        return inside ? nil : .error(at: SourceLocation(file: shown),
            "'\(shown)' is a symbolic link to '\(target)', outside the site folder; Herald reads no file outside it")
    }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
