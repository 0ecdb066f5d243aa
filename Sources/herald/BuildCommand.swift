import ArgumentParser
import Foundation
import HeraldBuilder
import HeraldCore
import HeraldLoaders
import HeraldModels
import HeraldRemote
import HeraldSite

/// `herald build`: builds the site folder into its output folder.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into Output/.",
        discussion: """
            Errors are printed as path:line:column: error: message, all of them, and the build exits 1 \
            leaving the output folder exactly as it was. Unchanged files are not rewritten.
            """)

    @Option(help: "The site folder, holding herald.yml.")
    var source: String = "."

    @Option(help: "Where the site is written (default: Output/ in the site folder).")
    var output: String?

    @Flag(help: "Unknown template keys, missing partials and warnings are errors.")
    var strict = false

    @Flag(help: "Build pages marked draft: true too.")
    var drafts = false

    @Flag(help: "Never fetch remote data; use the cache only (a URL source with no cached copy is an error).")
    var offline = false

    @Flag(help: "Revalidate every URL source now, however fresh its cached copy.")
    var refresh = false

    @Option(
        name: .customLong("cache-dir"),
        help: "Where fetched sources are cached (default: .herald-cache/ in the site folder).")
    var cacheDir: String?

    @Option(name: .customLong("base-url"), help: "Override base_url from herald.yml.")
    var baseURL: String?

    @Option(help: "The instant to build as (ISO 8601, or YYYY-MM-DD); default SOURCE_DATE_EPOCH, else the clock.")
    var now: String?

    @Option(help: "Write a JSON report of the build to this file.")
    var report: String?

    @Flag(name: [.short, .long], help: "Print errors only.")
    var quiet = false

    @Flag(name: [.short, .long], help: "Print the time of each phase too.")
    var verbose = false

    @Option(help: "Pages rendered at once (default: the number of cores).")
    var jobs: Int?

    @Flag(
        name: .customLong("no-wait"),
        help: "Fail at once when another build is writing the output folder, instead of waiting for it.")
    var noWait = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let now, BuildClock.parse(now) == nil {
            throw ValidationError(
                "--now '\(now)' is not an ISO 8601 instant (2026-11-21T09:00:00Z) or a day (2026-11-21)")
        }
        if quiet && verbose { throw ValidationError("--quiet and --verbose do not go together") }
        if offline && refresh { throw ValidationError("--offline and --refresh do not go together") }
    }

    func run() throws {
        let site = URL(fileURLWithPath: source).standardizedFileURL
        let outputFolder =
            output.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? site.appendingPathComponent("Output")
        do throws(DiagnosticError) {
            try OutputFolderGuard.check(output: outputFolder, site: site)
        } catch {
            Terminal().complain(error.diagnostics.map(\.description))
            throw ExitCode(2)
        }
        guard let instant = BuildClock.instant(now) else {
            Terminal().complain(["SOURCE_DATE_EPOCH: error: not a number of seconds"])
            throw ExitCode(2)
        }
        var options = BuildOptions(
            site: site, output: outputFolder, now: instant,
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        options.strict = strict
        options.drafts = drafts
        options.offline = offline
        options.refresh = refresh
        options.cacheFolder = cacheDir.map { URL(fileURLWithPath: $0).standardizedFileURL }
        options.baseURL = baseURL
        options.wait = !noWait
        options.waiting = {
            Terminal().complain(["Waiting for another build of \(outputFolder.path) to finish…"])
        }
        options.loaded = Allocator.handBackFreePages
        options.endsProcess = true
        // A progress line only where a person watches: never in logs or CI output.
        if !quiet, isatty(STDERR_FILENO) != 0 {
            options.progress = { done, total in
                let line = done == total ? "\r\u{1B}[K" : "\rRendering \(done) of \(total) pages…"
                FileHandle.standardError.write(Data(line.utf8))
            }
        }

        let result = SiteBuild.run(options)
        // Warnings are for everyone but those who asked for errors only (--quiet).
        if !quiet || !result.succeeded { Terminal().complain(result.warnings) }
        Terminal().complain(result.errors)
        if let report { try writeReport(result, to: report) }
        if result.succeeded {
            if !quiet { print(Self.summary(result)) }
            if verbose {
                for phase in result.phases { print(String(format: "  %-22@ %.3f s", phase.name, phase.seconds)) }
                if result.reused > 0 {
                    print("  \(result.reused.groupedByThousands) unchanged pages kept without rendering: same inputs")
                }
                for source in result.sources { print("  " + Self.describe(source)) }
                for tally in result.records { print("  " + Self.describe(tally)) }
            }
        } else {
            let count = result.errors.count
            Terminal().complain(["Build failed with \(count) error\(count == 1 ? "" : "s"); nothing was written."])
            throw ExitCode(result.refusedOutput ? 2 : 1)
        }
    }

    /// `Built 10,004 pages (12 written, 9,992 unchanged, 3 removed) in 0.84 s`
    static func summary(_ report: BuildReport) -> String {
        let count = report.warnings.count
        let warnings = count == 0 ? "" : ", \(count.groupedByThousands) warning\(count == 1 ? "" : "s")"
        return
            "Built \(report.pages.groupedByThousands) pages (\(report.written.groupedByThousands) written, \(report.unchanged.groupedByThousands) unchanged, "
            + "\(report.removed.groupedByThousands) removed\(warnings)) in \(String(format: "%.2f", report.seconds)) s"
    }

    /// `Content/vault: 212 records: 180 made, 32 dropped (where:, status_map: ~, h:1)`
    static func describe(_ tally: SourceTally) -> String {
        let refused = tally.records - tally.made - tally.dropped
        return "\(tally.source): \(tally.records.groupedByThousands) record\(tally.records == 1 ? "" : "s"): "
            + "\(tally.made.groupedByThousands) made, \(tally.dropped.groupedByThousands) dropped (where:, status_map: ~, h:1)"
            + (refused > 0 ? ", \(refused.groupedByThousands) with errors" : "")
            + (tally.comments > 0
                ? "; \(tally.comments.groupedByThousands) comment line\(tally.comments == 1 ? "" : "s") skipped" : "")
    }

    /// `https://api.example.org/heroes.json: downloaded, HTTP 200, 12,345 bytes, 87 ms`
    static func describe(_ source: RemoteFetcher.Report) -> String {
        let status = source.status.map { ", HTTP \($0)" } ?? ""
        return
            "\(source.url): \(source.outcome)\(status), \(source.bytes.groupedByThousands) bytes, \(source.milliseconds.groupedByThousands) ms"
    }

    private func writeReport(_ result: BuildReport, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(result).write(to: URL(fileURLWithPath: path))
        } catch {
            Terminal().complain(["\(path): error: cannot write the report: \(error.localizedDescription)"])
            throw ExitCode(1)
        }
    }
}

/// The build's idea of "now": `--now`, else `SOURCE_DATE_EPOCH`, else the clock.
enum BuildClock {
    static func instant(_ now: String?) -> Date? {
        if let now { return parse(now) }
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] {
            return Double(epoch).map { Date(timeIntervalSince1970: $0) }
        }
        return Date()
    }

    /// An ISO 8601 instant, or a bare day taken at noon UTC so it is that day in every zone
    /// from UTC-11 to UTC+11.
    static func parse(_ text: String) -> Date? {
        // A bare day without a formatter: making one loads ICU's calendars, a cost every build
        // given `--now DAY` paid twice.
        if let day = Day(iso: text), let epoch = Day(year: 1970, month: 1, day: 1) {
            return Date(timeIntervalSince1970: Double(epoch.days(until: day) * 86_400 + 12 * 3600))
        }
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = fractional.date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        return day.date(from: text).map { $0.addingTimeInterval(12 * 3600) }
    }
}
