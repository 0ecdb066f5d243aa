import Foundation
import HeraldCore

/// The outside links found working lately (`.herald-cache/links.json`): URL → when it answered.
/// Only successes are kept, so a link that failed, or was only inconclusive, is asked again on the
/// next run however soon.
struct LinkCache {
    let file: URL
    private(set) var checked: [String: Date]

    private struct Stored: Codable {
        var version = 1
        var links: [String: Date]
    }

    /// The cache at `file`; empty when there is none or it cannot be read (it is only a cache).
    init(file: URL) {
        self.file = file
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        checked =
            (try? FileBytes.read(path: file.path, limit: Self.maxBytes))
            .flatMap { try? decoder.decode(Stored.self, from: Data($0)) }?.links ?? [:]
    }

    /// Far more than the successes of any site's links: a larger file is not the cache Herald
    /// wrote, and like one that cannot be read (a FIFO put in its place) it is passed over.
    static let maxBytes = 64 * 1024 * 1024

    /// Whether `url` answered within `maxAge` seconds before `now`.
    func isFresh(_ url: String, now: Date, maxAge: Double) -> Bool {
        guard let when = checked[url] else { return false }
        return now.timeIntervalSince(when) < maxAge && when <= now.addingTimeInterval(60)
    }

    mutating func record(_ url: String, at date: Date) {
        checked[url] = date
    }

    /// Writes the cache atomically, dropping what is older than `maxAge`; what cannot be written is
    /// reported, and costs only requests next time.
    mutating func save(now: Date, maxAge: Double) throws(DiagnosticError) {
        checked = checked.filter { now.timeIntervalSince($0.value) < maxAge }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(Stored(links: checked)).write(to: file, options: .atomic)
        } catch {
            throw DiagnosticError(
                .warning(
                    at: SourceLocation(file: file.path),
                    "cannot write the link cache: \(error.localizedDescription)"))
        }
    }
}
