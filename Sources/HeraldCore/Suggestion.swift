/// Finds the known name closest to a misspelt one, for "did you mean" hints.
public enum Suggestion {
    /// The candidate within a small edit distance of `name`, or nil when none is close enough.
    public static func nearest<S: Sequence>(to name: String, in candidates: S) -> String? where S.Element == String {
        let target = Array(name.lowercased())
        // Allow roughly one typo per three characters, at least one, so short keys still match.
        let limit = max(1, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Every candidate, the nearest to `name` first (of two as near, the one listed first),
    /// however far: for lists of the few nearest, which always name some.
    public static func ranked<S: Sequence>(_ name: String, in candidates: S) -> [String] where S.Element == String {
        let target = Array(name.lowercased())
        return candidates.enumerated()
            .map {
                (distance: editDistance(target, Array($0.element.lowercased())), order: $0.offset, name: $0.element)
            }
            .sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }
            .map(\.name)
    }

    /// Optimal string alignment distance: a swap of two neighbours counts as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
