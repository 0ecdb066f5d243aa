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
        // Written before the pages: a failed build drops it.
        var wroteArchive = false
        var fetcher: RemoteFetcher?
        do throws(DiagnosticError) {
            let (config, configText) = try checkedConfig(options, report: &report)
            let theme = try Theme(site: options.site)
            // Parsed before the sources are made: heroes keep their records only for a template that names them.
            let library = try theme.library()
            // Models by the hash of their files' bytes, kept for the next build of this output.
            let decoded = sources == nil ? DecodedFiles(byDigest: true) : nil
            let chosen = try chosenSources(
                sources, config: config, options: options, decoded: decoded, keepsRecords: library.names("record"))
            // An injected source's fetches are its owner's to report.
            if sources == nil { fetcher = chosen.remote }
            // What the last build's listings and archive are valid for, when it can be known before
            // a file is listed.
            let earlyFrame = decoded.flatMap { _ in
                InputFingerprint.earlyDecodeFrame(
                    options: options, configText: configText, keepsRecords: chosen.keepsRecords)
            }
            let state = BuildState(site: options.site, output: options.output)
            // Read while the output's lock is taken, its manifest read and the files listed and
            // looked at, in case some changed; not for an output folder that is missing, which
            // cannot be up to date. Each entry is of a file's bytes: one another build wrote
            // meanwhile is as good.
            var preload: ArchivePreload?
            if let decoded, let earlyFrame, FileManager.default.fileExists(atPath: options.output.path) {
                preload = ArchivePreload(state: state, frame: earlyFrame, into: decoded)
            }
            defer { preload?.stop() }
            let (lock, writer) = try outputWriter(options, state: state)
            defer { withExtendedLifetime(lock) {} }
            openWriter = writer
            // Only an output folder that may be up to date takes the archive (`UpToDateCheck`).
            if let early = preload, let decoded, !writer.mayBeUpToDate {
                early.stop()
                _ = early.loaded()
                releaseInBackground(decoded.removeAll())
                preload = nil
            }
            if let decoded, let earlyFrame, let kept = state.kept(BuildState.listingsName) {
                decoded.takeListings(kept, frame: earlyFrame)
            }
            var check = try UpToDateCheck(
                options: options, configText: configText, today: Day(options.now, in: config.timeZone),
                theme: theme, sources: chosen, writer: writer, decoded: decoded, preload: preload)
            clock.end("up-to-date check")
            if check.isUpToDate(writer, fetchWarnings: chosen.remote?.log.all ?? []) {
                // Same inputs, same binary, same day, every output file intact: nothing to do.
                report.record(writer.previousSummary)
                openWriter = nil
                return finished(report, clock: clock, fetcher: fetcher)
            }

            if let frame = check.pageFrame { writer.fingerprintPages(under: frame) }
            let models = try SitePipeline.load(chosen, config: config, drafts: options.drafts, now: options.now)
            let loadWarnings = models.warnings
            report.records = models.tallies
            let (inputs, quick) = check.finish(chosen.inputs)
            if let decoded, let earlyFrame, let listings = decoded.keptListings(frame: earlyFrame) {
                writer.state.keep(as: BuildState.listingsName) { write in _ = write(listings) }
            }
            // What the next build may reuse of this one's decoding, kept only when the build
            // succeeds. Written (on every core) and forgotten before the pages are planned, so that
            // what decoding kept and the pages' view data are never in memory together. The last
            // one stays when it lacks little of this build's (`DecodedArchive.isWorthWriting`).
            if let decoded, let frame = check.decodeFrame {
                if DecodedArchive.isWorthWriting(inputs: chosen.inputs, decoded: decoded) {
                    let (since, files) = (check.since, check.readFiles)
                    writer.state.keep(as: BuildState.nextDecodedName) { write in
                        DecodedArchive.write(frame: frame, since: since, files: files, decoded: decoded, to: write)
                    }
                    wroteArchive = true
                }
                releaseInBackground(decoded.removeAll())
            }
            // The loaders' listings and what they did not read are of no more use.
            chosen.inputs.forgetUnread()
            chosen.inputs.forgetListings()
            options.loaded?()
            clock.end("load data")

            let items = try SitePipeline.pages(
                consume models, config: config, theme: theme, options: options, remote: chosen.remote)
            clock.end("plan pages")
            let (problems, warnings) = SitePipeline.render(items, library: library, options: options, into: writer) {
                (chosen.remote?.log.all ?? []) + loadWarnings + writer.warnings
            }
            releaseInBackground(consume items, unless: options.endsProcess)
            report.warnings = warnings
            clock.end("render")
            guard problems.isEmpty else { throw DiagnosticError(problems) }
            // A build with warnings leaves no fingerprint, so the next one runs and shows them again.
            report.record(try writer.commit(inputs: warnings.isEmpty ? inputs : nil, quick: quick))
            // What decoding found wrong but went past is shown by decoding again.
            if wroteArchive {
                wroteArchive = false
                writer.state.promote(BuildState.nextDecodedName, to: BuildState.decodedName, keeping: warnings.isEmpty)
            }
            clock.end("write")
            // The manifest of every output file and the listing of every input go the same way.
            openWriter = nil
            releaseInBackground((consume writer, consume chosen), unless: options.endsProcess)
        } catch {
            if wroteArchive, let state = openWriter?.state {
                state.promote(BuildState.nextDecodedName, to: BuildState.decodedName, keeping: false)
            }
            openWriter?.discard()
            report.errors = error.diagnostics.map { relative($0, to: options.site) }
        }
        return finished(report, clock: clock, fetcher: fetcher)
    }

    /// The output folder's lock and writer. The build holds the lock to its end: from reading the
    /// last manifest to saving the next.
    private static func outputWriter(_ options: BuildOptions, state: BuildState) throws(DiagnosticError)
        -> (OutputLock, OutputWriter)
    {
        let lock = try OutputLock(folder: options.output, wait: options.wait, waiting: options.waiting ?? {})
        return (lock, OutputWriter(folder: options.output, state: state, lock: lock))
    }

    /// The sources a test injected, else the config's, heroes keeping their records when `keepsRecords`.
    private static func chosenSources(
        _ injected: SiteSources?, config: SiteConfig,
        options: BuildOptions, decoded: DecodedFiles?, keepsRecords: Bool
    ) throws(DiagnosticError) -> SiteSources {
        if let injected { return injected }
        return try SitePipeline.sources(config, options: options, decoded: decoded, keepsRecords: keepsRecords)
    }

    /// herald.yml, read once the output folder is known not to be the site or one of its inputs.
    private static func checkedConfig(
        _ options: BuildOptions,
        report: inout BuildReport
    ) throws(DiagnosticError) -> (SiteConfig, String) {
        try OutputFolderGuard.check(output: options.output, site: options.site)
        let (config, configText) = try SiteConfig.load(options)
        do throws(DiagnosticError) {
            try OutputFolderGuard.check(output: options.output, inputs: inputFolders(of: config, site: options.site))
        } catch {
            report.refusedOutput = true
            throw error
        }
        return (config, configText)
    }

    private static func finished(_ report: BuildReport, clock: PhaseClock, fetcher: RemoteFetcher?) -> BuildReport {
        var report = report
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

    /// Lets another thread free what a build no longer needs while this one goes on: the page jobs
    /// hold every hero's strings and arrays, and releasing them one by one is work the build need
    /// not wait for.
    /// With `unless` true (the process is about to end), the value is never freed: the exit
    /// takes its memory back whole.
    static func releaseInBackground<Value: Sendable>(_ value: consuming Value, unless endsProcess: Bool = false) {
        // The only reference goes to the other thread: a closure that captured the value would
        // share it with this thread's copy, and whichever let go last would free it, often this one.
        let owned = Unmanaged.passRetained(HeldForRelease(consume value))
        guard !endsProcess else { return }
        DispatchQueue.global(qos: .utility).async { owned.release() }
    }

    /// Where the site's inputs are: data sources, pages, data files and templates, as herald.yml
    /// names them (a glob by the folder it searches).
    static func inputFolders(of config: SiteConfig, site: URL) -> [(name: String, url: URL)] {
        var names = [config.pages, config.data, "Templates"]
        let sources =
            [config.tasks?.source.source, config.heroes?.source.source].compactMap { $0 }
            + config.dataSources.map(\.source.source) + (config.heroes?.joins.map(\.source.source) ?? [])
            + (config.tasks?.joins.map(\.source.source) ?? [])
        for source in sources where !RemoteOptions.isURL(source) {
            names.append(source.contains("*") || source.contains("?") ? GlobPattern.base(of: source) : source)
        }
        return names.map { name in
            (name, name.hasPrefix("/") ? URL(fileURLWithPath: name) : site.appendingPathComponent(name))
        }
    }
}

/// A value on its way to be freed on another thread (`SiteBuild.releaseInBackground`).
private final class HeldForRelease<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: consuming Value) {
        self.value = value
    }
}
