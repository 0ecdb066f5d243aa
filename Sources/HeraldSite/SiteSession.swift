import Foundation
import HeraldBuilder
import HeraldConfig
import HeraldCore
import HeraldLoaders
import HeraldModels
import HeraldMustache
import Synchronization

/// A site kept built in memory, for `herald serve`: each `rebuild()` makes the site from the
/// inputs as they are now and tells which output files changed; a failed rebuild keeps the last
/// good files. Nothing is written to disk.
public final class SiteSession: Sendable {
    public let options: SessionOptions
    private let published = Mutex(Published())
    /// One rebuild at a time; the server goes on reading the published files meanwhile.
    private let building = Mutex(())

    /// What the server reads: the last good build.
    private struct Published {
        var files: [String: [UInt8]] = [:]
        var config: SiteConfig?
    }

    /// What one rebuild keeps for the next, under `building`.
    private struct Kept: Sendable {
        var configText = ""
        var decoded = DecodedFiles()
        /// The templates' files and their stamps, as the pages in `rendered` were made with.
        var templates = 0
        var rendered = RenderedPages()
    }

    private let kept = Mutex(Kept())

    public init(options: SessionOptions) {
        self.options = options
    }

    /// The bytes of an output file of the last good build (`tasks/index.html`), or nil.
    public func file(_ path: String) -> [UInt8]? {
        published.withLock { $0.files[path] }
    }

    /// The config of the last good build; nil before one succeeded.
    public var config: SiteConfig? {
        published.withLock { $0.config }
    }

    /// Builds the site again from its inputs. `changed`, when given, holds the absolute paths of
    /// every file that changed since the last rebuild (a file watcher's record): files under the
    /// site folder not in it are taken as unchanged without a look. Without it, every file's
    /// stamp is checked.
    public func rebuild(changed: Set<String>? = nil) -> SessionUpdate {
        building.withLock { _ in build(changed: changed) }
    }

    private func build(changed: Set<String>?) -> SessionUpdate {
        var clock = PhaseClock()
        var update = SessionUpdate()
        let now = options.clock()
        var buildOptions = BuildOptions(site: options.site, output: options.site.appendingPathComponent("Output"),
                                        now: now, jobs: options.jobs)
        buildOptions.strict = options.strict
        buildOptions.drafts = options.drafts
        buildOptions.offline = options.offline
        do throws(DiagnosticError) {
            let (config, configText) = try SiteConfig.load(buildOptions)
            let theme = try Theme(site: options.site)
            // Decoding depends on the config (field mapping, columns, time zone): a new config
            // decodes every file again.
            let templates = Self.stamp(of: theme)
            let (decoded, rendered) = kept.withLock { kept in
                if kept.configText != configText { kept = Kept(configText: configText) }
                // A changed template may change any page: none of the kept pages can be trusted.
                if kept.templates != templates {
                    kept.rendered.removeAll()
                    kept.templates = templates
                }
                return (kept.decoded, kept.rendered)
            }
            decoded.trust(changed: changed, under: options.site.path)
            let fetcher = SiteBuild.remoteFetcher(config, buildOptions)
            let sources = try SiteSources(config: config, site: options.site, remote: fetcher, decoded: decoded)
            let library = try theme.library()
            clock.end("templates")
            let models = try SiteBuild.load(sources, config: config, drafts: options.drafts, now: buildOptions.now)
            clock.end("load data")
            let loadWarnings = models.warnings
            let assets = AssetsCoordinator(assets: try theme.assets())
            let context = SiteBuild.siteContext(config, options: buildOptions, models: models, assets: assets.routes,
                                                remote: sources.remote)
            let items = try SiteBuild.outputItems(config: config, context: context, models: models, assets: assets)
            clock.end("plan pages")
            let renderer = PageRenderer(library: library, strict: options.strict)
            let output = MemoryOutput()
            var problems = Builder(jobs: options.jobs).run(items, renderer: renderer, writer: output, kept: rendered)
            (update.rendered, update.reused) = rendered.takeCounts()
            clock.end("render")
            let warnings = (sources.remote?.log.all ?? []) + loadWarnings + renderer.warnings
            if options.strict {
                problems += warnings.map { Diagnostic(.error, at: $0.location, $0.message) }
            } else {
                update.warnings = warnings.map { SiteBuild.relative($0, to: options.site) }
            }
            guard problems.isEmpty else { throw DiagnosticError(problems) }
            let files = output.contents
            published.withLock { published in
                update.changed = files.compactMap { path, bytes in published.files[path] == bytes ? nil : path }.sorted()
                update.removed = published.files.keys.filter { files[$0] == nil }.sorted()
                published.files = files
                published.config = config
            }
            update.succeeded = true
            update.files = files.count
            clock.end("publish")
        } catch {
            update.errors = error.diagnostics.map { SiteBuild.relative($0, to: options.site) }
        }
        update.phases = clock.phases
        update.seconds = clock.total
        return update
    }

    /// A hash of the theme's files with their sizes and modification times.
    private static func stamp(of theme: Theme) -> Int {
        var hasher = Hasher()
        for (name, url) in theme.allFiles {
            hasher.combine(name)
            hasher.combine(FileStamp(path: url.path))
        }
        return hasher.finalize()
    }
}

/// What `herald serve` asks of its builds.
public struct SessionOptions: Sendable {
    public var site: URL
    public var drafts = false
    public var offline = false
    public var strict = false
    public var jobs: Int
    /// "Now" for each rebuild: the clock, so that "today" moves on while the server runs.
    public var clock: @Sendable () -> Date

    public init(site: URL, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                clock: @escaping @Sendable () -> Date = { Date() }) {
        self.site = site
        self.jobs = jobs
        self.clock = clock
    }
}

/// What one rebuild of a `SiteSession` did.
public struct SessionUpdate: Sendable {
    public var succeeded = false
    /// Compiler-style error lines (`path:line:column: error: message`); empty on success.
    public var errors: [String] = []
    public var warnings: [String] = []
    /// Output files whose bytes are new or changed, sorted.
    public var changed: [String] = []
    /// Output files the last good build had and this one does not.
    public var removed: [String] = []
    /// Output files of the site now.
    public var files = 0
    /// Pages rendered by this rebuild, and pages whose inputs were unchanged and kept their bytes.
    public var rendered = 0
    public var reused = 0
    public var seconds = 0.0
    /// The time of each step, for `--verbose`.
    public var phases: [BuildReport.Phase] = []
}
