import HeraldCore
import HeraldModels
import HeraldMustache

/// A hero's card but its links, made for each page that shows it. The same card is on a list
/// page, on each of its groups' pages, on the hero's own page and on the home page, but it is a
/// few short strings to make, where keeping every hero's card for the whole build costs memory in
/// proportion to the catalog, and a build that renders a few pages needs only their cards.
enum HeroCards {
    /// The keys of a card less `href`, which the page adds, and `image` for an image the site holds.
    static let sharedKeys = 11

    /// The card of `hero` in a map with room for `capacity` keys in all (at least `href` more).
    static func fields(
        _ hero: Hero, card: [HeroValueKey]?, factsView: FactsView, capacity: Int = 0
    ) -> TemplateMap {
        var fields = TemplateMap(minimumCapacity: max(capacity, sharedKeys + 1))
        let total = HeroFormatting.number(hero.statsTotal)
        fields["name"] = .string(hero.name)
        fields["publisher"] = .string(hero.publisher ?? "—")
        fields["alignment"] = .string(hero.alignment ?? "unknown")
        fields["alignment_class"] = .string(HeroFormatting.alignmentClass(hero.alignment))
        fields["stats_total"] = .string(total)
        fields["stats_text"] = .string(hero.stats.isEmpty ? "no stats" : "total " + total)
        fields["initials"] = .string(HeroFormatting.initials(hero.name))
        fields["color"] = .string(HeroFormatting.color(for: hero.slug))
        // `.null`, not `nil`, which would leave the key out; a relative path is linked per page.
        fields["image"] = hero.image.map { HeroFormatting.isAbsolute($0) ? .string($0) : .null } ?? .null
        // Without `card:`, the card shows publisher and alignment (`card: []` shows neither).
        fields["has_card_facts"] = .bool(card != nil)
        fields["card_facts"] = .list(
            (card ?? []).map { key in
                let (label, texts) = cardTexts(hero, key, factsView: factsView)
                return ["label": .string(label), "text": .string(texts.isEmpty ? "—" : texts.joined(separator: ", "))]
            })
        return fields
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
