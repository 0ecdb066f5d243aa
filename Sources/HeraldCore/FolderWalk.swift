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
        let roots = allowedRoots + [realPath(folder)]
        return withoutActuallyEscaping(visiting) { visiting in
            walk(folder, [], shown: shown, roots: roots, visiting: visiting, parallel: false)
        }
    }

    /// `files(in:shownAs:allowedRoots:)` with the subfolders of a folder that has many walked on
    /// every core: a built site has a folder per page, and listing 10,000 of them one after
    /// another is most of what reading the site's links costs.
    public static func filesInParallel(in folder: String, shownAs shown: String, allowedRoots: [String?]) -> Listing {
        let roots = allowedRoots + [realPath(folder)]
        return walk(folder, [], shown: shown, roots: roots, visiting: nil, parallel: true)
    }

    /// Subfolders of one folder from which they are walked on every core.
    static let parallelFrom = 32

    private static func walk(_ folder: String, _ relative: [Substring], shown: String, roots: [String?],
                             visiting: ((String) -> Void)?, parallel: Bool) -> Listing {
        var listing = Listing()
        visiting?(folder)
        guard let stream = opendir(folder) else {
            let path = ([Substring(shown)] + relative).joined(separator: "/")
            listing.problems.append(.error(at: SourceLocation(file: path),
                                           "cannot list the folder '\(path)': \(String(cString: strerror(errno)))"))
            return listing
        }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { entries.append((name, entry.pointee.d_type)) }
        }
        closedir(stream)
        // In name order; a subfolder's files go where the subfolder's name does.
        enum Slot { case file([Substring]), folder(Int) }
        var slots: [Slot] = []
        var subfolders: [(path: String, relative: [Substring])] = []
        for (name, type) in entries.sorted(by: { $0.name < $1.name }) {
            // Made only when asked: a folder of 100,000 plain files needs none of these paths.
            var child: String { folder + "/" + name }
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
                    slots.append(.file(relative + [Substring(name)]))
                }
            case Int(DT_DIR):
                slots.append(.folder(subfolders.count))
                subfolders.append((child, relative + [Substring(name)]))
            case Int(DT_REG):
                slots.append(.file(relative + [Substring(name)]))
            default:
                break
            }
        }
        let inside: [Listing]
        if parallel, visiting == nil, subfolders.count >= parallelFrom {
            inside = Parallel.map(subfolders, chunk: 16) { sub in
                walk(sub.path, sub.relative, shown: shown, roots: roots, visiting: nil, parallel: true)
            }
        } else {
            inside = subfolders.map { walk($0.path, $0.relative, shown: shown, roots: roots, visiting: visiting, parallel: parallel) }
        }
        for slot in slots {
            switch slot {
            case .file(let path): listing.files.append(path)
            case .folder(let index):
                listing.files += inside[index].files
                listing.problems += inside[index].problems
            }
        }
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
