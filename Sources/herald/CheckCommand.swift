import ArgumentParser
import Foundation
import HeraldCheck
import HeraldConfig
import HeraldCore

/// `herald check`: the links of the built site, checked where they lead.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the links, anchors, images and assets of the built site.",
        discussion: """
            Reads the built site (it does not build) and checks every href, src and srcset of every page, \
            and the URLs of sitemap.xml and feed.xml: the file exists (a folder by its index.html), the \
            #fragment names an id on that page, and the link stays under the base_url path. Each problem \
            is printed as page:line:column: error: message. With --external, outside http(s) links are \
            asked too: 401, 403 and a lasting 429 are warnings, as the server would not say; links that \
            worked are remembered in .herald-cache/links.json for --max-age. Exits 1 when a link is broken.
            """)

    @Option(help: "The site folder, holding herald.yml.")
    var source: String = "."

    @Option(help: "The built site to check (default: Output/ in the site folder).")
    var output: String?

    @Option(name: .customLong("base-url"), help: "Override base_url from herald.yml.")
    var baseURL: String?

    @Flag(help: "Check outside http(s) links over the network too.")
    var external = false

    @Option(
        help: ArgumentHelp("Leave links that this regular expression finds unchecked (repeatable).", valueName: "regex")
    )
    var exclude: [String] = []

    @Option(help: "Outside links asked at once, in all.")
    var concurrency = 16

    @Option(help: ArgumentHelp("How long an outside link may take to answer (e.g. 20s).", valueName: "duration"))
    var timeout = "20s"

    @Option(
        name: .customLong("max-age"),
        help: ArgumentHelp(
            "How long an outside link that worked is not asked again (e.g. 1d, 12h, 0).", valueName: "duration"))
    var maxAge = "1d"

    @Option(
        name: .customLong("cache-dir"),
        help: "Where links that worked are remembered (default: .herald-cache/ in the site folder).")
    var cacheDir: String?

    @Flag(name: [.short, .long], help: "Print errors only: no warnings, no summary.")
    var quiet = false

    func validate() throws {
        guard concurrency >= 1 else { throw ValidationError("--concurrency must be at least 1") }
        guard let seconds = Durations.seconds(in: timeout), seconds > 0 else {
            throw ValidationError("--timeout '\(timeout)' is not a duration such as 20s or 1m")
        }
        guard seconds <= Durations.longestTimeout else {
            throw ValidationError(
                "--timeout may be at most \(Durations.describe(Durations.longestTimeout)), found '\(timeout)'")
        }
        guard Durations.seconds(in: maxAge) != nil else {
            throw ValidationError("--max-age '\(maxAge)' is not a duration such as 1d, 12h or 0")
        }
        for pattern in exclude where CheckConfig.problem(inPattern: pattern) != nil {
            throw ValidationError("--exclude '\(pattern)' is not a regular expression")
        }
        if let baseURL, SiteConfig.normalizedBaseURL(baseURL) == nil {
            throw ValidationError("--base-url '\(baseURL)' is not an http(s) URL or a path starting with '/'")
        }
    }

    func run() async throws {
        let site = URL(fileURLWithPath: source).standardizedFileURL
        let config = try SiteConfig.loadOrExit(site: site)
        let outputFolder =
            output.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? site.appendingPathComponent("Output")
        let shownAs = output ?? (source == "." ? "Output" : site.appendingPathComponent("Output").relativeShown)
        let filter: LinkFilter
        do {
            filter = try LinkFilter(patterns: config.check.exclude + exclude)
        } catch {
            Terminal().complain(["--exclude: error: '\(error.pattern)' is not a regular expression"])
            throw ExitCode(2)
        }
        let address = SiteAddress(baseURL: baseURL.flatMap(SiteConfig.normalizedBaseURL) ?? config.baseURL)
        let report = SiteLinkCheck.run(
            SiteLinkCheck.Options(
                output: outputFolder, shownAs: shownAs,
                address: address, filter: filter))
        guard report.pages > 0 else {
            Terminal().complain(["\(shownAs): error: no pages to check here; run herald build first"])
            throw ExitCode(1)
        }
        var problems = report.problems
        var outcome: ExternalLinkCheck.Outcome?
        if external {
            var options = ExternalLinkCheck.Options(
                cacheFile: (cacheDir.map { URL(fileURLWithPath: $0) } ?? site.appendingPathComponent(".herald-cache"))
                    .appendingPathComponent("links.json"))
            options.concurrency = concurrency
            options.timeout = .seconds(Durations.seconds(in: timeout) ?? 20)
            options.maxAge = Double(Durations.seconds(in: maxAge) ?? 86_400)
            let checked = await ExternalLinkCheck.run(report.external, options)
            problems += checked.problems
            outcome = checked
        }
        problems.sort(by: Self.inReadingOrder)
        let errors = problems.filter { $0.severity == .error }
        if quiet {
            Terminal().complain(errors.map(\.description))
        } else {
            Terminal().complain(problems.map(\.description))
            print(Self.summary(report, outcome, broken: errors.count))
        }
        if !errors.isEmpty { throw ExitCode(1) }
    }

    /// `Checked 10,019 pages, 182,304 links: 2 broken`, with what was not checked or not sure.
    static func summary(_ report: SiteLinkCheck.Report, _ outcome: ExternalLinkCheck.Outcome?, broken: Int) -> String {
        let links = report.links + (outcome == nil ? 0 : report.externalLinks)
        var text =
            "Checked \(report.pages.groupedByThousands) page\(report.pages == 1 ? "" : "s"), \(links.groupedByThousands) link\(links == 1 ? "" : "s"): "
            + "\(broken.groupedByThousands) broken"
        if let outcome {
            if outcome.inconclusive > 0 { text += ", \(outcome.inconclusive.groupedByThousands) inconclusive" }
            text +=
                " (\(report.external.count.groupedByThousands) outside URLs: \(outcome.asked.groupedByThousands) asked, \(outcome.cached.groupedByThousands) cached)"
        } else if report.externalLinks > 0 {
            text += " (\(report.externalLinks.groupedByThousands) outside links not checked: add --external)"
        }
        if report.excluded > 0 { text += "; \(report.excluded.groupedByThousands) excluded" }
        return text
    }

    /// Page by page, then by line and column, as a reader goes through them.
    static func inReadingOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.location.file, a.location.line, a.location.column) < (b.location.file, b.location.line, b.location.column)
    }
}

private extension URL {
    /// The path relative to the working folder when it lies inside it, for shorter messages.
    var relativeShown: String {
        let here = FileManager.default.currentDirectoryPath
        return path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }
}
