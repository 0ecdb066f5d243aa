import Foundation
import HeraldCore
import HeraldLoaders

/// The disk cache of fetched pages (`.herald-cache/`): per URL (and `cache_key:`) the body and
/// what is needed to revalidate it. Request headers are never stored, so a token from the
/// environment cannot reach the cache; error responses are never stored either.
struct RemoteCache: Sendable {
    /// What the cache knows about one URL's body.
    struct Entry: Codable, Sendable {
        var url: String
        var etag: String?
        var lastModified: String?
        var contentType: String?
        /// When these bytes were first downloaded (or the server's Last-Modified): what a page
        /// calls the data's age, unchanged by a revalidation that found nothing new.
        var asOf: Date
        /// When the server last vouched for the bytes (a 200 or a 304): what `max_age` counts from.
        var checked: Date
        var size: Int
        var hash: String
        /// The next page's URL, when the source is paged.
        var next: String?
        /// How many records the source's pages gave last time (kept on the first page).
        var records: Int?
    }

    let folder: URL

    /// The entry's file stem: a hash of the method, the URL and the cache key.
    func key(url: String, cacheKey: String?) -> String {
        var hash = ContentHash()
        hash.combine("GET \(url)\n\(cacheKey ?? "")")
        return String(hash.value, radix: 16)
    }

    /// The entry and body under `key`, nil when there is none; a damaged entry is removed and
    /// `damaged` says so, never a crash.
    func read(_ key: String) -> (entry: Entry, body: [UInt8])?? {
        let meta = folder.appendingPathComponent(key + ".json")
        guard let data = try? FileBytes.read(path: meta.path, limit: Self.maxEntryBytes) else { return .some(nil) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        // The body is read up to the size its entry gives: one larger is damaged anyway.
        guard let entry = try? decoder.decode(Entry.self, from: Data(data)), entry.size >= 0,
            let body = try? FileBytes.read(path: folder.appendingPathComponent(key + ".body").path, limit: entry.size),
            body.count == entry.size, Self.hash(body) == entry.hash
        else {
            remove(key)
            return nil
        }
        return .some((entry, body))
    }

    /// Far more than an entry's URLs, validators and dates take; like a file that is no regular
    /// file (a FIFO put in its place), a larger one is no entry, and the URL is fetched again.
    static let maxEntryBytes = 1024 * 1024

    /// Saves `entry` (and `body`, when given) atomically: a reader sees the old entry or the new.
    func write(_ key: String, _ entry: Entry, body: [UInt8]?) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let body { try Self.replace(folder.appendingPathComponent(key + ".body"), with: Data(body)) }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try Self.replace(folder.appendingPathComponent(key + ".json"), with: try encoder.encode(entry))
    }

    func remove(_ key: String) {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(key + ".json"))
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(key + ".body"))
    }

    static func hash(_ bytes: [UInt8]) -> String {
        String(ContentHash.of(bytes), radix: 16)
    }

    private static func replace(_ file: URL, with data: Data) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(
            ".\(file.lastPathComponent).\(UUID().uuidString)")
        try data.write(to: temporary)
        if rename(temporary.path, file.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
