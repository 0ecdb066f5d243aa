import HeraldCore
import HeraldModels
import HeraldMustache

/// The site's own fields of a hero (`facts:` in `herald.yml`), formatted for its page and cards,
/// and the whole source record for templates that want more.
extension HeroCatalogPresenter {
    /// Adds `facts` (the list, in order), `fact` (name → text) and `record` to a detail page's hero.
    func addFacts(_ index: Int, to view: inout [String: TemplateValue], links: Linker) {
        let hero = heroes[index]
        var list: [TemplateValue] = []
        list.reserveCapacity(facts.count)
        var texts = [String: TemplateValue](minimumCapacity: facts.count)
        for (position, fact) in facts.enumerated() {
            let value = hero.facts.indices.contains(position) ? hero.facts[position] : .null
            let items = formatter.items(value, names: fact.values)
            // `.null`, not "—": a template tells a missing fact from one whose text is a dash.
            let text: TemplateValue = items.isEmpty ? .null : .string(items.map(\.text).joined(separator: ", "))
            texts[fact.name] = text
            list.append(["name": .string(fact.name), "label": .string(factLabels[position]), "text": text,
                         "missing": .bool(items.isEmpty), "empty_text": "—",
                         "items": .list(items.map { itemView($0, group: factGroups[position], links: links) })])
        }
        view["facts"] = .list(list)
        view["has_facts"] = .bool(!facts.isEmpty)
        view["fact"] = .map(texts)
        view["record"] = TemplateValue(DataNode(.map(hero.record)))
    }

    /// Adds the `card:` facts to a card: `card_facts` (label and text, "—" when missing) and
    /// `has_card_facts`, false when the site names none and the card shows publisher and alignment.
    func addCardFacts(_ index: Int, to card: inout [String: TemplateValue]) {
        guard let keys = self.card else {
            card["has_card_facts"] = false
            card["card_facts"] = .list([])
            return
        }
        card["has_card_facts"] = .bool(!keys.isEmpty)
        card["card_facts"] = .list(keys.map { key in
            let (label, texts) = cardTexts(index, key)
            return ["label": .string(label), "text": .string(texts.isEmpty ? "—" : texts.joined(separator: ", "))]
        })
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

    private func cardTexts(_ index: Int, _ key: HeroValueKey) -> (label: String, texts: [String]) {
        let hero = heroes[index]
        switch key {
        case .fact(let position):
            let value = hero.facts.indices.contains(position) ? hero.facts[position] : .null
            return (factLabels[position], formatter.items(value, names: facts[position].values).map(\.text))
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

    /// One shown piece of a fact, linked to its group page when the catalog is grouped by the
    /// fact, else to the link it is.
    private func itemView(_ item: FactFormatter.Item, group: HeroGroupKey?, links: Linker) -> TemplateValue {
        let href = group.flatMap { key in item.raw.flatMap { groupLink(key, $0, links: links) } } ?? item.url
        return ["text": .string(item.text), "href": href.map { .string($0) } ?? .null]
    }
}
