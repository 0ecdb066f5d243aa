import Foundation
import HeraldCore
import HeraldLoaders
@testable import HeraldRemote
import HeraldTestSupport
import Testing

// The disk cache of fetched pages as a unit, and the fetcher's use of it where no request is
// made (a fresh copy, --offline) or none can succeed (nothing listens on port 1).

private let url = "http://127.0.0.1:1/tasks.json"
private let now = Date(timeIntervalSince1970: 1_795_000_000)
private let body = Array(#"[{"title":"Call Mom"}]"#.utf8)

private func entry(checked: Date, body: [UInt8] = body) -> RemoteCache.Entry {
    RemoteCache.Entry(
        url: url, etag: "\"v1\"", lastModified: nil, contentType: "application/json",
        asOf: checked, checked: checked, size: body.count, hash: RemoteCache.hash(body))
}

private func files(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

@Test func anEntryIsReadBackAsWrittenAndNothingElseIsLeftBeside() throws {
    let site = try TemporarySite()
    defer { withExtendedLifetime(site) {} }
    let folder = site.url(".herald-cache")
    let cache = RemoteCache(folder: folder)
    let key = cache.key(url: url, cacheKey: nil)
    #expect(cache.read(key).map { $0 == nil } == true, "no entry yet, and none damaged")
    try cache.write(key, entry(checked: now), body: body)
    let read = try #require(cache.read(key) ?? nil)
    #expect(read.body == body)
    #expect(read.entry.etag == "\"v1\"" && read.entry.checked == now && read.entry.hash == RemoteCache.hash(body))
    #expect(files(in: folder) == [key + ".body", key + ".json"])

    // A revalidation writes the entry alone; the body stays.
    try cache.write(key, entry(checked: now.addingTimeInterval(60)), body: nil)
    let revalidated = try #require(cache.read(key) ?? nil)
    #expect(revalidated.body == body && revalidated.entry.checked == now.addingTimeInterval(60))
}

@Test func theKeyIsTheURLAndTheCacheKeyAndNothingElse() {
    let cache = RemoteCache(folder: URL(fileURLWithPath: "/nonexistent"))
    #expect(cache.key(url: url, cacheKey: nil) == cache.key(url: url, cacheKey: nil))
    #expect(cache.key(url: url, cacheKey: nil) != cache.key(url: url, cacheKey: "staging"))
    #expect(cache.key(url: url, cacheKey: "a") != cache.key(url: url, cacheKey: "b"))
    #expect(cache.key(url: url, cacheKey: nil) != cache.key(url: url + "?page=2", cacheKey: nil))
}

@Test func aDamagedEntryIsDiscardedNeverTrusted() throws {
    let site = try TemporarySite()
    defer { withExtendedLifetime(site) {} }
    let folder = site.url(".herald-cache")
    let cache = RemoteCache(folder: folder)
    let key = cache.key(url: url, cacheKey: nil)
    let bodyFile = folder.appendingPathComponent(key + ".body")
    let entryFile = folder.appendingPathComponent(key + ".json")
    let damages: [(String, () throws -> Void)] = [
        ("a body of other bytes", { try Data(#"[{"title":"Call Dad"}]"#.utf8).write(to: bodyFile) }),
        ("a cut body", { try Data(body.dropLast()).write(to: bodyFile) }),
        ("no body", { try FileManager.default.removeItem(at: bodyFile) }),
        ("an entry that is not JSON", { try Data(#"{"url":"#.utf8).write(to: entryFile) })
    ]
    for (damage, apply) in damages {
        try cache.write(key, entry(checked: now), body: body)
        try apply()
        #expect(cache.read(key).map { _ in "read" } == nil, "\(damage)")
        #expect(files(in: folder).isEmpty, "\(damage)")
    }
}

private func fetcher(_ folder: URL, offline: Bool = false) -> RemoteFetcher {
    var settings = RemoteFetcher.Settings(cacheFolder: folder, now: now)
    settings.offline = offline
    settings.backoffScale = 0
    return RemoteFetcher(settings: settings)
}

@Test func aFreshCopyIsUsedWithoutARequestAndAnOldOneOnlyWhenTheFetchFails() throws {
    let site = try TemporarySite()
    defer { withExtendedLifetime(site) {} }
    let folder = site.url(".herald-cache")
    let cache = RemoteCache(folder: folder)
    try cache.write(cache.key(url: url, cacheKey: nil), entry(checked: now.addingTimeInterval(-60)), body: body)
    let fresh = fetcher(folder)
    #expect(try fresh.documents(for: SourceSpec(path: url)).map(\.bytes) == [body])
    #expect(fresh.reports.map(\.outcome) == ["fresh"])
    #expect(fresh.log.all.isEmpty)

    // Past its max_age: asked for, and as nothing answers, the copy stands in with a warning.
    var spec = SourceSpec(path: url)
    spec.remote.maxAge = .seconds(30)
    let stale = fetcher(folder)
    #expect(try stale.documents(for: spec).map(\.bytes) == [body])
    #expect(stale.reports.map(\.outcome) == ["stale"])
    #expect(stale.status(of: url)?.failure == "connection refused")
    #expect(
        stale.log.all.map(\.message) == [
            "cannot fetch the source (connection refused); building from the copy of "
                + "Nov 18, 2026 11:05 (1 minute old)"
        ])
}

@Test func offlineTheCacheIsAllThereIs() throws {
    let site = try TemporarySite()
    defer { withExtendedLifetime(site) {} }
    let folder = site.url(".herald-cache")
    do {
        _ = try fetcher(folder, offline: true).documents(for: SourceSpec(path: url))
        Issue.record("built offline from no copy")
    } catch {
        #expect(
            error.diagnostics.map(\.message)
                == ["no cached copy to build from, and --offline fetches nothing; build once without --offline"])
    }
    // However old the copy: offline, it is what the build reads.
    let cache = RemoteCache(folder: folder)
    try cache.write(
        cache.key(url: url, cacheKey: nil), entry(checked: now.addingTimeInterval(-86_400 * 30)), body: body)
    let offline = fetcher(folder, offline: true)
    #expect(try offline.documents(for: SourceSpec(path: url)).map(\.bytes) == [body])
    #expect(offline.reports.map(\.outcome) == ["offline"])
}

@Test func aDamagedCopyIsSaidAndNotBuiltFrom() throws {
    let site = try TemporarySite()
    defer { withExtendedLifetime(site) {} }
    let folder = site.url(".herald-cache")
    let cache = RemoteCache(folder: folder)
    let key = cache.key(url: url, cacheKey: nil)
    try cache.write(key, entry(checked: now), body: body)
    try Data("[]".utf8).write(to: folder.appendingPathComponent(key + ".body"))
    let damaged = fetcher(folder, offline: true)
    #expect(throws: DiagnosticError.self) { try damaged.documents(for: SourceSpec(path: url)) }
    #expect(damaged.log.all.map(\.message) == ["the cached copy was damaged and is discarded"])
}
