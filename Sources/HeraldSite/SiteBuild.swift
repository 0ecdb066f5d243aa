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

/// Builds a whole site: reads the config, loads the models, asks each coordinator for its pages,
/// renders them and commits the output only when nothing went wrong.
public enum SiteBuild {
    /// Runs one build. Output is published only when the build succeeds; otherwise the output
    /// folder is left exactly as it was.
    public static func run(_ options: BuildOptions, sources: SiteSources? = nil) -> BuildReport {
        var clock = PhaseClock()
        var report = BuildReport(succeeded: false)
        // Known to the failure path below, so that a failed build removes a folder it created.
        var openWriter: OutputWriter?
        var fetcher: RemoteFetcher?
        do throws(DiagnosticError) {
            try OutputFolderGuard.check(output: options.output, site: options.site)
            let (config, configText) = try SiteConfig.load(options)
            do throws(DiagnosticError) {
                try OutputFolderGuard.check(output: options.output, inputs: inputFolders(of: config, site: options.site))
            } catch {
                report.refusedOutput = true
                throw error
            }
            let theme = try Theme(site: options.site)
            let chosen: SiteSources
            if let sources {
                chosen = sources
            } else {
                fetcher = remoteFetcher(config, options)
                chosen = try SiteSources(config: config, site: options.site, remote: fetcher)
            }
            // Held to the end of the build: from reading the last manifest to saving the next.
            let lock = try OutputLock(folder: options.output, wait: options.wait, waiting: options.waiting ?? {})
            defer { withExtendedLifetime(lock) {} }
            let writer = OutputWriter(folder: options.output, state: BuildState(site: options.site, output: options.output), lock: lock)
            openWriter = writer
            var fingerprint = try InputFingerprint.start(options: options, configText: configText,
                                                         today: Day(options.now, in: config.timeZone),
                                                         theme: theme, sources: chosen)
            // Without a fingerprint in the last manifest (a new or emptied output folder) no build
            // can be up to date: the loaders then read the files and their hashes are kept for the
            // fingerprint, rather than every file's bytes being held from here until loading.
            let checksFirst = writer.mayBeUpToDate
            let fetchWarnings = chosen.remote?.log.all ?? []
            // The quick check: no data file changed since a second before the last build looked
            // at them, and the same names and sizes, templates and settings, say its inputs are
            // these without a byte of them read.
            let since = Int64((Date().timeIntervalSince1970 - 1) * 1_000_000_000)
            let stamps = checksFirst ? fingerprint.map { chosen.inputs.stamps($0.dataFiles) } ?? [] : []
            var quick = checksFirst ? fingerprint?.quick(sizes: stamps.map { $0?.size }) : nil
            var upToDate: UInt64?
            if let last = writer.previousQuickCheck, let quick, quick == last.hash,
               stamps.allSatisfy({ ($0?.changed ?? .max) < last.since }) {
                upToDate = last.inputs
            }
            if upToDate == nil, !checksFirst { chosen.inputs.hashingAsRead() }
            let early = checksFirst ? upToDate ?? fingerprint?.finish(chosen.inputs) : nil
            clock.end("up-to-date check")
            if let inputs = early, fetchWarnings.isEmpty, writer.isUpToDate(inputs: inputs) {
                // Same inputs, same binary, same day, every output file intact: nothing to do.
                report.record(writer.previousSummary)
                report.phases = clock.phases
                report.seconds = clock.total
                report.sources = fetcher?.reports ?? []
                return report
            }

            let library = try theme.library()
            clock.end("templates")
            let models = try load(chosen, config: config, drafts: options.drafts, now: options.now)
            let loadWarnings = models.warnings
            report.records = models.tallies
            let inputs = checksFirst ? early : fingerprint?.finish(chosen.inputs)
            // Into a new folder, the sizes the loaders read give the next build its quick check,
            // without a stat of every file before loading.
            if !checksFirst, let fingerprint { quick = fingerprint.quick(sizes: chosen.inputs.sizes(fingerprint.dataFiles)) }
            // Its list of every input file is of no more use; nor are the loaders' listings.
            fingerprint = nil
            chosen.inputs.forgetUnread()
            chosen.inputs.forgetListings()
            clock.end("load data")

            let assets = AssetsCoordinator(assets: try theme.assets())
            let context = siteContext(config, options: options, models: models, assets: assets.routes, remote: chosen.remote)
            let items = try outputItems(config: config, context: context, models: consume models, assets: assets)
            clock.end("plan pages")

            let renderer = PageRenderer(library: library, strict: options.strict)
            var problems = Builder(jobs: options.jobs).run(items, renderer: renderer, writer: writer,
                                                           progress: options.progress)
            releaseInBackground(consume items)
            let warnings = (chosen.remote?.log.all ?? []) + loadWarnings + writer.warnings + renderer.warnings
            if options.strict {
                problems += warnings.map { Diagnostic(.error, at: $0.location, $0.message) }
            } else {
                report.warnings = warnings.map { relative($0, to: options.site) }
            }
            clock.end("render")
            guard problems.isEmpty else { throw DiagnosticError(problems) }
            // A build with warnings leaves no fingerprint, so the next one runs and shows them again.
            report.record(try writer.commit(inputs: warnings.isEmpty ? inputs : nil,
                                            quick: quick.map { ($0, since) }))
            clock.end("write")
            // The manifest of every output file and the listing of every input go the same way.
            openWriter = nil
            releaseInBackground((consume writer, consume chosen))
        } catch {
            openWriter?.discard()
            report.errors = error.diagnostics.map { relative($0, to: options.site) }
        }
        report.phases = clock.phases
        report.seconds = clock.total
        report.sources = fetcher?.reports ?? []
        return report
    }

