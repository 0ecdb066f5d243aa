import Foundation
import HeraldCore

/// The theme a site builds with: its own `Templates/` first, then the built-in theme, file by
/// file (the Hugo lookup model).
struct Theme: Sendable {
    /// Folders searched in order; the first that has a file wins.
    let folders: [URL]
    /// Per folder, every file by its path inside it, sorted; listed once, when the theme is made.
    let listings: [[(name: String, url: URL)]]

    /// The theme of the site at `site`. Its `Templates/` may be a symbolic link, followed wherever
    /// it leads; a link inside it must stay in the site folder (or in the folder `Templates/`
    /// leads to), or it is an error naming the link.
    init(site: URL) throws(DiagnosticError) {
        var folders: [URL] = []
        var listings: [[(name: String, url: URL)]] = []
        var problems: [Diagnostic] = []
        let own = site.appendingPathComponent("Templates")
        if FileManager.default.fileExists(atPath: own.path) {
            let listing = FolderWalk.files(in: own.path, shownAs: "Templates", allowedRoots: [FolderWalk.realPath(site.path)])
            problems += listing.problems
            folders.append(own)
            listings.append(Self.named(listing, in: own))
        }
        let builtIn = try Self.builtIn()
        if folders.first.map({ $0.resolvingSymlinksInPath() != builtIn.resolvingSymlinksInPath() }) ?? true {
            let listing = FolderWalk.files(in: builtIn.path, shownAs: builtIn.path, allowedRoots: [])
            problems += listing.problems
            folders.append(builtIn)
            listings.append(Self.named(listing, in: builtIn))
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        self.folders = folders
        self.listings = listings
    }

    private static func named(_ listing: FolderWalk.Listing, in folder: URL) -> [(name: String, url: URL)] {
        listing.files.map { segments in
            let name = segments.joined(separator: "/")
            return (name, URL(fileURLWithPath: folder.path + "/" + name, isDirectory: false))
        }
    }

    /// Every file of every folder, the site's own first: for the input fingerprint and the stamps
    /// of a served site's templates.
    var allFiles: [(name: String, url: URL)] {
        listings.flatMap { $0 }
    }

    /// Per folder, the paths of its files inside it: what the template library picks its
    /// templates from, so that it reads the files this listing checked.
    var fileNames: [[String]] {
        listings.map { $0.map(\.name) }
    }

    /// Every file under `subfolder` (e.g. `assets`), by its path relative to the theme, with
    /// overrides applied.
    func files(under subfolder: String) -> [String: URL] {
        var found: [String: URL] = [:]
        for listing in listings.reversed() {
            for (name, url) in listing where name.hasPrefix(subfolder + "/") { found[name] = url }
        }
        return found
    }

    /// The bytes of every asset (`assets/…`), overrides applied.
    func assets() throws(DiagnosticError) -> [String: [UInt8]] {
        var assets: [String: [UInt8]] = [:]
        for (relative, url) in files(under: "assets") {
            do {
                assets[relative] = Array(try Data(contentsOf: url))
            } catch {
                throw DiagnosticError(.error(at: SourceLocation(file: url.path), "cannot read asset: \(error.localizedDescription)"))
            }
        }
        return assets
    }

    /// The built-in theme, shipped as the executable's resource bundle. Looked up by hand rather
    /// than through `Bundle.module`, which would stop the process when the bundle is missing.
    static func builtIn() throws(DiagnosticError) -> URL {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidates = [executable.deletingLastPathComponent(), Bundle.main.bundleURL, Bundle.main.resourceURL]
            .compactMap { $0?.appendingPathComponent("Herald_HeraldSite.resources/Theme") }
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate.path) {
            return candidate
        }
        throw DiagnosticError(.error(at: SourceLocation(file: executable.path),
            "the built-in theme is missing: keep the folder Herald_HeraldSite.resources next to the herald executable"))
    }
}
