import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HeraldCore

/// Checks the links of a built site without building it: every page is read once, on every
/// core, then every link is resolved as a browser on the served site would, against the files
/// and anchors found.
public enum SiteLinkCheck {
    public struct Options: Sendable {
        public var output: URL
        /// How the output folder is named in messages: `Output` for a site's own.
        public var shownAs: String
        public var address: SiteAddress
        public var filter: LinkFilter

        public init(output: URL, shownAs: String, address: SiteAddress, filter: LinkFilter) {
            self.output = output
            self.shownAs = shownAs
            self.address = address
            self.filter = filter
        }
    }

    /// What the check found.
    public struct Report: Sendable {
        public var pages = 0
        /// Links to the site's own files that were checked.
        public var links = 0
        /// Links left alone because an exclude pattern matched them.
        public var excluded = 0
        /// Broken links and missing anchors, in page order then line order.
        public var problems: [Diagnostic] = []
        /// Outside http(s) URLs, each once, in the order first met, with every place it is written.
        public var external: [ExternalLink] = []
        /// How many times outside URLs are written, in all.
        public var externalLinks = 0
    }

    public static func run(_ options: Options) -> Report {
        let listing = OutputListing(folder: options.output, shownAs: options.shownAs)
        // Each page by its path in the open output folder: the kernel walks the folder's own path once.
        let folder = FileBytes.openFolder(options.output.path) ?? AT_FDCWD
        defer { if folder != AT_FDCWD { close(folder) } }
        let scans = Parallel.map(listing.pages, chunk: 8) { page in read(page, in: folder, options) }
        var anchors: [String: Set<String>] = [:]
        anchors.reserveCapacity(scans.count)
        for (page, scan) in zip(listing.pages, scans) {
            if case .scanned(let found) = scan { anchors[page] = found.anchors }
        }
        let context = Context(options: options, listing: listing, anchors: anchors)
        let pageResults = Parallel.map(Array(listing.pages.indices), chunk: 8) { index in
            switch scans[index] {
            case .scanned(let found): return context.check(listing.pages[index], found)
            case .unreadable(let problem): return PageResult(problems: [problem])
            }
        }

        var report = Report()
        report.pages = listing.pages.count
        report.problems = listing.problems
        var externalIndex: [String: Int] = [:]
        for result in pageResults {
            report.links += result.links
            report.excluded += result.excluded
            report.problems += result.problems
            report.externalLinks += result.external.count
            for (url, place) in result.external {
                if let index = externalIndex[url] {
                    report.external[index].places.append(place)
                } else {
                    externalIndex[url] = report.external.count
                    report.external.append(ExternalLink(url: url, places: [place]))
                }
            }
        }
        return report
    }

    /// A page read and scanned, or why it could not be read.
    private enum PageRead: Sendable {
        case scanned(PageScan)
        case unreadable(Diagnostic)
    }

    private static func read(_ page: String, in folder: Int32, _ options: Options) -> PageRead {
        let dialect: HTMLScanner.Dialect = page.hasSuffix(".xml") ? .xml : .html
        do {
            let bytes =
                folder == AT_FDCWD
                ? try FileBytes.read(path: options.output.path + "/" + page)
                : try FileBytes.read(at: page, in: folder)
            return .scanned(bytes.withUnsafeBufferPointer { HTMLScanner.scan($0, dialect) })
        } catch {
            return .unreadable(
                .error(at: SourceLocation(file: options.shownAs + "/" + page), "cannot read the page: \(error.reason)"))
        }
    }

    /// What checking one page's links found.
    struct PageResult: Sendable {
        var links = 0
        var excluded = 0
        var problems: [Diagnostic] = []
        var external: [(String, SourceLocation)] = []
    }

    /// What every page's check reads: the files of the site and the anchors of its pages.
    struct Context: Sendable {
        let options: Options
        let listing: OutputListing
        let anchors: [String: Set<String>]

        func check(_ page: String, _ scan: PageScan) -> PageResult {
            let resolver = LinkResolver(address: options.address)
            let directory = resolver.directory(of: page, base: scan.base)
            var result = PageResult()
            let file = options.shownAs + "/" + page
            for link in scan.links {
                let target = resolver.resolve(link.url, page: page, directory: directory)
                if case .ignored = target { continue }
                if options.filter.excludes(link.url, target: target, address: options.address) {
                    result.excluded += 1
                    continue
                }
                let place = SourceLocation(file: file, line: link.line, column: link.column)
                switch target {
                case .ignored:
                    continue
                case .external(let url):
                    result.external.append((url, place))
                case .outsideBase(let path):
                    result.links += 1
                    let leads = link.url.hasPrefix("/") ? "" : "it leads to \(path), "
                    result.problems.append(
                        .error(
                            at: place,
                            "broken link '\(link.url)' "
                                + "(\(leads)outside the site's base path \(options.address.basePath))"))
                case .local(let path, let fragment):
                    result.links += 1
                    if let problem = problem(path: path, fragment: fragment, link: link.url) {
                        result.problems.append(.error(at: place, problem))
                    }
                }
            }
            return result
        }

        /// What is wrong with a link to `path#fragment`; nil when it leads somewhere.
        private func problem(path: String, fragment: String?, link: String) -> String? {
            guard let file = listing.target(of: path) else {
                return "broken link '\(link)' (\(Self.looksLikePage(path) ? "no such page" : "no such file"))"
            }
            guard let fragment, !fragment.isEmpty, let ids = anchors[file] else { return nil }
            // `#top` scrolls to the top of any page, as the HTML spec says, unless an element has it.
            if ids.contains(fragment) || fragment.lowercased() == "top" { return nil }
            return "missing anchor '#\(fragment)' in \(file)"
        }

        /// A folder, or a file whose name says page: what a reader would call a page.
        private static func looksLikePage(_ path: String) -> Bool {
            let name = path.split(separator: "/").last ?? ""
            return path.isEmpty || path.hasSuffix("/") || name.hasSuffix(".html") || name.hasSuffix(".htm")
                || !name.contains(".")
        }
    }
}

/// An outside URL and every place a page links to it.
public struct ExternalLink: Sendable {
    public var url: String
    public var places: [SourceLocation]
}
