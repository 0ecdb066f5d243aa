import Foundation
import HeraldCore

/// Refuses output folders whose clean-up could destroy things that are not the site's output.
public enum OutputFolderGuard {
    /// Throws when `output` is `/`, the home folder, the site folder itself or one of its parents,
    /// or lies in the site's build state (`.herald/`), which a build must never clean up.
    /// Without `home`, both `$HOME` (what the shell's `~` means) and the account's home count.
    public static func check(output: URL, site: URL, home: URL? = nil) throws(DiagnosticError) {
        let out = canonical(output)
        let siteFolder = canonical(site)
        let homes = home.map { [$0] } ?? currentHomes
        let state = siteFolder + "/" + BuildState.folderName
        let reason: String? =
            if out == "/" { "it is the root folder" } else if homes.contains(where: { canonical($0) == out }) {
                "it is the home folder"
            } else if out == siteFolder {
                "it is the site folder itself"
            } else if siteFolder.hasPrefix(out.hasSuffix("/") ? out : out + "/") {
                "it contains the site folder"
            } else if out == state || out.hasPrefix(state + "/") {
                "it is or lies inside Herald's build state folder \(BuildState.folderName)/"
            } else { nil }
        if let reason {
            throw DiagnosticError(
                .error(
                    at: SourceLocation(file: output.path),
                    "refusing to use this output folder: \(reason); choose a folder of its own, such as Output/"))
        }
    }

    /// Throws when `output` is, holds or lies inside one of the site's inputs (`name` as the config
    /// writes it, `url` where it is): the build would read its own pages as data next time, or
    /// its clean-up would remove the user's files.
    public static func check(output: URL, inputs: [(name: String, url: URL)]) throws(DiagnosticError) {
        let out = canonical(output)
        for input in inputs {
            let path = canonical(input.url)
            let relation: String? =
                if out == path { "it is" } else if path.hasPrefix(out.hasSuffix("/") ? out : out + "/") {
                    "it contains"
                } else if out.hasPrefix(path.hasSuffix("/") ? path : path + "/") { "it lies inside" } else { nil }
            if let relation {
                throw DiagnosticError(
                    .error(
                        at: SourceLocation(file: output.path),
                        "refusing to use this output folder: \(relation) the site's input '\(input.name)'; "
                            + "choose a folder of its own, such as Output/"))
            }
        }
    }

    /// Foundation on Linux reads the home folder from the account database, which `$HOME`
    /// overrides in containers, CI runners and under sudo.
    private static var currentHomes: [URL] {
        var homes = [FileManager.default.homeDirectoryForCurrentUser]
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
            homes.append(URL(fileURLWithPath: home))
        }
        return homes
    }

    /// The absolute path with symbolic links resolved, so `Output/..` or a link cannot slip past.
    static func canonical(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        // The folder may not exist yet: resolve the nearest existing ancestor and keep the rest.
        var existing = path
        var rest: [String] = []
        while true {
            if let base = resolved(existing) {
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.joined(separator: "/")
            }
            guard existing != "/", !existing.isEmpty else { return path }
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
    }

    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
