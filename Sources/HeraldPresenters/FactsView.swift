import HeraldCore
import HeraldMarkdown
import HeraldModels
import HeraldMustache

/// The view data of one record's facts, alike for heroes and tasks: `facts` (the list, in
/// order), `has_facts`, `fact` (name → text) and `record` (the whole source record).
struct FactsView: Sendable {
    let facts: [RecordFact]
    /// Each fact's label: its own, or one made from its name (`move_speed` → "Move speed").
    let labels: [String]
    let formatter: FactFormatter
    /// Renders the facts marked `markdown`.
    let markdown: MarkdownRenderer

    init(facts: [RecordFact], formatter: FactFormatter, markdown: MarkdownRenderer) {
        self.facts = facts
        labels = facts.map { $0.label ?? HeroFormatting.label($0.name) }
        self.formatter = formatter
        self.markdown = markdown
    }

    /// A Markdown fact's text rendered; null for any other fact, and for one that is no text.
    private func html(_ values: [DataValue], _ position: Int) -> TemplateValue {
        guard facts[position].markdown, values.indices.contains(position), case .string(let text) = values[position],
            text.hasVisibleText
        else { return .null }
        return .html(markdown.render(text).html)
    }

    /// The shown pieces of fact `position` among `values`; none when missing.
    func items(_ values: [DataValue], _ position: Int) -> [FactFormatter.Item] {
        formatter.items(values.indices.contains(position) ? values[position] : .null, names: facts[position].values)
    }

    /// Adds the keys to `view`; `link` gives an item's link (its group page), else an item that is
    /// a URL links to itself.
    func add(
        _ values: [DataValue], record: DataMap, to view: inout TemplateMap,
        link: (Int, FactFormatter.Item) -> String? = { _, _ in nil }
    ) {
        var list: [TemplateValue] = []
        list.reserveCapacity(facts.count)
        var texts = TemplateMap(minimumCapacity: facts.count)
        for (position, fact) in facts.enumerated() {
            let items = items(values, position)
            // `.null`, not "—": a template tells a missing fact from one whose text is a dash.
            let text: TemplateValue = items.isEmpty ? .null : .string(Self.joined(items))
            texts[fact.name] = text
            list.append(
                .map(
                    TemplateMap(
                        Self.factKeys, .string(fact.name), .string(labels[position]), text, .bool(items.isEmpty),
                        "—", html(values, position),
                        .list(
                            items.map { item in
                                let href = link(position, item) ?? item.url
                                return .map(
                                    TemplateMap(Self.itemKeys, .string(item.text), href.map { .string($0) } ?? .null))
                            }))))
        }
        view["facts"] = .list(list)
        view["has_facts"] = .bool(!facts.isEmpty)
        view["fact"] = .map(texts)
        view["record"] = TemplateValue(DataNode(.map(record)))
    }

    private static let factKeys = TemplateMap.Keys("name", "label", "text", "missing", "empty_text", "html", "items")
    private static let itemKeys = TemplateMap.Keys("text", "href")

    /// The texts of `items` joined with commas; most facts are one item, which needs no joining.
    static func joined(_ items: [FactFormatter.Item]) -> String {
        items.count == 1 ? items[0].text : items.map(\.text).joined(separator: ", ")
    }

    /// `card_facts` (label, text, "—" and `missing` when the task lacks it) for the facts at `positions`, and
    /// `has_card_facts`.
    func addCard(_ values: [DataValue], positions: [Int]?, to view: inout TemplateMap) {
        view["has_card_facts"] = .bool(!(positions ?? []).isEmpty)
        view["card_facts"] = .list(
            (positions ?? []).map { position in
                let texts = items(values, position).map(\.text)
                return [
                    "label": .string(labels[position]),
                    "text": .string(texts.isEmpty ? "—" : texts.joined(separator: ", ")),
                    "missing": .bool(texts.isEmpty)
                ]
            })
    }
}
