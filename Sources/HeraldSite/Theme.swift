import Foundation
import HeraldCore

/// The theme a site builds with: its own `Templates/` first, then the built-in theme, file by
/// file (the Hugo lookup model).
struct Theme: Sendable {
    /// Folders searched in order; the first that has a file wins.
    let folders: [URL]

    init(site: URL) throws(DiagnosticError) {
        var folders: [URL] = []
        let own = site.appendingPathComponent("Templates")
        if FileManager.default.fileExists(atPath: own.path) { folders.append(own) }
        let builtIn = try Self.builtIn()
        if folders.first.map({ $0.resolvingSymlinksInPath() != builtIn.resolvingSymlinksInPath() }) ?? true {
            folders.append(builtIn)
        }
        self.folders = folders
    }

    /// Every file under `subfolder` (e.g. `assets`), by its path relative to the theme, with
    /// overrides applied.
    func files(under subfolder: String) -> [String: URL] {
        var found: [String: URL] = [:]
        for folder in folders.reversed() {
            for (name, url) in files(in: folder) where name.hasPrefix(subfolder + "/") { found[name] = url }
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

    /// Every file of one theme folder, by its path inside it, sorted: for the input fingerprint.
    func files(in folder: URL) -> [(String, URL)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        let base = folder.standardizedFileURL.path.count + 1
        var found: [(String, URL)] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            found.append((String(url.standardizedFileURL.path.dropFirst(base)), url))
        }
        return found.sorted { $0.0 < $1.0 }
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
