import Foundation
import HeraldCore

/// `herald theme export`: built-in theme files copied into a site's `Templates/`, where they
/// override the built-in ones, as the start of a theme of its own.
public enum ThemeExport {
    /// Copies the built-in files `names` (every file when empty; `hero.html` stands for
    /// `hero.html.mustache`) into `site/Templates/`. A file that exists there is an error unless
    /// `force`; all problems are reported together and then nothing is written. Returns the
    /// paths written, relative to the site folder, sorted.
    public static func export(_ names: [String], to site: URL, force: Bool) throws(DiagnosticError) -> [String] {
        let chosen = try choose(names)
        let folder = site.appendingPathComponent("Templates")
        var problems: [Diagnostic] = []
        for name in chosen where !force {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
                problems.append(
                    .error(
                        at: SourceLocation(file: "Templates/" + name),
                        "the site has this file already; --force replaces it"))
            }
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        var written: [String] = []
        for name in chosen {
            let target = folder.appendingPathComponent(name)
            do {
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(BuiltInTheme.file(name) ?? []).write(to: target, options: .atomic)
                written.append("Templates/" + name)
            } catch {
                problems.append(
                    .error(
                        at: SourceLocation(file: "Templates/" + name),
                        "cannot write the file: \(error.localizedDescription)"))
            }
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return written
    }

    /// The theme's files that `names` stand for, each once, sorted; every name it has no file
    /// for is an error with the nearest one it has.
    static func choose(_ names: [String]) throws(DiagnosticError) -> [String] {
        let all = BuiltInTheme.files.map(\.name)
        guard !names.isEmpty else { return all }
        var chosen: Set<String> = []
        var problems: [Diagnostic] = []
        for name in names {
            let bare = name.hasPrefix("Templates/") ? String(name.dropFirst("Templates/".count)) : name
            if let file = [bare, bare + ".mustache"].first(where: all.contains) {
                chosen.insert(file)
            } else {
                let hint = Suggestion.ranked(bare, in: all).first.map { "; did you mean '\($0)'?" } ?? ""
                problems.append(.error(at: SourceLocation(file: name), "the built-in theme has no such file\(hint)"))
            }
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return chosen.sorted()
    }
}
