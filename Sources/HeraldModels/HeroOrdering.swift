/// The order every list of heroes is shown in: by name without case, then by slug, so that lists
/// and previous/next links are the same on every build.
public enum HeroOrdering {
    /// Sorts `heroes` in place. Sort keys are made once per hero, not once per comparison, and
    /// the heroes are moved by swaps: building a sorted copy would retain every string of every hero.
    public static func sortByName(_ heroes: inout [Hero]) {
        let keys = heroes.map { ($0.name.lowercased(), $0.slug) }
        reorder(&heroes, by: heroes.indices.sorted { keys[$0] < keys[$1] })
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
