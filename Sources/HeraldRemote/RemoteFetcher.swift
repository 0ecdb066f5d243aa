import Foundation
import HeraldCore
import HeraldLoaders
import Synchronization

/// Fetches the URL sources of one build through the disk cache: fresh copies are used without
/// a request, stale ones are revalidated, failures fall back to the cached copy with a warning.
/// Each source is fetched once per build, whoever asks first (the up-to-date check or a loader).
public final class RemoteFetcher: RemoteSource {
    /// What the build asks of the fetcher.
    public struct Settings: Sendable {
        /// Where the cache lives (`.herald-cache/` beside herald.yml, or `--cache-dir`).
        public var cacheFolder: URL
        /// Cache only: no socket is opened (`--offline`).
        public var offline = false
        /// Revalidate even fresh copies (`--refresh`).
        public var refresh = false
        /// The build's "now", for `max_age` and the age of copies.
        public var now: Date
        /// The site's zone, for the dates in messages.
        public var timeZone: TimeZone = .gmt
        /// Scales the waits between retries; tests of a failing server need not wait real seconds.
        public var backoffScale = 1.0
        /// The environment `${NAME}` in headers is read from.
        public var environment: [String: String] = ProcessInfo.processInfo.environment

        public init(cacheFolder: URL, now: Date) {
            self.cacheFolder = cacheFolder
            self.now = now
        }
    }

    /// How a source was obtained, for `--report` and `--verbose`.
    public struct Report: Sendable, Codable, Equatable {
        public var url: String
        /// `fresh` (cache, no request), `revalidated` (304), `downloaded`, `stale` (fetch failed,
        /// cached copy used) or `offline`.
        public var outcome: String
        public var status: Int?
        public var bytes: Int
        public var milliseconds: Int
    }

    /// Where a source's data came from and how old it is, for the pages built from it.
    public struct Status: Sendable {
        public var url: String
        /// When its bytes were downloaded, or the server's Last-Modified.
        public var asOf: Date
        /// Why the fetch failed, when a cached copy stood in for it.
        public var failure: String?
    }

    private struct State {
        var documents: [String: [RemoteDocument]] = [:]
        var reports: [Report] = []
        var statuses: [String: Status] = [:]
    }

    private let settings: Settings
    private let cache: RemoteCache
    private let state = Mutex(State())
    /// Warnings for the build: stale copies, damaged cache entries, empty answers.
    public let log = DiagnosticLog()

    public init(settings: Settings) {
        self.settings = settings
        cache = RemoteCache(folder: settings.cacheFolder)
    }

    /// How every source fetched so far was obtained, in the order they were fetched.
    public var reports: [Report] { state.withLock { $0.reports } }

    /// Where the data of the source at `url` came from, once fetched.
    public func status(of url: String) -> Status? { state.withLock { $0.statuses[url] } }

