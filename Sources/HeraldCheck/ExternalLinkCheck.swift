import Foundation
import HeraldCore

/// Checks a site's outside http(s) links over the network, a bounded number at once and at most a
/// few per host, remembering the ones that worked for a while (`.herald-cache/links.json`).
public enum ExternalLinkCheck {
    public struct Options: Sendable {
        /// Requests at once, in all.
        public var concurrency = 16
        /// Requests at once to any one host.
        public var perHost = 2
        public var timeout: Duration = .seconds(20)
        /// How long a link that worked is taken to work without asking again, in seconds.
        public var maxAge: Double = 86_400
        public var cacheFile: URL
        public var now = Date()

        public init(cacheFile: URL) {
            self.cacheFile = cacheFile
        }
    }

    /// What the check found.
    public struct Outcome: Sendable {
        /// An error (broken) or a warning (inconclusive) at every place a failing URL is written.
        public var problems: [Diagnostic] = []
        /// URLs asked over the network.
        public var asked = 0
        /// URLs that worked within `maxAge`, not asked again.
        public var cached = 0
        /// URLs broken, and URLs whose servers would not say.
        public var broken = 0
        public var inconclusive = 0

        public init() {}
    }

    public static func run(_ links: [ExternalLink], _ options: Options) async -> Outcome {
        var cache = LinkCache(file: options.cacheFile)
        var outcome = Outcome()
        let due = links.filter { !cache.isFresh($0.url, now: options.now, maxAge: options.maxAge) }
        outcome.cached = links.count - due.count
        outcome.asked = due.count
        let probe = LinkProbe(timeout: options.timeout)
        let slots = RequestSlots(total: options.concurrency, perHost: options.perHost)
        let verdicts = await withTaskGroup(of: (Int, LinkVerdict).self) { group in
            for (index, link) in due.enumerated() {
                group.addTask { (index, await probe.verdict(link.url, slots: slots)) }
            }
            var verdicts = [LinkVerdict](repeating: .working, count: due.count)
            for await (index, verdict) in group { verdicts[index] = verdict }
            return verdicts
        }
        await probe.shutdown()

        for (link, verdict) in zip(due, verdicts) {
            switch verdict {
            case .working:
                cache.record(link.url, at: options.now)
            case .broken(let why):
                outcome.broken += 1
                outcome.problems += link.places.map { .error(at: $0, "broken link '\(link.url)' (\(why))") }
            case .inconclusive(let why):
                outcome.inconclusive += 1
                outcome.problems += link.places.map { .warning(at: $0, "inconclusive link '\(link.url)' (\(why))") }
            }
        }
        do throws(DiagnosticError) {
            try cache.save(now: options.now, maxAge: options.maxAge)
        } catch {
            outcome.problems += error.diagnostics
        }
        return outcome
    }
}
