import Foundation
import Glibc

/// The files of a built site, by their paths in the output folder.
struct OutputListing {
    /// Every file, hidden ones (the build's manifest and lock) left out.
    let files: Set<String>
    /// The pages to read: `.html` files, then `sitemap.xml` and `feed.xml` when there.
    let pages: [String]

    init(folder: URL) {
        var files = Set<String>()
        Self.walk(folder.path, prefix: "", depth: 0, into: &files)
        var pages = files.filter { $0.hasSuffix(".html") || $0.hasSuffix(".htm") }.sorted()
        pages += ["sitemap.xml", "feed.xml"].filter(files.contains)
        self.files = files
        self.pages = pages
    }

    /// Adds the files under `folder` to `files`, by readdir: the entry's type comes with its name,
    /// where FileManager's enumerator stats every file of a 10,000-page site.
    private static func walk(_ folder: String, prefix: String, depth: Int, into files: inout Set<String>) {
        // Deep enough for any site; a symbolic link that loops stops here.
        guard depth < 64, let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            // Hidden: `.`, `..`, and the build's own manifest and lock, which are not the site.
            if name.hasPrefix(".") { continue }
            let path = folder + "/" + name
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
            }
            if type == UInt8(DT_DIR) {
                walk(path, prefix: prefix + name + "/", depth: depth + 1, into: &files)
            } else {
                files.insert(prefix + name)
            }
        }
    }

    /// The file a link to `path` serves: the file itself, or a folder's `index.html` (with or
    /// without the trailing `/`, which servers add by redirecting).
    func target(of path: String) -> String? {
        if path.isEmpty || path.hasSuffix("/") {
            let index = path + "index.html"
            return files.contains(index) ? index : nil
        }
        if files.contains(path) { return path }
        let index = path + "/index.html"
        return files.contains(index) ? index : nil
    }
}
