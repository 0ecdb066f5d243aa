import HeraldCore

extension Hero {
    /// Writes every field, for `init(from:)`: a build keeps the heroes it decoded, so that the
    /// next one need not read, parse and decode the files that did not change.
    public func archive(into writer: inout ArchiveWriter) {
        for text in [id, slug, name] { writer.write(text) }
        for text in [fullName, biography, publisher, alignment, image] { writer.write(text) }
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
        extra.archive(into: &writer)
        writer.write(UInt64(facts.count))
        for fact in facts { DataNode(fact).archive(into: &writer) }
        record.archive(into: &writer)
        writer.write(foundPaths)
        writer.write(location.file)
        writer.write(location.line)
        writer.write(location.column)
        writer.write(revision)
    }

    /// The hero `archive(into:)` wrote; nil when the bytes are not such a hero.
    public init?(from reader: inout ArchiveReader) {
        guard let id = reader.text(), let slug = reader.text(), let name = reader.text(),
            let fullName = reader.optionalText(), let biography = reader.optionalText(),
            let publisher = reader.optionalText(), let alignment = reader.optionalText(),
            let image = reader.optionalText(), let statCount = reader.count()
        else { return nil }
        var stats: [Stat] = []
        stats.reserveCapacity(statCount)
        for _ in 0..<statCount {
            guard let name = reader.text(), let value = reader.double() else { return nil }
            stats.append(Stat(name: name, value: value))
        }
        guard let traitCount = reader.count() else { return nil }
        var appearance: [Trait] = []
        appearance.reserveCapacity(traitCount)
        for _ in 0..<traitCount {
            guard let name = reader.text(), let text = reader.text() else { return nil }
            appearance.append(Trait(name: name, text: text))
        }
        guard let aliases = reader.texts(), let affiliations = reader.texts(), let images = reader.texts(),
            let tags = reader.texts(), let extra = DataMap(from: &reader), let factCount = reader.count()
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
        (self.id, self.slug, self.name, self.fullName, self.biography) = (id, slug, name, fullName, biography)
        (self.publisher, self.alignment, self.image) = (publisher, alignment, image)
        (self.stats, self.appearance, self.aliases, self.affiliations) = (stats, appearance, aliases, affiliations)
        (self.images, self.tags, self.extra, self.facts, self.record) = (images, tags, extra, facts, record)
        self.foundPaths = foundPaths
        self.location = SourceLocation(file: file, line: line, column: column)
        self.revision = revision
    }
}
