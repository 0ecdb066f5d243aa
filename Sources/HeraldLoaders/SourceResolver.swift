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
        switch kind {
        case .file:
            return [SourceFile(url: url(of: path), path: path)]
        case .folder:
            let prefix = path.hasSuffix("/") ? String(path.dropLast()) : path
            return try listing(of: url(of: path), shownAs: prefix)
                .filter { extensions.contains(URL(fileURLWithPath: String($0.last ?? "")).pathExtension.lowercased()) }
                .map { SourceFile(url: url(of: path).appendingPathComponent($0.joined(separator: "/")),
                                  path: prefix + "/" + $0.joined(separator: "/")) }
        case .glob:
            let pattern = GlobPattern(path)
            let base = (path.hasPrefix("/") ? "/" : "") + pattern.base.joined(separator: "/")
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url(of: base).path, isDirectory: &isFolder), isFolder.boolValue else {
                throw DiagnosticError(.error(at: SourceLocation(file: path), "no such folder '\(base)' for the pattern '\(path)'"))
            }
            return try listing(of: url(of: base), shownAs: base)
                .filter { pattern.matches($0) }
                .map { SourceFile(url: url(of: base).appendingPathComponent($0.joined(separator: "/")),
                                  path: (base.isEmpty ? "" : base + "/") + $0.joined(separator: "/")) }
        }
    }

    private func url(of path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : siteFolder.appendingPathComponent(path)
    }

    /// Every regular file below `folder`, as path segments relative to it, sorted. Hidden files
    /// and folders (`.git`, `.DS_Store`) are left out, and symbolic links to folders are not
    /// followed, so a link cycle cannot loop. A folder that cannot be listed is an error, not a gap.
    private func listing(of folder: URL, shownAs shown: String) throws(DiagnosticError) -> [[Substring]] {
        var files: [[Substring]] = []
        var problems: [Diagnostic] = []
        func walk(_ folder: URL, _ relative: [Substring]) {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            } catch {
                let path = ([Substring(shown)] + relative).joined(separator: "/")
                problems.append(.error(at: SourceLocation(file: path), "cannot list the folder '\(path)': \(error.localizedDescription)"))
                return
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = folder.appendingPathComponent(name)
                // One lstat per entry: URL resource values cost ten times as much on Linux.
                var info = stat()
                guard lstat(child.path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFLNK:
                    // Symbolic links to files are read; links to folders are not followed.
                    if stat(child.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                        files.append(relative + [Substring(name)])
                    }
                case S_IFDIR:
                    walk(child, relative + [Substring(name)])
                case S_IFREG:
                    files.append(relative + [Substring(name)])
                default:
                    break
                }
            }
        }
        walk(folder, [])
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return files
    }
}
