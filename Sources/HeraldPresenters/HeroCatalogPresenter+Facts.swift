import HeraldCore
import HeraldModels
import HeraldMustache

/// The site's own fields of a hero (`facts:` in `herald.yml`), formatted for its page and the
/// search index, and the whole source record for templates that want more.
extension HeroCatalogPresenter {
    /// Adds `facts`, `has_facts`, `fact` (name → text) and `record` to a detail page's hero, each
    /// grouped fact's items linked to their group pages.
    func addFacts(_ index: Int, to view: inout TemplateMap, links: Linker) {
        factsView.add(heroes[index].facts, record: heroes[index].record, to: &view) { position, item in
            factGroups[position].flatMap { values in
                item.raw.flatMap { values[$0] }.map { links.href(groups[$0].route) }
            }
        }
    }

    /// What the cards show of the site's facts, for the search index to match: a search for
    /// "Agility" finds the heroes whose card says so.
    func cardFactTexts(_ index: Int) -> [String] {
        cardFacts?.searchTexts(heroes, index) ?? []
    }

    /// How the list pages say the catalog is ordered: "name", "appearances, descending".
    var sortDescription: String {
        let name: String
        switch sort.key {
        case .fact(let index): name = factLabels.indices.contains(index) ? factLabels[index] : "?"
        case .field(let field): name = HeroFormatting.label(field.rawValue)
        }
        return HeroFormatting.inSentence(name) + (sort.descending ? ", descending" : "")
    }
}
