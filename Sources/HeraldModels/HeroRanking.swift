/// Ranks heroes by stats total, highest first. Equal totals share a rank (1, 2, 2, 4) and are
/// listed by name; heroes without any stat are not ranked.
public struct HeroRanking: Sendable {
    /// One ranked hero.
    public struct Entry: Sendable, Hashable {
        public var slug: String
        public var total: Double
        public var rank: Int
    }

    /// Best first.
    public let entries: [Entry]
    private let ranks: [String: Int]

    public init(_ heroes: [Hero]) {
        // Totals and lowercased names are worked out once per hero, not once per comparison:
        // thousands of heroes share a total, and the sort compares their names many times.
        // Indices, not heroes, are filtered and sorted: a hero is many strings and arrays, and
        // copying 100,000 of them is slower than the sort itself.
        let keys = heroes.indices.lazy.filter { !heroes[$0].stats.isEmpty }
            .map { (total: -heroes[$0].statsTotal, name: heroes[$0].name.lowercased(), slug: heroes[$0].slug) }
            .sorted { $0 < $1 }
        var entries: [Entry] = []
        entries.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() {
            let tiedRank = entries.last.flatMap { $0.total == -key.total ? $0.rank : nil }
            entries.append(Entry(slug: key.slug, total: -key.total, rank: tiedRank ?? index + 1))
        }
        self.entries = entries
        self.ranks = Dictionary(entries.map { ($0.slug, $0.rank) }, uniquingKeysWith: { first, _ in first })
    }

    /// The hero's rank, 1 for the strongest; nil when it has no stats or is not in the ranking.
    public func rank(of hero: Hero) -> Int? {
        ranks[hero.slug]
    }
}
