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
