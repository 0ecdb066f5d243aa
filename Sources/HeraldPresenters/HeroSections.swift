import HeraldCore
import HeraldModels
import HeraldMustache

/// Which of a hero page's own sections any hero of the catalog fills. A section no hero fills (the
/// aliases of a Pokédex, the biography of a table of game stats) is left out of every page, rather
/// than shown empty on each of them as though the data had lost something.
struct HeroSections {
    var biography = false
    var stats = false
    var aliases = false
    var affiliations = false

    /// Read through indices: `for hero in heroes` would copy each hero.
    init(_ heroes: [Hero]) {
        for index in heroes.indices {
            biography = biography || heroes[index].hasBiography
            stats = stats || !heroes[index].stats.isEmpty
            aliases = aliases || !heroes[index].aliases.isEmpty
            affiliations = affiliations || !heroes[index].affiliations.isEmpty
            if biography && stats && aliases && affiliations { return }
        }
    }

    /// `sections` of a hero page's view data.
    var view: TemplateValue {
        [
            "biography": .bool(biography), "stats": .bool(stats), "aliases": .bool(aliases),
            "affiliations": .bool(affiliations)
        ]
    }

    /// Mixes them into a catalog's shared fingerprint.
    func digest(into hash: inout ContentHash) {
        for shown in [biography, stats, aliases, affiliations] { hash.combine(shown ? 1 : 0) }
    }
}
