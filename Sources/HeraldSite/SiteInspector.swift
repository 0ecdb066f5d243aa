import Foundation
import HeraldBuilder
import HeraldConfig
import HeraldCore
import HeraldMustache

/// One page of a site as `herald inspect` shows it: the template that makes it and its view data.
public struct PageInspection: Sendable {
    /// The page's address in the site, as asked for (`/heroes/anti-mage/`).
    public var path: String
    /// The template's name (`hero.html`): `Templates/hero.html.mustache`, or the built-in one.
    public var template: String
    /// Where that template is read from: `Templates/hero.html.mustache`, or `(built-in)/hero.html.mustache`.
    public var file: String
    public var data: TemplateValue
}

/// Makes one page's view data through the build's own pipeline, without rendering or writing.
public enum SiteInspector {
    /// The page at `path` (`/`, `/tasks/`, `/heroes/anti-mage/`, `/feed.xml`), planned by the same
    /// coordinators as `herald build` and filled by the same presenters. A path the site does not
    /// have is an error naming the nearest one it has.
    public static func inspect(_ path: String, options: BuildOptions) throws(DiagnosticError) -> PageInspection {
        let (theme, items) = try plan(options)
        let wanted = outputFile(of: path)
        guard let item = items.first(where: { $0.path.value == wanted || $0.path.value == wanted + "/index.html" })
        else {
            throw DiagnosticError(.error(at: SourceLocation(file: path), notFound(path, among: items)))
        }
        guard case .page(let job) = item else {
            throw DiagnosticError(
                .error(
                    at: SourceLocation(file: path),
                    "'\(address(of: item.path))' is a file copied as it is, not a page made from a template"))
        }
        let renderer = PageRenderer(library: try theme.library(), strict: options.strict)
        let sitePrefix = options.site.standardizedFileURL.path + "/"
        var file = renderer.library[job.template]?.path ?? job.template
        if file.hasPrefix(sitePrefix) { file.removeFirst(sitePrefix.count) }
        return PageInspection(
            path: address(of: item.path), template: job.template, file: file,
            data: try job.makeData(renderer))
    }

    /// The site's theme and every output item `herald build` would make of it, none rendered.
    static func plan(_ options: BuildOptions) throws(DiagnosticError) -> (Theme, [OutputItem]) {
        let (config, _) = try SiteConfig.load(options)
        let theme = try Theme(site: options.site)
        let sources = try SitePipeline.sources(config, options: options)
        let models = try SitePipeline.load(sources, config: config, drafts: options.drafts, now: options.now)
        return (
            theme,
            try SitePipeline.pages(models, config: config, theme: theme, options: options, remote: sources.remote)
        )
    }

    /// `/heroes/anti-mage/` → `heroes/anti-mage/index.html`; `/feed.xml` → `feed.xml`.
    static func outputFile(of path: String) -> String {
        let trimmed = path.drop { $0 == "/" }
        return trimmed.isEmpty || trimmed.hasSuffix("/") ? trimmed + "index.html" : String(trimmed)
    }

    /// The address a user types for an output file: `heroes/anti-mage/index.html` → `/heroes/anti-mage/`.
    static func address(of path: OutputPath) -> String {
        let value = path.value
        if value == "index.html" { return "/" }
        return "/" + (value.hasSuffix("/index.html") ? String(value.dropLast("index.html".count)) : value)
    }

    private static func notFound(_ path: String, among items: [OutputItem]) -> String {
        let pages = items.compactMap { item -> String? in
            if case .page = item { address(of: item.path) } else { nil }
        }
        var message = "the site has no page at '\(path)'"
        if let near = Suggestion.ranked(path, in: pages).first {
            message += "; the nearest is '\(near)'"
        }
        return message
    }
}
