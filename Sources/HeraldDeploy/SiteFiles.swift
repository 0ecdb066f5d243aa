import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HeraldCore

/// The files of a built site that a deploy publishes: every regular file of the output folder,
/// hidden ones too (the output holds the site and nothing else), by its path there.
public struct SiteFiles: Sendable {
    /// One file of the site.
    public struct File: Sendable, Hashable {
        /// Its path in the output folder, `/`-separated.
        public var path: String
        public var size: Int
    }

    /// The output folder.
    public let folder: String
    /// Sorted by path.
    public let files: [File]

    /// Lists `folder`, shown in messages as `shown`. A build's staging folder (left by a build
    /// that was killed) is not the site; a symbolic link or a path git cannot hold is an error.
    public init(folder: URL, shownAs shown: String) throws(DiagnosticError) {
        self.folder = folder.standardizedFileURL.path
        var info = stat()
        guard stat(self.folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw DiagnosticError(
                .error(at: SourceLocation(file: shown), "there is no built site here: run herald build first"))
        }
        var files: [File] = []
        var problems: [Diagnostic] = []
        let walker = FileManager.default.enumerator(atPath: self.folder)
        while let relative = walker?.nextObject() as? String {
            if !relative.contains("/"), relative.hasPrefix(".herald-staging") {
                walker?.skipDescendants()
                continue
            }
            guard lstat(self.folder + "/" + relative, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                if relative.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\\" }) {
                    problems.append(
                        .error(
                            at: SourceLocation(file: shown + "/" + relative.escapingControls),
                            "a file name with a line break or a backslash cannot be deployed"))
                } else {
                    files.append(File(path: relative, size: Int(info.st_size)))
                }
            case S_IFDIR: continue
            default:
                problems.append(
                    .error(
                        at: SourceLocation(file: shown + "/" + relative),
                        "is not a regular file (a link?); a deploy sends only the files a build wrote"))
            }
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        guard !files.isEmpty else {
            throw DiagnosticError(
                .error(at: SourceLocation(file: shown), "the output folder holds no files: run herald build first"))
        }
        self.files = files.sorted { $0.path < $1.path }
    }
}
