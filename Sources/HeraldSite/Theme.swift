import Foundation
import HeraldCore
import HeraldMustache

/// The theme a site builds with: its own `Templates/` first, then the theme built into herald,
/// file by file (the Hugo lookup model).
struct Theme: Sendable {
    /// The site's `Templates/` when it has one: the only folder a build reads templates from.
    let folders: [URL]
    /// Per folder, every file by its path inside it, sorted; listed once, when the theme is made.
    let listings: [[(name: String, url: URL)]]

    /// The theme of the site at `site`. Its `Templates/` may be a symbolic link, followed wherever
    /// it leads; a link inside it must stay in the site folder (or in the folder `Templates/`
    /// leads to), or it is an error naming the link.
    init(site: URL) throws(DiagnosticError) {
        let own = site.appendingPathComponent("Templates")
        guard FileManager.default.fileExists(atPath: own.path) else {
            folders = []
            listings = []
            return
        }
        let listing = FolderWalk.files(
            in: own.path, shownAs: "Templates", allowedRoots: [FolderWalk.realPath(site.path)])
        guard listing.problems.isEmpty else { throw DiagnosticError(listing.problems) }
        folders = [own]
        // A FIFO or device where a template or asset would be is listed, so that reading it is
        // the error that names it, not a silent fall back to the built-in file of that name.
        let read = listing.others.filter { $0.last?.hasSuffix(".mustache") == true || $0.first == "assets" }
        let files = read.isEmpty ? listing.files : (listing.files + read).sorted { $0.lexicographicallyPrecedes($1) }
        listings = [
            files.map { segments in
                let name = segments.joined(separator: "/")
                return (name, URL(fileURLWithPath: own.path + "/" + name, isDirectory: false))
            }
        ]
    }

    /// The site's own files: for the input fingerprint and the stamps of a served site's
    /// templates. The built-in files need neither: the binary's build ID stands for them.
    var allFiles: [(name: String, url: URL)] {
        listings.flatMap { $0 }
    }

    /// Every template, the site's own over the built-in ones of the same name; each parsed once.
    func library() throws(DiagnosticError) -> TemplateLibrary {
        try TemplateLibrary(
            folders: folders.map(\.path), loading: .listed(listings.map { $0.map(\.name) }),
            fallback: try BuiltInTheme.templates())
    }

    /// The bytes of every asset (`assets/…`), the site's own over the built-in ones; each of the
    /// site's a regular file of at most `FileBytes.assetLimit`, every one that is not an error.
    func assets() throws(DiagnosticError) -> [String: [UInt8]] {
        var assets: [String: [UInt8]] = [:]
        var problems: [Diagnostic] = []
        for (name, bytes) in BuiltInTheme.files where name.hasPrefix("assets/") { assets[name] = bytes }
        for (name, url) in allFiles where name.hasPrefix("assets/") {
            do {
                assets[name] = try FileBytes.read(
                    path: url.path, at: SourceLocation(file: url.path), limit: FileBytes.assetLimit,
                    tooLarge: ", the most an asset may hold")
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return assets
    }
}
