import Foundation
import HeraldMarkdown
import HeraldModels
import HeraldMustache

/// What every presenter may know about the site: its settings, the build's "now", the asset
/// routes, the sections that exist, and the shared `data` files. No I/O happens through it.
public struct SiteContext: Sendable {
    /// A Markdown page linked from the navigation.
    public struct NavPage: Sendable {
        public var title: String
        public var route: String
        public init(title: String, route: String) {
            self.title = title
            self.route = route
        }
    }

    /// Where a section's data came from, when it is a URL source.
    public struct DataSource: Sendable {
        public var url: String
        /// When its bytes were downloaded (or the server's Last-Modified): not when they were last checked.
        public var asOf: Date
        /// Why the latest fetch failed, when a cached copy stood in for it.
        public var failure: String?

        public init(url: String, asOf: Date, failure: String? = nil) {
            self.url = url
            self.asOf = asOf
            self.failure = failure
        }
    }

    public var title: String
    public var language: String
    /// Ends with `/`: an absolute URL (`https://example.org/board/`) or a path (`/`).
    public var baseURL: String
    public var timeZone: TimeZone
    public var now: Date
    /// Asset key (`herald_css`, `search_js`, `favicon_svg`: its path under `assets/` with every
    /// other character an underscore) → its content-hashed route.
    public var assets: [String: String]
    public var hasTasks: Bool
    public var hasHeroes: Bool
    public var pages: [NavPage]
    public var markdown: MarkdownRenderer
    /// Every file of the site's `data:` folder, by name, for templates as `data.NAME`.
    public var data: TemplateValue
    /// Section (`tasks`, `heroes`) → where its data came from, for sections read from a URL.
    public var dataSources: [String: DataSource] = [:]
    /// What the hero catalog is called on its pages and in the menu (`heroes.title:`).
    public var heroesTitle = "Heroes"
    /// The catalog's folder in the site, one path segment (`heroes.path:`).
    public var heroesFolder = "heroes"

    /// Whether the catalog goes by the default name, so its records are heroes to its pages' words.
    /// A catalog the site named otherwise (`Pokémon`, `Characters`) may hold anything: its pages
    /// name it by its title and count its records without a noun of Herald's choosing.
    var callsRecordsHeroes: Bool { heroesTitle == "Heroes" }

    /// `count` records of the catalog in words: "3 heroes", or in a catalog named otherwise the
    /// number and `elsewhere` ("809 in all").
    func heroCount(_ count: Int, elsewhere: String) -> String {
        callsRecordsHeroes ? Plural.count(count, one: "hero", many: "heroes") : "\(count) \(elsewhere)"
    }

    /// What an empty catalog says.
    var noHeroesYet: String { callsRecordsHeroes ? "No heroes yet." : "Nothing in \(heroesTitle) yet." }
    /// What a screen reader calls the links to a detail page's neighbours.
    var neighboursLabel: String {
        callsRecordsHeroes ? "Previous and next hero" : "Previous and next in \(heroesTitle)"
    }

    public init(
        title: String, language: String, baseURL: String, timeZone: TimeZone, now: Date,
        assets: [String: String], hasTasks: Bool, hasHeroes: Bool, pages: [NavPage],
        markdown: MarkdownRenderer, data: TemplateValue
    ) {
        self.title = title
        self.language = language
        self.baseURL = baseURL
        self.timeZone = timeZone
        self.now = now
        self.assets = assets
        self.hasTasks = hasTasks
        self.hasHeroes = hasHeroes
        self.pages = pages
        self.markdown = markdown
        self.data = data
    }

    /// The calendar day of `now` in the site's time zone: what "today" and "overdue" mean.
    public var today: Day { Day(now, in: timeZone) }

    public var dayText: DayText { DayText(today: today) }

    /// The full URL of a route, for the sitemap, the feed and canonical links.
    public func absoluteURL(_ route: String) -> String { baseURL + route }

