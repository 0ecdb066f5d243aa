import Foundation
@testable import HeraldRemote
import HeraldTestSupport
import Testing

// A FIFO put where the cache keeps an entry is passed over, as a file that cannot be read is.

private let url = "https://example.com/tasks.json"

/// What `RemoteCache.read` found: no entry, a damaged one (removed), or one it read.
private func outcome(_ read: (entry: RemoteCache.Entry, body: [UInt8])??) -> String {
    switch read {
    case .none: "damaged"
    case .some(.none): "none"
    case .some(.some): "read"
    }
}

@Test func aCacheEntryThatIsAFIFOIsNoEntryNotAHang() throws {
    let folder = try TemporarySite()
    let cache = RemoteCache(folder: folder.url(".herald-cache"))
    let key = cache.key(url: url, cacheKey: nil)
    let entry = folder.url(".herald-cache/\(key).json")
    try SpecialFiles.fifo(at: entry)
    let read = SpecialFiles.unblocking(entry, after: 10) { outcome(cache.read(key)) }
    #expect(read == "none", "reading the cache blocked on a FIFO")
}

@Test func aCacheBodyThatIsAFIFOIsADamagedEntryNotAHang() throws {
    let folder = try TemporarySite()
    let cache = RemoteCache(folder: folder.url(".herald-cache"))
    let key = cache.key(url: url, cacheKey: nil)
    let body = Array("[]".utf8)
    let now = Date()
    try cache.write(
        key, RemoteCache.Entry(url: url, asOf: now, checked: now, size: body.count, hash: RemoteCache.hash(body)),
        body: body)
    #expect(outcome(cache.read(key)) == "read")
    let bodyFile = folder.url(".herald-cache/\(key).body")
    try FileManager.default.removeItem(at: bodyFile)
    try SpecialFiles.fifo(at: bodyFile)
    let read = SpecialFiles.unblocking(bodyFile, after: 10) { outcome(cache.read(key)) }
    #expect(read == "damaged", "reading a cached body blocked on a FIFO")
}
