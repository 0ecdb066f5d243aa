#if canImport(Glibc)
    import Glibc
#endif

/// Lists the regular files below a folder: a source's folder, the pages, `Templates/`, and the
/// built site `herald check` reads. The folder itself may be a symbolic link, followed wherever it
/// leads (the user named it). A link inside it is followed only to a file that stays in the
/// allowed folders; one leading out of them is an error naming it.
public enum FolderWalk {
    /// What one walk found.
    public struct Listing: Sendable {
        /// Every regular file, as path segments relative to the walked folder, sorted.
        public var files: [[Substring]] = []
        /// Links leading out of the allowed folders, and folders that could not be listed.
        public var problems: [Diagnostic] = []
        /// Entries that are neither regular files nor folders (a FIFO, a socket, a device, or a
        /// link inside to one), sorted: left out of `files`, for a caller that must refuse them
        /// by name rather than pass over them.
        public var others: [[Substring]] = []
        /// Whether a symbolic link was met: what it leads to may change while its folder does not.
        public var metLinks = false

        mutating func append(_ listing: Listing) {
            files += listing.files
            problems += listing.problems
            others += listing.others
            metLinks = metLinks || listing.metLinks
        }
    }

    /// Every regular file below `folder` (shown in diagnostics as `shown`). Hidden files and
    /// folders (`.git`, an editor's `.#lock` link) are left out. Links to folders are not
    /// followed, so a link cycle cannot loop. `allowedRoots` are real paths: a link inside may lead
    /// to a file under one of them or under the walked folder's own real path. `visiting` is told
    /// each folder before it is listed.
    public static func files(
        in folder: String, shownAs shown: String, allowedRoots: [String?],
        visiting: (String) -> Void = { _ in }
    ) -> Listing {
        let roots = allowedRoots + [realPath(folder)]
        return withoutActuallyEscaping(visiting) { visiting in
            walk(folder, [], shown: shown, roots: roots, visiting: visiting, parallel: false)
        }
    }

    /// `files(in:shownAs:allowedRoots:)` with the subfolders of a folder that has many walked on
    /// every core: a built site has a folder per page, and each listing waits on the file system,
    /// so several at once finish sooner.
    public static func filesInParallel(in folder: String, shownAs shown: String, allowedRoots: [String?]) -> Listing {
        let roots = allowedRoots + [realPath(folder)]
        return walk(folder, [], shown: shown, roots: roots, visiting: nil, parallel: true)
    }

    /// Subfolders of one folder from which they are walked on every core.
    static let parallelFrom = 32

    private static func walk(
        _ folder: String, _ relative: [Substring], shown: String, roots: [String?],
        visiting: ((String) -> Void)?, parallel: Bool
    ) -> Listing {
        var listing = Listing()
        visiting?(folder)
        guard let entries = entries(of: folder) else { return unlistable(shown: shown, relative: relative) }
        // In name order; a subfolder's files go where the subfolder's name does.
        enum Slot { case file([Substring]), other([Substring]), folder(Int) }
        var slots: [Slot] = []
        var subfolders: [(path: String, relative: [Substring])] = []
        for (name, type) in entries {
            // Made only when asked: a folder of 100,000 plain files needs none of these paths.
            var child: String { folder + "/" + name }
            guard let kind = kind(type, of: child) else { continue }
            switch Int(kind) {
            case Int(DT_LNK):
                listing.metLinks = true
                // A dangling link (an editor's lock) is no file; a link to anything else is
                // checked, so that a link to a folder outside is refused, not passed over.
                var info = stat()
                guard stat(child, &info) == 0 else { continue }
                let shownPath = ([Substring(shown)] + relative + [Substring(name)]).joined(separator: "/")
                if let problem = linkProblem(at: child, shownAs: shownPath, allowedIn: roots) {
                    listing.problems.append(problem)
                } else if info.st_mode & S_IFMT == S_IFREG {
                    slots.append(.file(relative + [Substring(name)]))
                } else if info.st_mode & S_IFMT != S_IFDIR {
                    slots.append(.other(relative + [Substring(name)]))
                }
            case Int(DT_DIR):
                slots.append(.folder(subfolders.count))
                subfolders.append((child, relative + [Substring(name)]))
            case Int(DT_REG):
                slots.append(.file(relative + [Substring(name)]))
            default:
                slots.append(.other(relative + [Substring(name)]))
            }
        }
        let inside: [Listing]
        if parallel, visiting == nil, subfolders.count >= parallelFrom {
            inside = Parallel.map(subfolders, chunk: 16) { sub in
                walk(sub.path, sub.relative, shown: shown, roots: roots, visiting: nil, parallel: true)
            }
        } else {
            inside = subfolders.map {
                walk($0.path, $0.relative, shown: shown, roots: roots, visiting: visiting, parallel: parallel)
            }
        }
        for slot in slots {
            switch slot {
            case .file(let path): listing.files.append(path)
            case .other(let path): listing.others.append(path)
            case .folder(let index): listing.append(inside[index])
            }
        }
        return listing
    }

    /// The listing of a folder that cannot be listed: the error, saying why (`errno`).
    private static func unlistable(shown: String, relative: [Substring]) -> Listing {
        let path = ([Substring(shown)] + relative).joined(separator: "/")
        var listing = Listing()
        listing.problems.append(
            .error(
                at: SourceLocation(file: path), "cannot list the folder '\(path)': \(String(cString: strerror(errno)))")
        )
        return listing
    }

    /// The names in `folder`, sorted, but hidden ones, with the types the listing gives; nil when
    /// it cannot be listed (`errno` says why).
    private static func entries(of folder: String) -> [(name: String, type: UInt8)]? {
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { entries.append((name, entry.pointee.d_type)) }
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// The entry's type as the listing gave it: only file systems that record none cost an
    /// `lstat`. nil when the entry went away meanwhile.
    private static func kind(_ type: UInt8, of path: @autoclosure () -> String) -> UInt8? {
        guard type == UInt8(DT_UNKNOWN) else { return type }
        var info = stat()
        guard lstat(path(), &info) == 0 else { return nil }
        return switch info.st_mode & S_IFMT {
        case S_IFLNK: UInt8(DT_LNK)
        case S_IFDIR: UInt8(DT_DIR)
        case S_IFREG: UInt8(DT_REG)
        default: UInt8(DT_UNKNOWN)
        }
    }

    /// The problem with reading the symbolic link at `path` (shown as `shown`): none when it leads
    /// under one of `roots` (real paths), else an error naming the link and where it goes. A data
    /// file that links to /etc/passwd must not print it on a published page.
    public static func linkProblem(at path: String, shownAs shown: String, allowedIn roots: [String?]) -> Diagnostic? {
        guard let target = realPath(path) else {
            return .error(
                at: SourceLocation(file: shown),
                "cannot follow the symbolic link '\(shown)': \(String(cString: strerror(errno)))")
        }
        let inside = roots.compactMap { $0 }.contains { root in
            target == root || target.hasPrefix(root == "/" ? "/" : root + "/")
        }
        return inside
            ? nil
            : .error(
                at: SourceLocation(file: shown),
                "'\(shown)' is a symbolic link to '\(target)', outside the site folder; Herald reads no file outside it"
            )
    }

    /// `path` absolute, with every symbolic link on the way resolved; nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
