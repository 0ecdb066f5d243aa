import HeraldCore
import HeraldModels
import HeraldMustache

/// Every hero's card but its links, made once per catalog on every core. The same card is on a
/// list page, on each of its groups' pages and on the home page; only the way up to the site root
/// differs between them, so a page copies the rest rather than hashing every key in again.
struct HeroCards: Sendable {
    /// The keys of a card less `href`, which the page adds, and `image` for an image the site holds.
    static let sharedKeys = 11
    /// By position in the catalog's `heroes`.
    private let fields: [TemplateMap]

    init(_ heroes: [Hero], card: [HeroValueKey]?, factsView: FactsView) {
        fields = Parallel.map(Array(heroes.indices), chunk: 1024) { index in
            Self.fields(heroes[index], card: card, factsView: factsView)
        }
    }

    /// Hero `index`'s card in a map with room for `capacity` keys in all.
    func fields(_ index: Int, capacity: Int) -> TemplateMap {
        var map = fields[index]
        map.reserveCapacity(capacity)
        return map
    }

    private static func fields(_ hero: Hero, card: [HeroValueKey]?, factsView: FactsView) -> TemplateMap {
        // Room for `href` too, which each page adds to its copy.
        var fields = TemplateMap(minimumCapacity: sharedKeys + 1)
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
