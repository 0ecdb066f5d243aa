extension Hero {
    /// The values this hero has for a grouping field: one for publisher and alignment, any
    /// number for tags and affiliations, none when missing or when the field does not group.
    @inlinable  // callers read one field; called opaquely, a whole hero is copied per call
    public func groupValues(for field: HeroField) -> [String] {
        switch field {
        case .publisher: publisher.map { [$0] } ?? []
        case .alignment: alignment.map { [$0] } ?? []
        case .tags: tags
        case .affiliations: affiliations
        default: []
        }
    }
}

/// The heroes that share one value of a grouping field (`publisher: Lanternworks`).
public enum HeroGrouping {
    /// Every value of `field` among `heroes`, sorted, each with the indices of the heroes that
    /// have it, in the order of `heroes`. Indices rather than heroes: copying a hero retains each
    /// of its strings and arrays.
    public static func members(of heroes: [Hero], by field: HeroField) -> [(value: String, members: [Int])] {
        var members: [String: [Int]] = [:]
        for index in heroes.indices {
            for value in heroes[index].groupValues(for: field) { members[value, default: []].append(index) }
        }
        return members.keys.sorted().map { ($0, members[$0] ?? []) }
    }
}
