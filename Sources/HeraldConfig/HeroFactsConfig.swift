import HeraldCore
import HeraldModels

/// The `heroes:` keys that name facts or fields: `card:`, `group_by:` and `sort:`; and `stats:`.
enum HeroFactsConfig {
    /// Hero fields a card can show and the catalog can be sorted by: the ones that hold one text.
    static let textFields: [HeroField] = [.name, .fullName, .publisher, .alignment, .id, .slug]

    /// A fact by its name, else one of `fields`; otherwise an error (`cannot group heroes by 'x'`)
    /// with the nearest name, or every name that would do.
    static func valueKey(
        _ reader: inout ConfigReader, name: String, node: DataNode, use: Use,
        facts: [RecordFact], fields: [HeroField]
    ) -> HeroValueKey? {
        if let index = facts.firstIndex(where: { $0.name == name }) { return .fact(index) }
        if let field = HeroField(rawValue: name), fields.contains(field) { return .field(field) }
        let names = facts.map(\.name) + fields.map(\.rawValue)
        let hint =
            Suggestion.nearest(to: name, in: names).map { "did you mean '\($0)'?" }
            ?? "\(use.choices) \(names.joined(separator: ", "))"
        reader.error("cannot \(use.rawValue) '\(name)' (\(hint))", at: node)
        return nil
    }

    /// What a named fact or field is for, as messages say it.
    enum Use: String {
        case group = "group heroes by"
        case sort = "sort heroes by"
        case card = "show on a card"

        var choices: String {
            switch self {
            case .group: "heroes can be grouped by"
            case .sort: "heroes can be sorted by"
            case .card: "a card can show"
            }
        }
    }

    /// `card: [primary_attr, attack_type]`; nil when absent (the cards show publisher and alignment).
    static func card(_ reader: inout ConfigReader, in section: DataMap, facts: [RecordFact]) -> [HeroValueKey]? {
        guard let items = reader.textList("card", in: section) else { return nil }
        return items.compactMap { name, node in
            valueKey(
                &reader, name: name, node: node, use: .card, facts: facts,
                fields: textFields + [.tags, .aliases, .affiliations])
        }
    }

    /// `sort: -appearances`: a field or fact, `-` for descending.
    static func sort(_ reader: inout ConfigReader, in section: DataMap, facts: [RecordFact]) -> HeroSort {
        guard let (text, node) = reader.text("sort", in: section) else { return .name }
        let descending = text.hasPrefix("-")
        let name = descending ? String(text.dropFirst()) : text
        guard let key = valueKey(&reader, name: name, node: node, use: .sort, facts: facts, fields: textFields)
        else { return .name }
        return HeroSort(key: key, descending: descending)
    }

    /// `stats: {health: {max: 1000, label: HP}}`, or `health: 1000` for the bar's full value only.
    static func stats(_ reader: inout ConfigReader, in section: DataMap) -> [String: HeroStatSetting] {
        guard let map = reader.map("stats", in: section) else { return [:] }
        var settings: [String: HeroStatSetting] = [:]
        for (name, node) in map.entries {
            var setting = HeroStatSetting()
            switch node.value {
            case .int, .double: setting.max = positive(&reader, node, name: name)
            case .map(let long):
                reader.rejectUnknownKeys(in: long, known: ["max", "label"], section: "heroes.stats.\(name)")
                setting.label = reader.text("label", in: long)?.text
                setting.max = reader.value("max", in: long).flatMap { positive(&reader, $0, name: name) }
            default:
                reader.error(
                    "'heroes.stats.\(name)' must be the bar's full value, or a map with 'max:' and 'label:', "
                        + "found \(node.value.quotedForMessage)", at: node)
            }
            settings[name] = setting
        }
        return settings
    }

    private static func positive(_ reader: inout ConfigReader, _ node: DataNode, name: String) -> Double? {
        let number: Double? =
            switch node.value {
            case .int(let value): Double(value)
            case .double(let value): value
            default: nil
            }
        guard let number, number > 0, number.isFinite else {
            reader.error(
                "the 'max' of stat '\(name)' must be a number above 0, found \(node.value.quotedForMessage)", at: node)
            return nil
        }
        return number
    }
}
