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
        case .fullName: fullName.map { [$0] } ?? []
        default: []
        }
    }
}

/// One set of taxonomy pages: the field or fact whose values name the groups, the folder under
/// the catalog (`publisher`, `role`), and the label that heads its pages.
public struct HeroGroupKey: Sendable, Hashable {
    public var value: HeroValueKey
    /// As `herald.yml` names it: `publisher`, `roles`.
    public var name: String
    /// One path segment under the catalog's folder.
    public var folder: String
    /// nil: the fact's label, or one made from the name.
    public var label: String?

    public init(value: HeroValueKey, name: String, folder: String? = nil, label: String? = nil) {
        self.value = value
        self.name = name
        self.folder = folder ?? Slug.make(from: name)
        self.label = label
    }

    public init(_ field: HeroField) {
        self.init(value: .field(field), name: field.rawValue)
    }

    public static let publisher = HeroGroupKey(.publisher)
    public static let alignment = HeroGroupKey(.alignment)
    public static let tags = HeroGroupKey(.tags)
    public static let affiliations = HeroGroupKey(.affiliations)
}

/// The heroes that share one value of a grouping field (`publisher: Lanternworks`).
public enum HeroGrouping {
    /// Every value of `field` among `heroes`, sorted, each with the indices of the heroes that
    /// have it, in the order of `heroes`. Indices rather than heroes: copying a hero retains each
    /// of its strings and arrays.
    public static func members(of heroes: [Hero], by key: HeroValueKey) -> [(value: String, members: [Int])] {
        var members: [String: [Int]] = [:]
        for index in heroes.indices {
            // A value listed twice in one record (`roles: [Carry, Carry]`) makes one membership.
            for value in heroes[index].texts(for: key) {
                // One hash of the value, where a look and then an append would take two.
                members[value, default: []].appendUnlessLast(index)
            }
        }
        return members.keys.sorted().map { ($0, members[$0] ?? []) }
    }
}

extension Array where Element == Int {
    /// Appends `index` unless it is the last element already.
    fileprivate mutating func appendUnlessLast(_ index: Int) {
        if last != index { append(index) }
    }
}
