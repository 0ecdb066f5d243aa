import Foundation
import HeraldCore

/// The files of a built site, by their paths in the output folder.
struct OutputListing {
    /// Every file, hidden ones left out.
    let files: Set<String>
    /// The pages to read: `.html` files, then `sitemap.xml` and `feed.xml` when there.
    let pages: [String]
    /// Folders that could not be listed, and links leading out of the output folder.
    let problems: [Diagnostic]

    init(folder: URL, shownAs: String) {
        let listing = FolderWalk.filesInParallel(in: folder.path, shownAs: shownAs, allowedRoots: [])
        let paths = listing.files.map { $0.joined(separator: "/") }
        files = Set(paths)
        pages =
            paths.filter { $0.hasSuffix(".html") || $0.hasSuffix(".htm") }.sorted()
            + ["sitemap.xml", "feed.xml"].filter(files.contains)
        problems = listing.problems
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
