import HeraldCore
import HeraldModels
import HeraldMustache

/// The site's own fields of a hero (`facts:` in `herald.yml`), formatted for its page and cards,
/// and the whole source record for templates that want more.
extension HeroCatalogPresenter {
    /// Adds `facts`, `has_facts`, `fact` (name → text) and `record` to a detail page's hero, each
    /// grouped fact's items linked to their group pages.
    func addFacts(_ index: Int, to view: inout [String: TemplateValue], links: Linker) {
        factsView.add(heroes[index].facts, record: heroes[index].record, to: &view) { position, item in
            factGroups[position].flatMap { key in item.raw.flatMap { groupLink(key, $0, links: links) } }
        }
    }

    /// Adds the `card:` facts to a card: `card_facts` (label and text, "—" when missing) and
    /// `has_card_facts`, false without `card:`, when the card shows publisher and alignment
    /// (`card: []` shows neither).
    func addCardFacts(_ index: Int, to card: inout [String: TemplateValue]) {
        card["has_card_facts"] = .bool(self.card != nil)
        card["card_facts"] = cardFacts.isEmpty ? .list([]) : cardFacts[index]
    }

    /// Every hero's `card_facts`, in the order of `heroes`, on every core. Made once per catalog:
    /// the same card is on the catalog, on each of its groups' pages and on the home page, and
    /// formatting its facts costs more than the rest of it.
    static func cardFacts(of heroes: [Hero], card: [HeroValueKey]?, factsView: FactsView) -> [TemplateValue] {
        guard let card else { return [] }
        return Parallel.map(Array(heroes.indices), chunk: 1024) { index in
            .list(
                card.map { key in
                    let (label, texts) = cardTexts(heroes[index], key, factsView: factsView)
                    return [
                        "label": .string(label), "text": .string(texts.isEmpty ? "—" : texts.joined(separator: ", "))
                    ]
                })
        }
    }

    /// What the cards show of the site's facts, for the search index to match: a search for
    /// "Agility" finds the heroes whose card says so.
    func cardFactTexts(_ index: Int) -> [String] {
        guard let card, !facts.isEmpty else { return [] }
        return card.flatMap { key -> [String] in
            if case .fact(let position) = key { factsView.items(heroes[index].facts, position).map(\.text) } else { [] }
        }
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

    private static func cardTexts(_ hero: Hero, _ key: HeroValueKey, factsView: FactsView) -> (
        label: String, texts: [String]
    ) {
        switch key {
        case .fact(let position):
            return (factsView.labels[position], factsView.items(hero.facts, position).map(\.text))
        case .field(let field):
            let texts: [String]
            switch field {
            case .name: texts = [hero.name]
            case .id: texts = [hero.id]
            case .slug: texts = [hero.slug]
            case .aliases: texts = hero.aliases
            default: texts = hero.groupValues(for: field)
            }
            return (HeroFormatting.label(field.rawValue), texts)
        }
    }
}
