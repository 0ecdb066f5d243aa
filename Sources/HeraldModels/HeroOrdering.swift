import HeraldCore

/// The order every list of heroes is shown in: by name without case, then by slug, so that lists
/// and previous/next links are the same on every build.
public enum HeroOrdering {
    /// Sorts `heroes` in place. Sort keys are made once per hero, not once per comparison, and
    /// the heroes are moved by swaps: building a sorted copy would retain every string of every hero.
    public static func sortByName(_ heroes: inout [Hero]) {
        let keys = sortKeys(heroes)
        reorder(&heroes, by: heroes.indices.sorted { keys[$0] < keys[$1] })
    }

    /// Each hero's lowercased name and slug, on every core. `heroes` is borrowed here and let go
    /// before the swaps, which then move the heroes in place rather than copying them first.
    private static func sortKeys(_ heroes: [Hero]) -> [(String, String)] {
        Parallel.map(Array(heroes.indices), chunk: 1024) { (heroes[$0].name.lowercased(), heroes[$0].slug) }
    }

    /// Puts `items[order[k]]` at `k`, following each cycle of the permutation with swaps.
    private static func reorder(_ items: inout [Hero], by order: [Int]) {
        var placed = [Bool](repeating: false, count: items.count)
        for start in items.indices where !placed[start] {
            var current = start
            while !placed[current] {
                placed[current] = true
                let next = order[current]
                if next != start { items.swapAt(current, next) }
                current = next
            }
        }
    }
}
