import Foundation
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
    /// changes its folder), the listing stays the same. No folders when a link was met.
    func filesAndFolders(at path: String, kind: Kind, extensions: Set<String>) throws(DiagnosticError)
        -> (files: [SourceFile], folders: [String: FileStamp?])
    {
        var folders: [String: FileStamp?] = [:]
        switch kind {
        case .file:
            return ([SourceFile(url: url(of: path), path: path)], [:])
        case .folder:
            let prefix = path.hasSuffix("/") ? String(path.dropLast()) : path
            let folder = url(of: path).path
            // Per file on every core: each file's extension checked and its paths made add up in a large folder.
            let files = Parallel.map(try listing(of: folder, shownAs: prefix, folders: &folders), chunk: 512) {
                relative in
                Self.hasExtension(SourceFile.nameParts(of: relative.last ?? "").extension, in: extensions)
                    ? Self.file(folder, prefix, relative) : nil
            }.compactMap { $0 }
            return (files, folders)
        case .glob:
            let pattern = GlobPattern(path)
            let base = (path.hasPrefix("/") ? "/" : "") + pattern.base.joined(separator: "/")
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url(of: base).path, isDirectory: &isFolder), isFolder.boolValue
            else {
                throw DiagnosticError(
                    .error(at: SourceLocation(file: path), "no such folder '\(base)' for the pattern '\(path)'"))
            }
            let folder = url(of: base).path
            let files = Parallel.map(try listing(of: folder, shownAs: base, folders: &folders), chunk: 512) {
                relative in
                pattern.matches(relative) ? Self.file(folder, base, relative) : nil
            }.compactMap { $0 }
            return (files, folders)
        }
    }

    /// Whether `ext` is one of `extensions` (lowercase) in any case: `md` and `MD` alike, with no
    /// new string for the usual lowercase one.
    private static func hasExtension(_ ext: Substring, in extensions: Set<String>) -> Bool {
        let lowercase = ext.utf8.allSatisfy { !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) && $0 < 0x80 }
        return extensions.contains(lowercase ? String(ext) : ext.lowercased())
    }

    private func url(of path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : siteFolder.appendingPathComponent(path)
    }

    /// The file at `relative` below `folder` (shown as `shown`).
    private static func file(_ folder: String, _ shown: String, _ relative: [Substring]) -> SourceFile {
        let tail = relative.joined(separator: "/")
        return SourceFile(fullPath: folder + "/" + tail, path: (shown.isEmpty ? "" : shown + "/") + tail)
    }

    /// Every regular file below `folder`, as `FolderWalk` finds them, with the stamps of the
    /// folders listed taken before each was read. A folder that cannot be listed, or a link that
    /// leads out of the site, is an error, not a gap.
    private func listing(of folder: String, shownAs shown: String, folders: inout [String: FileStamp?])
        throws(DiagnosticError) -> [[Substring]]
    {
        var walked: [String: FileStamp?] = [:]
        // Links inside the listing may lead anywhere in the site, or in the listed folder (which
        // may itself be a link to elsewhere, which the config named on purpose).
        let listing = FolderWalk.files(in: folder, shownAs: shown, allowedRoots: [FolderWalk.realPath(siteFolder.path)])
        {
            walked[$0] = FileStamp(path: $0)
        }
        // Where a link leads may change while every folder stays as it was: listed again each time.
        folders = listing.metLinks ? [:] : walked
        guard listing.problems.isEmpty else { throw DiagnosticError(listing.problems) }
        return listing.files
    }
}
