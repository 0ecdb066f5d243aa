import Foundation
import HeraldBuilder
import HeraldCore

/// One built-in theme file as `herald theme list` shows it: what of a site it makes.
public struct ThemeFileUse: Sendable {
    /// Its path inside the theme (`hero.html.mustache`, `assets/herald.css`).
    public var name: String
    /// The site's files it makes, as addresses (`/heroes/anti-mage/`), sorted: the pages a
    /// template fills, or the copy of an asset.
    public var outputs: [String]
    /// The templates that include it as a partial or extend it as a layout, sorted.
    public var usedBy: [String]
    /// Whether the site's `Templates/` has a file of this name, used in its place.
    public var overridden: Bool
}

/// Which built-in theme file makes which of a site's files.
public enum ThemeCatalog {
    /// Every built-in file, in the theme's order, with what it makes of the site at `options.site`
    /// (planned as `herald build` plans it, nothing rendered).
    public static func uses(_ options: BuildOptions) throws(DiagnosticError) -> [ThemeFileUse] {
        let (theme, items) = try SiteInspector.plan(options)
        let templates = try BuiltInTheme.templates()
        let own = Set(theme.allFiles.map(\.name))
        return BuiltInTheme.files.map { file in
            let template = file.name.hasSuffix(".mustache") ? String(file.name.dropLast(".mustache".count)) : nil
            let outputs = items.compactMap { item -> String? in
                switch item {
                case .page(let job): job.template == template ? SiteInspector.address(of: item.path) : nil
                case .file:
                    template == nil && isCopy(item.path.value, of: file.name)
                        ? SiteInspector.address(of: item.path) : nil
                }
            }
            let usedBy = template.map { name in templates.filter { $0.partialNames.contains(name) }.map(\.name) } ?? []
            return ThemeFileUse(
                name: file.name, outputs: outputs.sorted(), usedBy: usedBy.sorted(),
                overridden: own.contains(file.name))
        }
    }

    /// Whether `output` is the content-hashed copy of the asset `name`:
    /// `assets/herald.1a2b3c4d.css` of `assets/herald.css`.
    static func isCopy(_ output: String, of name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return output == name }
        return output.hasPrefix(name[..<dot] + ".") && output.hasSuffix(String(name[dot...]))
    }
}