    /// A diagnostic printed with its path relative to the site folder when it lies inside it
    /// (`Templates/card.html.mustache:3:9`), as data errors are, so editors find the file.
    public static func relative(_ diagnostic: Diagnostic, to site: URL) -> String {
        var diagnostic = diagnostic
        let prefix = site.standardizedFileURL.path + "/"
        if diagnostic.location.file.hasPrefix(prefix) {
            diagnostic.location.file.removeFirst(prefix.count)
        }
        return diagnostic.description
    }

    /// Lets another thread free what a build no longer needs (at 100,000 pages, the page jobs hold
    /// every hero's strings and arrays: a tenth of a second of one core) while this one goes on.
    static func releaseInBackground(_ value: consuming some Sendable) {
        let held = value
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(held) {} }
    }

    /// Where the site's inputs are: data sources, pages, data files and templates, as herald.yml
    /// names them (a glob by the folder it searches).
    static func inputFolders(of config: SiteConfig, site: URL) -> [(name: String, url: URL)] {
        var names = [config.pages, config.data, "Templates"]
        let sources = [config.tasks?.source.source, config.heroes?.source.source].compactMap { $0 }
            + config.dataSources.map(\.source.source) + (config.heroes?.joins.map(\.source.source) ?? []) + (config.tasks?.joins.map(\.source.source) ?? [])
        for source in sources where !RemoteOptions.isURL(source) {
            names.append(source.contains("*") || source.contains("?") ? GlobPattern.base(of: source) : source)
        }
        return names.map { name in (name, name.hasPrefix("/") ? URL(fileURLWithPath: name) : site.appendingPathComponent(name)) }
    }

    /// The models of every source, all their errors together.
    struct Models: Sendable {
        var tasks: [Task] = []
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
    static func load(_ sources: SiteSources, config: SiteConfig, drafts: Bool, now: Date) throws(DiagnosticError) -> Models {
        var models = Models()
        var problems: [Diagnostic] = []
        func collect<T>(_ step: () throws(DiagnosticError) -> T) -> T? {
            do throws(DiagnosticError) { return try step() } catch {
                problems += error.diagnostics
                return nil
            }
        }
        if let tasks = sources.tasks { models.tasks = collect { () throws(DiagnosticError) in try tasks.load() } ?? [] }
        if let heroes = sources.heroes { models.heroes = collect { () throws(DiagnosticError) in try heroes.load() } ?? [] }
        models.pages = (collect { () throws(DiagnosticError) in try sources.pages.load() } ?? []).filter { drafts || !$0.draft }
        if let data = sources.data {
            models.data = collect { () throws(DiagnosticError) in try data.load() }.map { TemplateValue($0) } ?? .map([:])
        }
        models.tallies = [sources.tasks?.tally, sources.heroes?.tally].compactMap { $0 }
        models.warnings = (sources.tasks?.warnings ?? []) + (sources.heroes?.warnings ?? [])
            + (config.tasks.map { tasks in
                BoardSettings.warnings(tasks: models.tasks, columns: tasks.rules.columns, limits: tasks.board.limits,
                                       now: now, timeZone: config.timeZone)
            } ?? [])
        // Injected loaders need not check slugs; pages must never collide, so the build does
        // when the loader did not.
        if !(sources.heroes?.checksSlugs ?? true) { problems += SlugRegistry.duplicates(in: models.heroes, kind: "hero") }
        if !sources.pages.checksSlugs { problems += SlugRegistry.duplicates(in: models.pages, kind: "page") }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return models
    }

    /// The fetcher of the config's URL sources, with the cache beside herald.yml unless told
    /// otherwise; nil when every source is a file.
    static func remoteFetcher(_ config: SiteConfig, _ options: BuildOptions) -> RemoteFetcher? {
        let sources = [config.tasks?.source.source, config.heroes?.source.source].compactMap { $0 }
            + config.dataSources.map(\.source.source) + (config.heroes?.joins.map(\.source.source) ?? []) + (config.tasks?.joins.map(\.source.source) ?? [])
        guard sources.contains(where: RemoteOptions.isURL) else { return nil }
        var settings = RemoteFetcher.Settings(cacheFolder: options.cacheFolder ?? options.site.appendingPathComponent(".herald-cache"),
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

    static func siteContext(_ config: SiteConfig, options: BuildOptions, models: Models,
                                    assets: [String: String], remote: RemoteFetcher?) -> SiteContext {
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
    static func outputItems(config: SiteConfig, context: SiteContext, models: consuming Models,
                                    assets: AssetsCoordinator) throws(DiagnosticError) -> [OutputItem] {
        let board = TaskBoardPresenter(tasks: models.tasks, columns: config.tasks?.rules.columns ?? [],
                                       layout: BoardSettings.layout(config.tasks?.board), facts: config.tasks?.rules.facts ?? [],
                                       card: config.tasks?.card, context: context)
        // The catalog gets the only reference to the heroes, so it sorts them without copying them.
        let heroes = models.heroes
        models.heroes = []
        let catalog = HeroCatalogPresenter(heroes: consume heroes, groupBy: config.heroes?.groupBy ?? [],
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
        items += try SiteFilesCoordinator(home: HomePresenter(context: context, board: board, catalog: catalog),
                                          files: SiteFilesPresenter(context: context), tasks: models.tasks,
                                          lastModified: Dictionary(pageDates, uniquingKeysWith: { first, _ in first }))
            .items(after: items)
        items += assets.items
        return items
    }
}
