import HeraldCore
import HeraldModels
import HeraldMustache

/// A hero's card but its links, made for each page that shows it. The same card is on a list
/// page, on each of its groups' pages, on the hero's own page and on the home page, but it is a
/// few short strings to make, where keeping every hero's card for the whole build costs memory in
/// proportion to the catalog, and a build that renders a few pages needs only their cards. What
/// costs more, the facts that `card:` picks, is made once per hero (`HeroCardFacts`).
enum HeroCards {
    /// The card of `heroes[index]` in a map with room for `capacity` keys in all (at least `href`
    /// more); `cardFacts` is its `card_facts`, nil without `card:`. The hero is read in place:
    /// a copy of it would retain each of its strings and arrays, for every card on every page.
    static func fields(_ heroes: [Hero], _ index: Int, cardFacts: TemplateValue?, capacity: Int = 0) -> TemplateMap {
        let total = HeroFormatting.number(heroes[index].statsTotal)
        // `image` is `.null`, not left out, when missing or relative (linked per page); without
        // `card:`, the card shows publisher and alignment (`card: []` shows neither).
        return TemplateMap(
            keys, .string(heroes[index].name), .string(heroes[index].publisher ?? "—"),
            .string(heroes[index].alignment ?? "unknown"),
            .string(HeroFormatting.alignmentClass(heroes[index].alignment)),
            .string(total), .string(heroes[index].stats.isEmpty ? "no stats" : "total " + total),
            .string(HeroFormatting.initials(heroes[index].name)),
            .string(HeroFormatting.color(for: heroes[index].slug)),
            heroes[index].image.map { HeroFormatting.isAbsolute($0) ? .string($0) : .null } ?? .null,
            .bool(cardFacts != nil), cardFacts ?? .list([]),
            capacity: max(capacity, keys.count + 1))
    }

    private static let keys = TemplateMap.Keys(
        "name", "publisher", "alignment", "alignment_class", "stats_total", "stats_text", "initials", "color", "image",
        "has_card_facts", "card_facts")
}
