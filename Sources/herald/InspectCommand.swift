import ArgumentParser
import Foundation
import HeraldCore
import HeraldMustache
import HeraldSite

/// `herald inspect`: which template makes a page, and the view data it is filled with.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print which template makes a page and its view data as JSON.",
        discussion: """
            The page is named by its address in the site: /, /tasks/, /heroes/anti-mage/, /feed.xml. \
            Prints a JSON object: "template", the template's name, "file", where it is read from \
            (Templates/… or the built-in theme), and "data", every key the template may use, \
            sorted. With --keys, prints only the key paths, one a line; a key of the items of a \
            list is written list.*.key. A path the site does not have is an error naming the \
            nearest one it has (exit 1).
            """)

    @Argument(help: ArgumentHelp("The page's address in the site, e.g. /heroes/anti-mage/.", valueName: "url-path"))
    var path: String

    @Flag(help: "Print only the key paths of the view data, one a line.")
    var keys = false

    @Option(help: "The site folder, holding herald.yml.")
    var source: String = "."

    @Flag(help: "Include pages marked draft: true.")
    var drafts = false

    @Flag(help: "Never fetch remote data; use the cache only.")
    var offline = false

    @Option(help: "The instant to build as (ISO 8601, or YYYY-MM-DD); default SOURCE_DATE_EPOCH, else the clock.")
    var now: String?

    func validate() throws {
        if let now, BuildClock.parse(now) == nil {
            throw ValidationError(
                "--now '\(now)' is not an ISO 8601 instant (2026-11-21T09:00:00Z) or a day (2026-11-21)")
        }
    }

    func run() throws {
        guard let instant = BuildClock.instant(now) else {
            Terminal().complain(["SOURCE_DATE_EPOCH: error: not a number of seconds"])
            throw ExitCode(2)
        }
        let site = URL(fileURLWithPath: source).standardizedFileURL
        var options = BuildOptions(site: site, output: site.appendingPathComponent("Output"), now: instant)
        options.drafts = drafts
        options.offline = offline
        let page: PageInspection
        do throws(DiagnosticError) {
            page = try SiteInspector.inspect(path, options: options)
        } catch {
            Terminal().complain(error.diagnostics.map { SiteBuild.relative($0, to: site) })
            throw ExitCode(1)
        }
        let text = keys ? page.data.keyPaths.joined(separator: "\n") : Self.json(page)
        print(text)
    }

    /// The template and its file first, where a reader looks, then the view data, keys sorted; laid
    /// out as Foundation's encoder lays out the data.
    static func json(_ page: PageInspection) -> String {
        let data = page.data.sortedJSON.replacingOccurrences(of: "\n", with: "\n  ")
        return "{\n  \"template\" : \(TemplateValue.string(page.template).sortedJSON),\n"
            + "  \"file\" : \(TemplateValue.string(page.file).sortedJSON),\n  \"data\" : \(data)\n}"
    }
}
