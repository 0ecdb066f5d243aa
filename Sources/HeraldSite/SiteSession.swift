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
        let buildOptions = options.build(now: options.clock())
        do throws(DiagnosticError) {
            let (config, configText) = try SiteConfig.load(buildOptions)
            let theme = try Theme(site: options.site)
            let (decoded, rendered) = keptWork(configText: configText, templates: Self.stamp(of: theme))
            decoded.trust(changed: changed, under: options.site.path)
            let sources = try SitePipeline.sources(config, options: buildOptions, decoded: decoded)
            let library = try theme.library()
            clock.end("templates")
            let models = try SitePipeline.load(sources, config: config, drafts: options.drafts, now: buildOptions.now)
            clock.end("load data")
            let loadWarnings = models.warnings
            let items = try SitePipeline.pages(
                consume models, config: config, theme: theme, options: buildOptions, remote: sources.remote)
            clock.end("plan pages")
            let output = MemoryOutput()
            let (problems, warnings) = SitePipeline.render(
                items, library: library, options: buildOptions, into: output,
                kept: rendered
            ) { (sources.remote?.log.all ?? []) + loadWarnings }
            // The pages hold every hero: freeing them is work the reload need not wait for.
            SiteBuild.releaseInBackground(consume items)
            (update.rendered, update.reused) = rendered.takeCounts()
            update.warnings = warnings
            clock.end("render")
            guard problems.isEmpty else { throw DiagnosticError(problems) }
            publish(output.contents, config: config, into: &update)
            clock.end("publish")
        } catch {
            update.errors = error.diagnostics.map { SiteBuild.relative($0, to: options.site) }
        }
        update.phases = clock.phases
        update.seconds = clock.total
        return update
    }

    /// What the last rebuilds left for this one: the decoded files, and the rendered pages
    /// unless a template changed. Decoding depends on the config (field mapping, columns, time
    /// zone): a new config decodes every file again.
    private func keptWork(configText: String, templates: Int) -> (DecodedFiles, RenderedPages) {
        kept.withLock { kept in
            if kept.configText != configText { kept = Kept(configText: configText) }
            // A changed template may change any page: none of the kept pages can be trusted.
            if kept.templates != templates {
                kept.rendered.removeAll()
                kept.templates = templates
            }
            return (kept.decoded, kept.rendered)
        }
    }

    /// Makes `files` what the server reads, noting in `update` which changed and which went.
    private func publish(_ files: [String: [UInt8]], config: SiteConfig, into update: inout SessionUpdate) {
        let last = published.withLock { published in
            var last = files
            swap(&last, &published.files)
            published.config = config
            return last
        }
        // A kept page's bytes are the very array published last time: compared by identity.
        var new = 0
        update.changed = files.compactMap { path, bytes in
            guard let before = last[path] else {
                new += 1
                return path
            }
            return before == bytes ? nil : path
        }.sorted()
        // As many files as before, none of them new: none went.
        if last.count != files.count - new {
            update.removed = last.keys.filter { files[$0] == nil }.sorted()
        }
        // The last build's files, freed while the reload is told.
        SiteBuild.releaseInBackground(consume last)
        update.succeeded = true
        update.files = files.count
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

/// What `herald serve` asks of its builds: a build's options, but for the output folder, which
/// a session never writes, and "now", which is the clock's at each rebuild.
public struct SessionOptions: Sendable {
    public var site: URL {
        get { base.site }
        set { base.site = newValue }
    }
    public var drafts: Bool {
        get { base.drafts }
        set { base.drafts = newValue }
    }
    public var offline: Bool {
        get { base.offline }
        set { base.offline = newValue }
    }
    public var strict: Bool {
        get { base.strict }
        set { base.strict = newValue }
    }
    public var jobs: Int {
        get { base.jobs }
        set { base.jobs = newValue }
    }
    /// "Now" for each rebuild: the clock, so that "today" moves on while the server runs.
    public var clock: @Sendable () -> Date
    private var base: BuildOptions

    public init(
        site: URL, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        base = BuildOptions(site: site, output: site.appendingPathComponent("Output"), now: Date(), jobs: jobs)
        self.clock = clock
    }

    /// The options of the build at `now`.
    func build(now: Date) -> BuildOptions {
        var options = base
        options.now = now
        return options
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
