import HeraldCore
import HeraldModels

/// The `facts:` of a section (`heroes:`, `tasks:`): more of each record, labelled, in order.
enum FactsConfig {
    static let factKeys = ["from", "label", "values", "markdown"]

    /// The facts in the order written: `name: Label`, or
    /// `name: {from: key.path, label: …, values: {raw: Display}, markdown: true}`.
    static func read(
        _ reader: inout ConfigReader, in section: DataMap, sectionName: String,
        mapped: inout [MappedPath]
    ) -> [RecordFact] {
        guard let map = reader.map("facts", in: section) else { return [] }
        var facts: [RecordFact] = []
        for (name, node) in map.entries {
            let setting = "\(sectionName).facts.\(name)"
            var fact = RecordFact(name: name)
            switch node.value {
            case .null: break
            case .string(let label): fact.label = label
            case .map(let long):
                reader.rejectUnknownKeys(in: long, known: factKeys, section: setting)
                if let from = reader.value("from", in: long) {
                    fact.path = KeyPaths.check(&reader, node: from, label: "\(setting).from") ?? name
                }
                fact.label = reader.text("label", in: long)?.text
                fact.values = displayNames(&reader, in: long, setting: setting)
                fact.markdown = reader.bool("markdown", in: long) ?? false
            default:
                reader.error(
                    "'\(setting)' must be a label, or a map with 'from:', 'label:', 'values:' and 'markdown:', "
                        + "found \(node.value.quotedForMessage)", at: node)
                continue
            }
            if DataPath(fact.path) == nil {
                reader.error(
                    "'\(setting)' reads '\(fact.path)', which is no key path (quote a key that holds a dot: "
                        + "base.\"Sp. Attack\")", atKey: name, in: map)
                continue
            }
            let position = map.position(ofKey: name)
            mapped.append(
                MappedPath(
                    path: fact.path, setting: setting,
                    location: SourceLocation(
                        file: reader.file, line: position?.line ?? node.line,
                        column: position?.column ?? node.column)))
            facts.append(fact)
        }
        return facts
    }

    private static func displayNames(_ reader: inout ConfigReader, in map: DataMap, setting: String) -> [String: String]
    {
        guard let values = reader.map("values", in: map) else { return [:] }
        var names: [String: String] = [:]
        for (raw, node) in values.entries {
            switch node.value {
            case .string(let text): names[raw] = text
            case .int(let number): names[raw] = String(number)
            default:
                reader.error(
                    "'\(setting).values.\(raw)' must be the text to show, found \(node.value.quotedForMessage)",
                    at: node)
            }
        }
        return names
    }

    /// `card: [state, milestone]` of the task board: facts only; nil when absent.
    static func card(_ reader: inout ConfigReader, in section: DataMap, sectionName: String, facts: [RecordFact])
        -> [Int]?
    {
        guard let items = reader.textList("card", in: section) else { return nil }
        return items.compactMap { name, node in
            if let index = facts.firstIndex(where: { $0.name == name }) { return index }
            let names = facts.map(\.name)
            let hint =
                Suggestion.nearest(to: name, in: names).map { "did you mean '\($0)'?" }
                ?? (names.isEmpty
                    ? "declare it under '\(sectionName).facts'" : "a card can show \(names.joined(separator: ", "))")
            reader.error("cannot show on a card '\(name)' (\(hint))", at: node)
            return nil
        }
    }
}
