import HeraldModels
import HeraldMustache
import Synchronization

/// What each hero's card shows of `card:` (its `card_facts`), formatted the first time a page or
/// the search index asks for it and kept to the end of the build. A hero's card is on its list
/// page, its own page and each of its groups' pages, and formatting its facts costs more than the
/// rest of the card. Only a catalog with `card:` keeps these, so a catalog without one pays
/// nothing in memory.
final class HeroCardFacts: Sendable {
    /// Per key of `card:`, the texts of its value's pieces (none when the hero lacks it).
    typealias Texts = [[String]]

    private let keys: [HeroValueKey]
    private let labels: [String]
    private let factsView: FactsView
    // Two tables: the search index and the fingerprints want the texts of every hero, pages want
    // the views of the heroes they show, and a build that renders a few pages makes a few views.
    private let texts: Mutex<[Texts?]>
    private let views: Mutex<[TemplateValue?]>

    init(keys: [HeroValueKey], factsView: FactsView, count: Int) {
        self.keys = keys
        labels = keys.map { key in
            switch key {
            case .fact(let position): factsView.labels[position]
            case .field(let field): HeroFormatting.label(field.rawValue)
            }
        }
        self.factsView = factsView
        texts = Mutex(Array(repeating: nil, count: count))
        views = Mutex(Array(repeating: nil, count: count))
    }

    /// The labels of the facts among the keys: what the search index holds of them (`searchTexts`).
    var searchedLabels: [String] {
        keys.indices.compactMap { position in
            if case .fact = keys[position] { labels[position] } else { nil }
        }
    }

    /// The texts of the hero at `index` in `heroes`, per key of `card:`.
    func texts(_ heroes: [Hero], _ index: Int) -> Texts {
        if let kept = texts.withLock({ $0[index] }) { return kept }
        // Made outside the lock: two threads that both miss make the same texts, and either may keep them.
        let made = keys.map { Self.texts(heroes[index], $0, factsView: factsView) }
        texts.withLock { $0[index] = made }
        return made
    }

    /// `card_facts` of the hero at `index`: per key of `card:` its label and text, "—" when missing.
    func view(_ heroes: [Hero], _ index: Int) -> TemplateValue {
        if let kept = views.withLock({ $0[index] }) { return kept }
        let texts = texts(heroes, index)
        let made = TemplateValue.list(
            keys.indices.map { position in
                let pieces = texts[position]
                let text = pieces.count == 1 ? pieces[0] : pieces.isEmpty ? "—" : pieces.joined(separator: ", ")
                return .map(TemplateMap(Self.entryKeys, .string(labels[position]), .string(text)))
            })
        views.withLock { $0[index] = made }
        return made
    }

    /// The keys of each entry of `card_facts`.
    private static let entryKeys = TemplateMap.Keys("label", "text")

    /// The texts of the facts among the keys, for the search index to match: a search for
    /// "Agility" finds the heroes whose card says so.
    func searchTexts(_ heroes: [Hero], _ index: Int) -> [String] {
        let texts = texts(heroes, index)
        return keys.indices.flatMap { position -> [String] in
            if case .fact = keys[position] { texts[position] } else { [] }
        }
    }

    private static func texts(_ hero: Hero, _ key: HeroValueKey, factsView: FactsView) -> [String] {
        switch key {
        case .fact(let position): factsView.items(hero.facts, position).map(\.text)
        case .field(.name): [hero.name]
        case .field(.id): [hero.id]
        case .field(.slug): [hero.slug]
        case .field(.aliases): hero.aliases
        case .field(let field): hero.groupValues(for: field)
        }
    }
}
