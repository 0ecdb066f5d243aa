import HeraldCore

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

    /// Ranks `heroes`; when they are `sortedByName` already (`HeroOrdering`), heroes of equal
    /// totals keep their order, which spares comparing their names.
    public init(_ heroes: [Hero], sortedByName: Bool = false) {
        // Totals (and lowercased names) are worked out once per hero on every core, not once per
        // comparison: thousands of heroes share a total, and the sort compares their names many
        // times. Indices, not heroes, are sorted: a hero is many strings and arrays, and copying
        // 100,000 of them is slower than the sort itself.
        let totals = Parallel.map(Array(heroes.indices), chunk: 1024) {
            heroes[$0].stats.isEmpty ? nil : heroes[$0].statsTotal
        }
        let ranked = heroes.indices.filter { totals[$0] != nil }
        let order: [Int]
        if sortedByName {
            // Sorted as the pairs themselves, not as indices reading their totals each comparison.
            order = ranked.map { (total: totals[$0] ?? 0, index: $0) }
                .sorted { ($0.total, $1.index) > ($1.total, $0.index) }.map { $0.index }
        } else {
            let names = Parallel.map(Array(heroes.indices), chunk: 1024) {
                (heroes[$0].name.lowercased(), heroes[$0].slug)
            }
            order = ranked.sorted {
                (-(totals[$0] ?? 0), names[$0].0, names[$0].1, $0) < (-(totals[$1] ?? 0), names[$1].0, names[$1].1, $1)
            }
        }
        var entries: [Entry] = []
        entries.reserveCapacity(order.count)
        var ranks = [Int?](repeating: nil, count: heroes.count)
        for (position, index) in order.enumerated() {
            let total = totals[index] ?? 0
            let tiedRank = entries.last.flatMap { $0.total == total ? $0.rank : nil }
            let rank = tiedRank ?? position + 1
            entries.append(Entry(index: index, slug: heroes[index].slug, total: total, rank: rank))
            ranks[index] = rank
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
