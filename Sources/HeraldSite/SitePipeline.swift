import Foundation
import HeraldBuilder
import HeraldConfig
import HeraldCore
import HeraldLoaders
import HeraldMarkdown
import HeraldModels
import HeraldMustache
import HeraldPresenters
import HeraldRemote

/// The steps every build of a site takes, whatever it makes: `SiteBuild` writes the pages to a
/// folder, `SiteSession` keeps them in memory for `herald serve`, `SiteInspector` shows one.
/// The sources read, the models loaded, every page planned and rendered, and the warnings,
/// which strict mode makes errors.
enum SitePipeline {
    /// The config's sources, URL sources through a fetcher; `decoded` keeps the models of
    /// unchanged files from one build to the next; heroes keep their records when `keepsRecords`.
    static func sources(
        _ config: SiteConfig, options: BuildOptions,
        decoded: DecodedFiles? = nil, keepsRecords: Bool = true
    ) throws(DiagnosticError) -> SiteSources {
        try SiteSources(
            config: config, site: options.site, remote: remoteFetcher(config, options), decoded: decoded,
            keepsRecords: keepsRecords)
    }

    /// Every page and file the models make, in the order the builder takes them.
    static func pages(
        _ models: consuming Models, config: SiteConfig, theme: Theme, options: BuildOptions,
        remote: RemoteFetcher?
    ) throws(DiagnosticError) -> [OutputItem] {
        let assets = AssetsCoordinator(assets: try theme.assets())
        let context = siteContext(config, options: options, models: models, assets: assets.routes, remote: remote)
        return try outputItems(config: config, context: context, models: models, assets: assets)
    }

    /// Renders `items` into `sink`, pages of `kept` whose fingerprints did not change taken as
    /// they were; the problems, and the warnings of the whole build (`earlier` and the
    /// renderer's): reported, or under `strict` problems too.
    static func render(
        _ items: [OutputItem], library: TemplateLibrary, options: BuildOptions, into sink: some OutputSink,
        kept: RenderedPages? = nil,
        earlier: () -> [Diagnostic]
    ) -> (problems: [Diagnostic], warnings: [String]) {
        let renderer = PageRenderer(library: library, strict: options.strict)
        var problems = Builder(jobs: options.jobs).run(
            items, renderer: renderer, writer: sink, kept: kept,
            progress: options.progress)
        let warnings = earlier() + renderer.warnings
        if options.strict {
            problems += warnings.map { Diagnostic(.error, at: $0.location, $0.message) }
            return (problems, [])
        }
        return (problems, warnings.map { SiteBuild.relative($0, to: options.site) })
    }

    /// The models of every source, all their errors together.
    struct Models: Sendable {
        var tasks: [TaskItem] = []
        var heroes: [Hero] = []
        var pages: [Page] = []
        var data: TemplateValue = .map([:])
        /// What the loaders read past: a link left out of a record.
        var warnings: [Diagnostic] = []
        /// What each source's records became.
        var tallies: [SourceTally] = []
    }

    /// The models of every source; `now` decides which tasks wait for their threshold day, which
    /// the warning about a column over its limit leaves out, as the board does.
    static func load(_ sources: SiteSources, config: SiteConfig, drafts: Bool, now: Date) throws(DiagnosticError)
        -> Models
    {
        var models = Models()
        var problems: [Diagnostic] = []
        func collect<T>(_ step: () throws(DiagnosticError) -> T) -> T? {
            do throws(DiagnosticError) { return try step() } catch {
                problems += error.diagnostics
                return nil
            }
        }
        if let tasks = sources.tasks { models.tasks = collect { () throws(DiagnosticError) in try tasks.load() } ?? [] }
        if let heroes = sources.heroes {
            models.heroes = collect { () throws(DiagnosticError) in try heroes.load() } ?? []
        }
        models.pages = (collect { () throws(DiagnosticError) in try sources.pages.load() } ?? []).filter {
            drafts || !$0.draft
        }
        if let data = sources.data {
            models.data =
                collect { () throws(DiagnosticError) in try data.load() }.map { TemplateValue($0) } ?? .map([:])
        }
        models.tallies = [sources.tasks?.tally, sources.heroes?.tally].compactMap { $0 }
        models.warnings =
            (sources.tasks?.warnings ?? []) + (sources.heroes?.warnings ?? []) + TaskID.repeats(in: models.tasks)
            + (config.tasks.map { tasks in
                BoardSettings.warnings(
                    tasks: models.tasks, columns: tasks.rules.columns, limits: tasks.board.limits,
                    now: now, timeZone: config.timeZone)
            } ?? [])
        // Injected loaders need not check slugs; pages must never collide, so the build does
        // when the loader did not.
        if !(sources.heroes?.checksSlugs ?? true) {
            problems += SlugRegistry.duplicates(in: models.heroes, kind: "hero")
        }
        if !sources.pages.checksSlugs { problems += SlugRegistry.duplicates(in: models.pages, kind: "page") }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return models
    }

