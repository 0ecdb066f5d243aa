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
        let ranked = heroes.filter { !$0.stats.isEmpty }
        let keys = ranked.map { (total: -$0.statsTotal, name: $0.name.lowercased(), slug: $0.slug) }
        let ordered = ranked.indices.sorted { keys[$0] < keys[$1] }.map { ranked[$0] }
        var entries: [Entry] = []
        for (index, hero) in ordered.enumerated() {
            let tiedRank = entries.last.flatMap { $0.total == hero.statsTotal ? $0.rank : nil }
            let rank = tiedRank ?? index + 1
            entries.append(Entry(slug: hero.slug, total: hero.statsTotal, rank: rank))
        }
        self.entries = entries
        self.ranks = Dictionary(entries.map { ($0.slug, $0.rank) }, uniquingKeysWith: { first, _ in first })
    }

    /// The hero's rank, 1 for the strongest; nil when it has no stats or is not in the ranking.
    public func rank(of hero: Hero) -> Int? {
        ranks[hero.slug]
    }
}
