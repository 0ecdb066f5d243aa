import HeraldCore

extension Hero {
    /// A hash of every field but `revision`, `location`, `foundPaths` and `unmappedKeys` (which no page shows),
    /// the same in every process: what a page fingerprint needs to know the hero unchanged since the last build.
    public func digest() -> UInt64 {
        var hash = ContentHash()
        hash.combine("hero 1")
        for text in [id, slug, name] { hash.combine(text) }
        for text in [fullName, biography, publisher, alignment] { hash.combine(text) }
        hash.combine(stats.count)
        for stat in stats {
            hash.combine(stat.name)
            hash.combine(stat.value)
        }
        hash.combine(appearance.count)
        for trait in appearance {
            hash.combine(trait.name)
            hash.combine(trait.text)
        }
        for list in [aliases, affiliations, images, tags] {
            hash.combine(list.count)
            for text in list { hash.combine(text) }
        }
        hash.combine(image)
        hash.combine(facts.count)
        for fact in facts { fact.digest(into: &hash) }
        record.digest(into: &hash)
        return hash.value
    }
}