    /// The fetcher of the config's URL sources, with the cache beside herald.yml unless told
    /// otherwise; nil when every source is a file.
    static func remoteFetcher(_ config: SiteConfig, _ options: BuildOptions) -> RemoteFetcher? {
        let sources =
            [config.tasks?.source.source, config.heroes?.source.source].compactMap { $0 }
            + config.dataSources.map(\.source.source) + (config.heroes?.joins.map(\.source.source) ?? [])
            + (config.tasks?.joins.map(\.source.source) ?? [])
        guard sources.contains(where: RemoteOptions.isURL) else { return nil }
        var settings = RemoteFetcher.Settings(
            cacheFolder: options.cacheFolder ?? options.site.appendingPathComponent(".herald-cache"),
            now: options.now)
        settings.offline = options.offline
        settings.refresh = options.refresh
        settings.timeZone = config.timeZone
        settings.backoffScale = options.retryBackoffScale
        return RemoteFetcher(settings: settings)
    }

    /// Where each section's data came from, for the pages built from a URL source.
    private static func dataSources(_ config: SiteConfig, remote: RemoteFetcher?) -> [String: SiteContext.DataSource] {
        var notes: [String: SiteContext.DataSource] = [:]
        for (section, url) in [("tasks", config.tasks?.source.source), ("heroes", config.heroes?.source.source)] {
            guard let url, let status = remote?.status(of: url) else { continue }
            notes[section] = SiteContext.DataSource(url: url, asOf: status.asOf, failure: status.failure)
        }
        return notes
    }

    static func siteContext(
        _ config: SiteConfig, options: BuildOptions, models: Models,
        assets: [String: String], remote: RemoteFetcher?
    ) -> SiteContext {
        var context = SiteContext(
            title: config.title, language: config.language, baseURL: config.baseURL, timeZone: config.timeZone,
            now: options.now, assets: assets, hasTasks: config.tasks != nil, hasHeroes: config.heroes != nil,
            pages: models.pages.sorted { $0.title < $1.title }
                .map { SiteContext.NavPage(title: $0.title, route: PagePresenter.route(of: $0)) },
            markdown: MarkdownRenderer(options: config.markdown),
            data: models.data)
        context.dataSources = dataSources(config, remote: remote)
        if let heroes = config.heroes {
            context.heroesTitle = heroes.title
            context.heroesFolder = heroes.path
        }
        return context
    }

    /// Every coordinator's items: what pages and files this build writes.
    static func outputItems(
        config: SiteConfig, context: SiteContext, models: consuming Models,
        assets: AssetsCoordinator
    ) throws(DiagnosticError) -> [OutputItem] {
        let board = TaskBoardPresenter(
            tasks: models.tasks, columns: config.tasks?.rules.columns ?? [],
            layout: BoardSettings.layout(config.tasks?.board), facts: config.tasks?.rules.facts ?? [],
            card: config.tasks?.card, context: context)
        // The catalog gets the only reference to the heroes, so it sorts them without copying them.
        let heroes = models.heroes
        models.heroes = []
        let catalog = HeroCatalogPresenter(
            heroes: consume heroes, groupBy: config.heroes?.groupBy ?? [],
            perPage: config.heroes?.perPage ?? HeroesConfig.defaultPerPage,
            search: config.heroes?.search ?? true, facts: config.heroes?.rules.facts ?? [],
            card: config.heroes?.card, sort: config.heroes?.sort ?? .name,
            stats: config.heroes?.stats ?? [:], context: context)
        var items: [OutputItem] = []
        if config.tasks != nil {
            items += try TaskBoardCoordinator(presenter: board, markdown: context.markdown).items()
        }
        if config.heroes != nil {
            items += try HeroCatalogCoordinator(presenter: catalog).items()
        }
        items += try PagesCoordinator(pages: models.pages, presenter: PagePresenter(context: context)).items()
        let pageDates = models.pages.compactMap { page in page.date.map { (PagePresenter.route(of: page), $0) } }
        items += try SiteFilesCoordinator(
            home: HomePresenter(context: context, board: board, catalog: catalog),
            files: SiteFilesPresenter(context: context), tasks: models.tasks,
            lastModified: Dictionary(pageDates, uniquingKeysWith: { first, _ in first })
        )
        .items(after: items)
        items += assets.items
        return items
    }
}
