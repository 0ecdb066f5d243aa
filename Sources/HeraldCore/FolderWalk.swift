#if canImport(Glibc)
import Glibc
#endif

/// Lists the regular files below an input folder (a data source, the pages, `Templates/`) the one
/// way Herald reads every input folder: the folder itself may be a symbolic link, followed
/// wherever it leads (the user named it); a link inside it is followed only to a file that stays
/// in the allowed folders, and one leading out of them is an error naming it.
public enum FolderWalk {
    /// What one walk found.
    public struct Listing: Sendable {
        /// Every regular file, as path segments relative to the walked folder, sorted.
        public var files: [[Substring]] = []
        /// Links leading out of the allowed folders, and folders that could not be listed.
        public var problems: [Diagnostic] = []
    }

    /// Every regular file below `folder` (shown in diagnostics as `shown`). Hidden files and
    /// folders (`.git`, an editor's `.#lock` link) are left out. Links to folders are not
    /// followed, so a link cycle cannot loop. `allowedRoots` are real paths: a link inside may lead
    /// to a file under one of them or under the walked folder's own real path. `visiting` is told
    /// each folder before it is listed.
    public static func files(in folder: String, shownAs shown: String, allowedRoots: [String?],
                             visiting: (String) -> Void = { _ in }) -> Listing {
        var listing = Listing()
        let roots = allowedRoots + [realPath(folder)]
        func walk(_ folder: String, _ relative: [Substring]) {
            visiting(folder)
            guard let stream = opendir(folder) else {
                let path = ([Substring(shown)] + relative).joined(separator: "/")
                listing.problems.append(.error(at: SourceLocation(file: path),
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
                    // A dangling link (an editor's lock) is no file; a link to anything else is
                    // checked, so that a link to a folder outside is refused, not passed over.
                    var info = stat()
                    guard stat(child, &info) == 0 else { continue }
                    let shownPath = ([Substring(shown)] + relative + [Substring(name)]).joined(separator: "/")
                    if let problem = linkProblem(at: child, shownAs: shownPath, allowedIn: roots) {
                        listing.problems.append(problem)
                    } else if info.st_mode & S_IFMT == S_IFREG {
                        listing.files.append(relative + [Substring(name)])
                    }
                case Int(DT_DIR):
                    walk(child, relative + [Substring(name)])
                case Int(DT_REG):
                    listing.files.append(relative + [Substring(name)])
                default:
                    break
                }
            }
        }
        walk(folder, [])
        return listing
    }

    /// The problem with reading the symbolic link at `path` (shown as `shown`): none when it leads
    /// under one of `roots` (real paths), else an error naming the link and where it goes. A data
    /// file that links to /etc/passwd must not print it on a published page.
    public static func linkProblem(at path: String, shownAs shown: String, allowedIn roots: [String?]) -> Diagnostic? {
        guard let target = realPath(path) else {
            return .error(at: SourceLocation(file: shown), "cannot follow the symbolic link '\(shown)': \(String(cString: strerror(errno)))")
        }
        let inside = roots.compactMap { $0 }.contains { root in
            target == root || target.hasPrefix(root == "/" ? "/" : root + "/")
        }
        return inside ? nil : .error(at: SourceLocation(file: shown),
            "'\(shown)' is a symbolic link to '\(target)', outside the site folder; Herald reads no file outside it")
    }

    /// `path` absolute, with every symbolic link on the way resolved; nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