    /// The pages of `spec`, first to last: fetched, revalidated or taken from the cache.
    public func documents(for spec: SourceSpec) throws(DiagnosticError) -> [RemoteDocument] {
        let key = Self.sourceKey(spec)
        if let known = state.withLock({ $0.documents[key] }) { return known }
        let started = DispatchTime.now()
        var pages: [RemoteDocument] = []
        var outcomes: [(outcome: String, status: Int?)] = []
        var seen: [String: Int] = [:]
        var failure: String?
        var asOf = Date.distantPast
        var url = spec.path
        // One client and one reading of the environment for all of a source's pages, made only
        // when a page needs asking for: a fresh or offline copy needs neither.
        var asker: Asker?
        let ask = { () throws(DiagnosticError) -> Asker in
            if let asker { return asker }
            let made = Asker(
                client: HTTPFetcher(
                    timeout: spec.timeout, maxBytes: spec.maxBytes,
                    backoffScale: self.settings.backoffScale),
                secrets: try SourceSecrets(spec, environment: self.settings.environment))
            asker = made
            return made
        }
        while true {
            seen[url] = pages.count + 1
            let page = try fetch(url, spec: spec, page: pages.count + 1, ask: ask)
            pages.append(page.document)
            outcomes.append((page.outcome, page.status))
            failure = failure ?? page.failure
            asOf = max(asOf, page.entry.asOf)
            guard let next = page.entry.next else { break }
            if let earlier = seen[next] {
                throw DiagnosticError(
                    .error(
                        at: SourceLocation(file: url),
                        "page \(pages.count) links back to page \(earlier) (\(next)) as its next page: the pages loop"))
            }
            guard pages.count < spec.remote.maxPages else {
                throw DiagnosticError(
                    .error(
                        at: SourceLocation(file: spec.path),
                        "more than \(spec.remote.maxPages) pages (raise the source's max_pages: to read more)"))
            }
            url = next
        }
        let milliseconds = Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000)
        // The source's outcome is its worst page's: one stale page makes a stale source.
        let order = ["stale", "downloaded", "revalidated", "offline", "fresh"]
        let outcome = order.first { name in outcomes.contains { $0.outcome == name } } ?? "fresh"
        let report = Report(
            url: spec.path, outcome: outcome, status: outcomes.compactMap(\.status).last,
            bytes: pages.reduce(0) { $0 + $1.bytes.count }, milliseconds: milliseconds)
        state.withLock { state in
            state.documents[key] = pages
            state.reports.append(report)
            state.statuses[spec.path] = Status(url: spec.path, asOf: asOf, failure: failure)
        }
        return pages
    }

    /// Notes how many records the source gave: an answer that parses to none, where the last
    /// one had some, is a warning (a site is never silently emptied).
    public func noteRecords(_ count: Int, of spec: SourceSpec) {
        let key = cache.key(url: spec.path, cacheKey: spec.remote.cacheKey)
        guard case let cached?? = cache.read(key) else { return }
        if count == 0, let before = cached.entry.records, before > 0,
            status(of: spec.path)?.failure == nil, reports.last(where: { $0.url == spec.path })?.outcome == "downloaded"
        {
            log.add([
                .warning(
                    at: SourceLocation(file: spec.path),
                    "the source now gives no records, where its last copy gave \(before); check the source")
            ])
        }
        var entry = cached.entry
        guard entry.records != count, !settings.offline else { return }
        entry.records = count
        try? cache.write(key, entry, body: nil)
    }

    // MARK: One page

    /// What asks a source's pages: its HTTP client and the secrets of its URL and headers.
    private struct Asker {
        var client: HTTPFetcher
        var secrets: SourceSecrets
    }

    private struct Page {
        var document: RemoteDocument
        var entry: RemoteCache.Entry
        var outcome: String
        var status: Int?
        var failure: String?
    }

    private func fetch(
        _ url: String, spec: SourceSpec, page number: Int,
        ask: () throws(DiagnosticError) -> Asker
    ) throws(DiagnosticError) -> Page {
        let key = cache.key(url: url, cacheKey: spec.remote.cacheKey)
        let cached = cachedCopy(key, url: url)
        if settings.offline {
            guard let cached else {
                throw DiagnosticError(
                    .error(
                        at: SourceLocation(file: url),
                        "no cached copy to build from, and --offline fetches nothing; build once without --offline"))
            }
            return Self.page(url, from: cached, "offline")
        }
        if let cached, !settings.refresh,
            settings.now.timeIntervalSince(cached.entry.checked) < spec.remote.maxAge.inSeconds
        {
            return Self.page(url, from: cached, "fresh")
        }
        let asker = try ask()
        var headers: [(String, String)] = []
        if let etag = cached?.entry.etag { headers.append(("If-None-Match", etag)) }
        if let modified = cached?.entry.lastModified { headers.append(("If-Modified-Since", modified)) }
        let cause: String
        let secrets = asker.secrets
        switch asker.client.get(
            secrets.expand(url), headers: headers, secrets: secrets.headers,
            owner: WebOrigin(secrets.expand(spec.path)))
        {
        case .success(let response) where response.status == 304:
            guard var copy = cached else {
                cause = "HTTP 304 for a request that had no cached copy"
                break
            }
            copy.entry.checked = settings.now
            try? cache.write(key, copy.entry, body: nil)
            return Self.page(url, from: copy, "revalidated", status: 304)
        case .success(let response) where (200..<300).contains(response.status) && !Self.isBlank(response.body):
            return try downloaded(
                response, url: url, key: key, cached: cached, page: number, spec: spec, secrets: secrets)
        case .success(let response) where (200..<300).contains(response.status):
            cause = "\(HTTPRetry.describe(response.status)) with an empty body"
        case .success(let response):
            cause = HTTPRetry.describe(response.status)
        case .failure(let failure):
            cause = secrets.redact(failure.cause)
        }
        return try stale(cached, url: url, cause: cause)
    }

    /// The cached copy served when the fetch failed, said with its age; without one, the error.
    private func stale(
        _ cached: (entry: RemoteCache.Entry, body: [UInt8])?, url: String,
        cause: String
    ) throws(DiagnosticError) -> Page {
        guard let cached else {
            throw DiagnosticError(
                .error(
                    at: SourceLocation(file: url),
                    "cannot fetch the source (\(cause)), and there is no cached copy to build from"))
        }
        let age = Self.age(from: cached.entry.asOf, to: settings.now)
        log.add([
            .warning(
                at: SourceLocation(file: url),
                "cannot fetch the source (\(cause)); building from the copy of \(describe(cached.entry.asOf)) (\(age))")
        ])
        return Self.page(url, from: cached, "stale", failure: cause)
    }

    /// The cached copy of `url`; nil when there is none, or when it was damaged, which is said.
    private func cachedCopy(_ key: String, url: String) -> (entry: RemoteCache.Entry, body: [UInt8])? {
        switch cache.read(key) {
        case .some(let found): return found
        case .none:
            log.add([.warning(at: SourceLocation(file: url), "the cached copy was damaged and is discarded")])
            return nil
        }
    }

    /// A page served from a cached copy, and how (`offline`, `fresh`, `revalidated`, `stale`).
    private static func page(
        _ url: String, from copy: (entry: RemoteCache.Entry, body: [UInt8]), _ outcome: String,
        status: Int? = nil, failure: String? = nil
    ) -> Page {
        Page(
            document: RemoteDocument(url: url, bytes: copy.body, contentType: copy.entry.contentType),
            entry: copy.entry, outcome: outcome, status: status, failure: failure)
    }

    /// A page just downloaded, kept in the cache with its validators, its date and its next page.
    private func downloaded(
        _ response: HTTPFetcher.Response, url: String, key: String,
        cached: (entry: RemoteCache.Entry, body: [UInt8])?, page number: Int, spec: SourceSpec,
        secrets: SourceSecrets
    ) throws(DiagnosticError) -> Page {
        let hash = RemoteCache.hash(response.body)
        let lastModified = response.header("Last-Modified")
        let asOf =
            lastModified.flatMap(HTTPRetry.httpDate)
            ?? (cached.map { $0.entry.hash == hash } == true ? cached?.entry.asOf : nil) ?? settings.now
        let entry = RemoteCache.Entry(
            url: url, etag: response.header("ETag"), lastModified: lastModified,
            contentType: response.header("Content-Type"), asOf: asOf, checked: settings.now,
            size: response.body.count, hash: hash,
            next: try nextPage(of: response, page: number, spec: spec, secrets: secrets),
            records: number == 1 ? cached?.entry.records : nil)
        try? cache.write(key, entry, body: response.body)
        return Page(
            document: RemoteDocument(url: url, bytes: response.body, contentType: entry.contentType),
            entry: entry, outcome: "downloaded", status: response.status)
    }

    /// The page's next page (`NextPage`), kept with the source's secrets put back as `${NAME}`.
    private func nextPage(
        of response: HTTPFetcher.Response, page number: Int, spec: SourceSpec,
        secrets: SourceSecrets
    ) throws(DiagnosticError) -> String? {
        switch NextPage.find(
            linkHeaders: response.headers["Link"], body: response.body, nextPath: spec.remote.next,
            pageURL: response.url)
        {
        case .success(let next):
            return next.map(secrets.redact)
        case .failure(let refusal):
            throw DiagnosticError(.error(at: SourceLocation(file: spec.path), "page \(number) \(refusal.cause)"))
        }
    }

    /// An answer with nothing but white space in it: a server's failure, not a source with no records.
    private static func isBlank(_ body: [UInt8]) -> Bool {
        body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    // MARK: Words and dates

    private static func sourceKey(_ spec: SourceSpec) -> String {
        "\(spec.path)\n\(spec.remote.cacheKey ?? "")"
    }

    /// "Nov 20, 2026 14:02" in the site's zone.
    private func describe(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = settings.timeZone
        formatter.dateFormat = "MMM d, yyyy HH:mm"
        return formatter.string(from: date)
    }

    /// "3 days old", "2 hours old", "just fetched".
    static func age(from then: Date, to now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(then))
        switch seconds {
        case ..<60: return "under a minute old"
        case ..<3600: return "\(seconds / 60) minute\(seconds / 60 == 1 ? "" : "s") old"
        case ..<86_400: return "\(seconds / 3600) hour\(seconds / 3600 == 1 ? "" : "s") old"
        default: return "\(seconds / 86_400) day\(seconds / 86_400 == 1 ? "" : "s") old"
        }
    }
}
