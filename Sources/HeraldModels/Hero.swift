import HeraldCore

/// One character of the catalog, with its stats total; its rank comes from `HeroRanking`,
/// which needs all the heroes.
public struct Hero: Sendable, Identifiable {
    /// A named number such as `strength: 100`.
    public struct Stat: Sendable, Hashable {
        public var name: String
        public var value: Double

        public init(name: String, value: Double) {
            self.name = name
            self.value = value
        }
    }

    /// A named description such as `height: 6'8 / 203 cm`.
    public struct Trait: Sendable, Hashable {
        public var name: String
        public var text: String

        public init(name: String, text: String) {
            self.name = name
            self.text = text
        }
    }

    public var id: String
    /// The hero's folder under `/heroes/`; validated, unique within the catalog.
    public var slug: String
    public var name: String
    public var fullName: String?
    /// Markdown.
    public var biography: String? {
        get { biographyText.text }
        set { biographyText = DeferredText(newValue) }
    }
    /// Where `biography` is kept: bytes of an archive until a page reads it.
    var biographyText: DeferredText
    /// Whether the hero has a biography, known without reading it.
    public var hasBiography: Bool { biographyText.isPresent }
    public var publisher: String?
    public var alignment: String?
    /// In source order.
    public var stats: [Stat]
    /// In source order.
    public var appearance: [Trait]
    public var aliases: [String]
    public var affiliations: [String]
    /// The main image; the first of `images`.
    public var image: String?
    public var images: [String]
    public var tags: [String]
    /// The record's top-level keys that no model field took, in source order, kept only when the
    /// record lacks one of the rules' mapped paths (and is not kept whole): where the warning about
    /// a path no record has looks for a near miss.
    public var unmappedKeys: [String] = []
    /// The value of each of the rules' `facts`, in their order: `.null` where the record has none.
    public var facts: [DataValue] = []
    /// The whole source record, joined records included, for templates to reach as `hero.record`;
    /// empty when the rules keep no records (`HeroRules.keepsRecords`).
    public var record = DataMap()
    /// Which of the rules' `mapped` paths the record has, a bit each, when the record itself is
    /// not kept: what the warning about a path no record has needs of it.
    public var foundPaths: UInt64 = 0
    public var location: SourceLocation
    /// A digest of every field (`digest()`), set when the record is decoded, the same in every
    /// process: two heroes with the same revision are the same hero. Page fingerprints rest on
    /// it instead of hashing every field of a hero for each page that shows it; code that
    /// changes a hero after decoding must set it again.
    public var revision: UInt64 = 0

    public init(
        id: String, slug: String, name: String, fullName: String? = nil, biography: String? = nil,
        publisher: String? = nil, alignment: String? = nil, stats: [Stat] = [], appearance: [Trait] = [],
        aliases: [String] = [], affiliations: [String] = [], images: [String] = [], tags: [String] = [],
        location: SourceLocation
    ) {
        self.id = id
        self.slug = slug
        self.name = name
        self.fullName = fullName
        self.biographyText = DeferredText(biography)
        self.publisher = publisher
        self.alignment = alignment
        self.stats = stats
        self.appearance = appearance
        self.aliases = aliases
        self.affiliations = affiliations
        self.image = images.first
        self.images = images
        self.tags = tags
        self.location = location
    }

    /// The sum of all stats; 0 for a hero without any.
    @inlinable  // reads the stats only; called opaquely, it copies the whole hero to read them
    public var statsTotal: Double {
        stats.reduce(0) { $0 + $1.value }
    }
}
