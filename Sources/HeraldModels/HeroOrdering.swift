import HeraldCore

/// The order every list of heroes is shown in: by `HeroSort` (by name unless the site says
/// otherwise), then by name and slug, so that lists and previous/next links are the same on every build.
public enum HeroOrdering {
    /// Sorts `heroes` in place. Sort keys are made once per hero, not once per comparison, and
    /// the heroes are moved by swaps: building a sorted copy would retain every string of every hero.
    public static func sort(_ heroes: inout [Hero], by sort: HeroSort = .name) {
        let keys = sortKeys(heroes, sort: sort)
        // By name, sorted as pairs of integers, the first sixteen bytes of each name's key: most
        // comparisons end there, without reading a key through the array of tuples.
        let (descending, byName) = (sort.descending, sort.key == .field(.name))
        var order = keys.indices.map { Ordered(key: byName ? keys[$0].name : [], index: $0) }
        order.sort { a, b in
            guard byName, a.prefix != b.prefix else {
                return before(keys[a.index], keys[b.index], descending: descending)
            }
            return descending ? b.prefix < a.prefix : a.prefix < b.prefix
        }
        reorder(&heroes, by: order.map { $0.index })
    }

    /// A hero's place in the array and the start of its name's key, ordered as the keys are:
    /// bytes past a short key's end count as zero, below any byte a key holds but zero itself,
    /// so prefixes that differ order their keys, and equal ones leave it to the keys.
    private struct Ordered {
        let prefix: (UInt64, UInt64)
        let index: Int

        init(key: [UInt8], index: Int) {
            var (high, low): (UInt64, UInt64) = (0, 0)
            for position in 0..<min(key.count, 16) {
                let byte = UInt64(key[position])
                if position < 8 {
                    high |= byte << (56 - 8 * position)
                } else {
                    low |= byte << (56 - 8 * (position - 8))
                }
            }
            prefix = (high, low)
            self.index = index
        }
    }

    private typealias Key = (value: HeroSort.Value?, name: [UInt8], slug: String)

    /// Missing values last in either direction; ties by name, then slug, always ascending.
    private static func before(_ a: Key, _ b: Key, descending: Bool) -> Bool {
        switch (a.value, b.value) {
        case (.some(let x), .some(let y)) where x != y: return descending ? y < x : x < y
        case (.some, .none): return true
        case (.none, .some): return false
        default: break
        }
        if a.name != b.name { return Collation.less(a.name, b.name) }
        return a.slug < b.slug
    }

    /// Each hero's sort value, name key and slug, on every core. `heroes` is borrowed here and
    /// let go before the swaps, which then move the heroes in place rather than copying them first.
    private static func sortKeys(_ heroes: [Hero], sort: HeroSort) -> [Key] {
        let byName = sort.key == .field(.name)
        return Parallel.map(Array(heroes.indices), chunk: 1024) { index -> Key in
            let name = Collation.key(heroes[index].name)
            return (byName ? .text(name) : sort.value(of: heroes[index]), name, heroes[index].slug)
        }
    }

    /// Puts `items[order[k]]` at `k`, following each cycle of the permutation with swaps.
    private static func reorder(_ items: inout [Hero], by order: [Int]) {
        var placed = [Bool](repeating: false, count: items.count)
        // Swapped through the buffer, which moves the heroes; the array's own swap copies each
        // one it touches, retaining every string and array in it.
        items.withUnsafeMutableBufferPointer { buffer in
            for start in buffer.indices where !placed[start] {
                var current = start
                while !placed[current] {
                    placed[current] = true
                    let next = order[current]
                    if next != start { buffer.swapAt(current, next) }
                    current = next
                }
            }
        }
    }
}
