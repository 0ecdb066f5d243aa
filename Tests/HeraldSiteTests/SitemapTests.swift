import Foundation
import HeraldBuilder
import HeraldMarkdown
import HeraldModels
import HeraldMustache
import HeraldPresenters
@testable import HeraldSite
import HeraldTestSupport
import Testing

/// The sitemap files of a site whose pages are `routes`, rendered with the built-in theme.
private func siteFiles(_ routes: [String], urlsPerSitemap: Int, lastModified: [String: Day] = [:]) throws -> [String:
    String]
{
    let site = try TemporarySite()
    let context = SiteContext(
        title: "Big", language: "en", baseURL: "https://example.org/big/", timeZone: .gmt,
        now: try instant("2026-11-20T12:00:00Z"), assets: [:], hasTasks: false, hasHeroes: false,
        pages: [], markdown: MarkdownRenderer(), data: .map([:]))
    let home = HomePresenter(
        context: context, board: TaskBoardPresenter(tasks: [], columns: [], context: context),
        catalog: HeroCatalogPresenter(heroes: [], groupBy: [], perPage: 48, context: context))
    let coordinator = SiteFilesCoordinator(
        home: home, files: SiteFilesPresenter(context: context), tasks: [],
        lastModified: lastModified, urlsPerSitemap: urlsPerSitemap)
    let others: [OutputItem] = try routes.map { .file(try #require(OutputPath($0 + "index.html")), []) }
    let renderer = PageRenderer(library: try Theme(site: site.folder).library(), strict: true)
    var rendered: [String: String] = [:]
    for case .page(let job) in try coordinator.items(after: others) where job.output.value.hasPrefix("sitemap") {
        rendered[job.output.value] = String(
            decoding: try renderer.renderBytes(job.template, job.makeData(renderer)),
            as: UTF8.self)
    }
    return rendered
}

private func locations(in xml: String?) -> [String] {
    (xml ?? "").matches(of: #/<loc>([^<]*)</loc>/#).map { String($0.1) }
}

@Test func moreURLsThanOneSitemapHoldsMakeASitemapIndex() throws {
    let routes = (1...6).map { "p\($0)/" }
    let files = try siteFiles(routes, urlsPerSitemap: 3)
    // Six pages and the home page at three a sitemap: an index of three sitemaps.
    #expect(files.keys.sorted() == ["sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap.xml"])
    let index = try #require(files["sitemap.xml"])
    #expect(index.contains("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"))
    #expect(locations(in: index) == (1...3).map { "https://example.org/big/sitemap-\($0).xml" })
    let listed = (1...3).map { locations(in: files["sitemap-\($0).xml"]) }
    #expect(listed.map(\.count) == [3, 3, 1])
    #expect(
        listed.joined().sorted()
            == (["https://example.org/big/"] + routes.map { "https://example.org/big/" + $0 }).sorted())
}

@Test func aSitemapHoldsUpToItsLimitAlone() throws {
    let files = try siteFiles((1...2).map { "p\($0)/" }, urlsPerSitemap: 3)
    #expect(Array(files.keys) == ["sitemap.xml"])
    #expect(files["sitemap.xml"]?.contains("<urlset") == true)
    #expect(locations(in: files["sitemap.xml"]).count == 3)
    #expect(SiteFilesCoordinator.urlsPerSitemap == 50_000)
}

@Test func aPageWithADateGivesItsSitemapEntryThatDayAndNoOtherEntryGetsOne() throws {
    let day = try #require(Day(year: 2026, month: 11, day: 2))
    let files = try siteFiles(["about/", "tasks/"], urlsPerSitemap: 3, lastModified: ["about/": day])
    let sitemap = try #require(files["sitemap.xml"])
    #expect(sitemap.contains("<url><loc>https://example.org/big/about/</loc><lastmod>2026-11-02</lastmod></url>"))
    #expect(sitemap.matches(of: #/<lastmod>/#).count == 1)
}

@Test func theBinaryIsKnownByItsBuildIDNotItsBytes() throws {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let id = try #require(ProgramIdentity.buildID(of: executable))
    #expect(id.count >= 16 && id.allSatisfy(\.isHexDigit))
    #expect(ProgramIdentity.buildID(of: executable) == id)
    let site = try TemporarySite(["not-elf": "plain text"])
    #expect(ProgramIdentity.buildID(of: site.url("not-elf").path) == nil)
}
