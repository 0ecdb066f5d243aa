import HeraldCore

extension Hero {
    /// Writes every field, for `init(from:)`: a build keeps the heroes it decoded, so that the
    /// next one need not read, parse and decode the files that did not change.
    public func archive(into writer: inout ArchiveWriter) {
        for text in [id, slug, name] { writer.write(text) }
        writer.write(fullName)
        biographyText.archive(into: &writer)
        for text in [publisher, alignment, image] { writer.write(text) }
        writer.write(UInt64(stats.count))
        for stat in stats {
            writer.write(stat.name)
            writer.write(stat.value)
        }
        writer.write(UInt64(appearance.count))
        for trait in appearance {
            writer.write(trait.name)
            writer.write(trait.text)
        }
        for list in [aliases, affiliations, images, tags] { writer.write(list) }
        writer.write(unmappedKeys)
        writer.write(UInt64(facts.count))
        for fact in facts { DataNode(fact).archive(into: &writer) }
        record.archive(into: &writer)
        writer.write(foundPaths)
        writer.write(location.file)
        writer.write(location.line)
        writer.write(location.column)
        writer.write(revision)
    }

    /// The texts a hero read from an archive may share with the next one read (`init(from:previous:)`):
    /// those heroes read one after another most often have alike.
    public struct SharedTexts: Sendable {
        fileprivate var stats: [Stat] = []
        fileprivate var appearance: [Trait] = []
        fileprivate var affiliations: [String] = []
        fileprivate var tags: [String] = []

        public init() {}
    }

    /// What the next hero read from an archive may share with this one.
    public var sharedTexts: SharedTexts {
        var shared = SharedTexts()
        (shared.stats, shared.appearance, shared.affiliations, shared.tags) = (stats, appearance, affiliations, tags)
        return shared
    }

    /// The hero `archive(into:)` wrote; nil when the bytes are not such a hero. Texts equal to
    /// those of `previous` at the same place (its stats' and traits' names, say) are shared with
    /// it rather than made again.
    public init?(from reader: inout ArchiveReader, previous: SharedTexts = SharedTexts()) {
        guard let id = reader.text(), let slug = reader.text(), let name = reader.text(),
            let fullName = reader.optionalText(), let biography = DeferredText(from: &reader),
            let publisher = reader.optionalText(), let alignment = reader.optionalText(),
            let image = reader.optionalText(), let statCount = reader.count()
        else { return nil }
        var stats: [Stat] = []
        stats.reserveCapacity(statCount)
        let previousStats = previous.stats
        for index in 0..<statCount {
            let known = previousStats.indices.contains(index) ? previousStats[index].name : nil
            guard let name = reader.text(reusing: known), let value = reader.double() else { return nil }
            stats.append(Stat(name: name, value: value))
        }
        guard let traitCount = reader.count() else { return nil }
        var appearance: [Trait] = []
        appearance.reserveCapacity(traitCount)
        let previousTraits = previous.appearance
        for index in 0..<traitCount {
            let known = previousTraits.indices.contains(index) ? previousTraits[index] : nil
            guard let name = reader.text(reusing: known?.name), let text = reader.text(reusing: known?.text) else {
                return nil
            }
            appearance.append(Trait(name: name, text: text))
        }
        guard let aliases = reader.texts(), let affiliations = reader.texts(reusing: previous.affiliations),
            let images = reader.texts(), let tags = reader.texts(reusing: previous.tags),
            let unmappedKeys = reader.texts(), let factCount = reader.count()
        else { return nil }
        var facts: [DataValue] = []
        facts.reserveCapacity(factCount)
        for _ in 0..<factCount {
            guard let fact = DataNode(from: &reader) else { return nil }
            facts.append(fact.value)
        }
        guard let record = DataMap(from: &reader), let foundPaths = reader.number(), let file = reader.text(),
            let line = reader.integer(), let column = reader.integer(), let revision = reader.number()
        else { return nil }
        // Each field set once, in place: through the memberwise initializer a hero of 10,000 was
        // made, copied into place and the first one destroyed.
        (self.id, self.slug, self.name, self.fullName, self.biographyText) = (id, slug, name, fullName, biography)
        (self.publisher, self.alignment, self.image) = (publisher, alignment, image)
        (self.stats, self.appearance, self.aliases, self.affiliations) = (stats, appearance, aliases, affiliations)
        (self.images, self.tags, self.facts, self.record) = (images, tags, facts, record)
        self.unmappedKeys = unmappedKeys
        self.foundPaths = foundPaths
        self.location = SourceLocation(file: file, line: line, column: column)
        self.revision = revision
    }
}
