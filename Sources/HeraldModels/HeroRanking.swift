/// Ranks heroes by stats total, highest first. Equal totals share a rank (1, 2, 2, 4) and are
/// listed by name; heroes without any stat are not ranked.
public struct HeroRanking: Sendable {
    /// One ranked hero.
    public struct Entry: Sendable, Hashable {
        /// Where the hero stands in the array the ranking was made from.
        public var index: Int
        public var slug: String
        public var total: Double
        public var rank: Int
    }

    /// Best first.
    public let entries: [Entry]
    /// By position in the array the ranking was made from: a page asks by index, not by slug.
    private let ranks: [Int?]

    public init(_ heroes: [Hero]) {
        // Totals and lowercased names are worked out once per hero, not once per comparison:
        // thousands of heroes share a total, and the sort compares their names many times.
        // Indices, not heroes, are filtered and sorted: a hero is many strings and arrays, and
        // copying 100,000 of them is slower than the sort itself.
        let keys = heroes.indices.lazy.filter { !heroes[$0].stats.isEmpty }
            .map { (total: -heroes[$0].statsTotal, name: heroes[$0].name.lowercased(), slug: heroes[$0].slug, index: $0) }
            .sorted { $0 < $1 }
        var entries: [Entry] = []
        entries.reserveCapacity(keys.count)
        var ranks = [Int?](repeating: nil, count: heroes.count)
        for (position, key) in keys.enumerated() {
            let tiedRank = entries.last.flatMap { $0.total == -key.total ? $0.rank : nil }
            let rank = tiedRank ?? position + 1
            entries.append(Entry(index: key.index, slug: key.slug, total: -key.total, rank: rank))
            ranks[key.index] = rank
        }
        self.entries = entries
        self.ranks = ranks
    }

    /// The rank of the hero at `index` in the array the ranking was made from, 1 for the
    /// strongest; nil when it has no stats.
    public func rank(at index: Int) -> Int? {
        ranks.indices.contains(index) ? ranks[index] : nil
    }
}