    /// The path part of the base URL (`/board/`), for pages served at unknown depth.
    public var basePath: String {
        guard let url = URL(string: baseURL), url.host != nil else { return baseURL }
        let path = url.path
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// The view data every page's layout needs: site, navigation, assets, standard links.
    public func chrome(
        route: String, title pageTitle: String, description: String, links: Linker,
        section: String
    ) -> TemplateMap {
        chrome(sharedChrome(links: links, section: section), route: route, title: pageTitle, description: description)
    }

    /// What `chrome` gives every page of one section at one depth (so with the same `links`): all
    /// but the page's title, description and canonical URL. A presenter of 10,000 pages alike makes
    /// it once and passes it to `chrome(_:route:title:description:)` for each.
    public func sharedChrome(links: Linker, section: String) -> TemplateMap {
        var nav: [TemplateValue] = [navItem("Home", "", links, current: section == "home")]
        if hasTasks { nav.append(navItem("Tasks", "tasks/", links, current: section == "tasks")) }
        if hasHeroes { nav.append(navItem(heroesTitle, heroesFolder + "/", links, current: section == "heroes")) }
        for page in pages { nav.append(navItem(page.title, page.route, links, current: section == page.route)) }
        var assetLinks: TemplateMap = [:]
        for (name, assetRoute) in assets { assetLinks[name] = .string(links.href(assetRoute)) }
        // Room for the page's own keys, so that adding them does not grow the copy again.
        var view = TemplateMap(minimumCapacity: 32)
        view["site"] = [
            "title": .string(title), "language": .string(language), "base_url": .string(baseURL),
            "heroes_title": .string(heroesTitle)
        ]
        view["nav"] = .list(nav)
        view["assets"] = .map(assetLinks)
        view["links"] = .map(standardLinks(links))
        // No date: a page that shows nothing of today must not change from one day to the next.
        view["footer"] = "Built by Herald."
        view["data_source"] = dataSourceView(section)
        view["data"] = data
        return view
    }

    /// `shared` (from `sharedChrome` for the page's section and depth) with the page's own title,
    /// description and canonical URL.
    public func chrome(
        _ shared: TemplateMap, route: String, title pageTitle: String,
        description: String
    ) -> TemplateMap {
        var view = shared
        view["page_title"] = .string(pageTitle == title ? title : "\(pageTitle) · \(title)")
        view["description"] = .string(description)
        view["canonical"] = .string(absoluteURL(route))
        return view
    }

    /// Links most pages use; presenters add their own to this map.
    public func standardLinks(_ links: Linker) -> TemplateMap {
        [
            "home": .string(links.href("")),
            "root": .string(links.root),
            "feed": .string(links.href("feed.xml")),
            "tasks": .string(links.href("tasks/")),
            "report": .string(links.href("tasks/report/")),
            "report_md": .string(links.href("tasks/report.md")),
            "heroes": .string(links.href(heroesFolder + "/")),
            "search_index": .string(links.href(heroesFolder + "/search-index.js"))
        ]
    }

    /// The footer of a page that shows what today makes of the data (due in 2 days, overdue):
    /// the day it was built, so that a reader knows what those words count from.
    public var datedFooter: TemplateValue {
        .string("Built by Herald on \(dayText.long(today)); due dates count from that day.")
    }

    /// "Data from api.example.org, as of Nov 23, 14:02", and a notice when a stale copy stood in.
    func dataSourceView(_ section: String) -> TemplateValue {
        guard let source = dataSources[section] else { return .null }
        let host = URL(string: source.url)?.host ?? source.url
        let day = Day(source.asOf, in: timeZone)
        let asOf = "\(dayText.short(day)), \(Self.clockTime(source.asOf, in: timeZone))"
        return [
            "text": .string("Data from \(host), as of \(asOf)."),
            "stale": .bool(source.failure != nil),
            "stale_text": .string(
                source.failure.map {
                    "The source could not be reached (\($0)); showing the copy from \(dayText.short(day))."
                } ?? "")
        ]
    }

    /// `14:02`, in `zone`.
    static func clockTime(_ date: Date, in zone: TimeZone) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
        let minutes = ((seconds / 60) % 1440 + 1440) % 1440
        let (hour, minute) = (minutes / 60, minutes % 60)
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    private func navItem(_ label: String, _ route: String, _ links: Linker, current: Bool) -> TemplateValue {
        ["label": .string(label), "href": .string(links.href(route)), "current": .bool(current)]
    }
}
