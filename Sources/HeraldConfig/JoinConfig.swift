import HeraldCore

/// One entry of `join:`: the records of another file or URL, merged into each record of the
/// section under `name`, matched by key (`lore: {source: Content/hero_lore.json, on: name}`).
public struct JoinConfig: Sendable {
    /// The field the joined record takes in each record (`lore`, so `lore.text` in key paths).
    public var name: String
    public var source: SourceConfig
    /// The key path in each record of the section whose value picks the joined record.
    public var on: String
    /// The key path of that value in the joined records: `id` by default, which is also where an
    /// object of records keyed by value keeps its keys.
    public var key: String
    /// Where the join is written, for the messages about it.
    public var setting: String

    static let keys = SourceConfig.keys + ["on", "key"]

    /// The `join:` map of a section.
    static func read(_ reader: inout ConfigReader, in section: DataMap, sectionName: String) -> [JoinConfig] {
        guard let map = reader.map("join", in: section) else { return [] }
        var joins: [JoinConfig] = []
        for (name, node) in map.entries {
            let setting = "\(sectionName).join.\(name)"
            guard case .map(let entry) = node.value else {
                reader.error(
                    "'\(setting)' must be a map with 'source:' and 'on:', found \(node.value.quotedForMessage)",
                    at: node)
                continue
            }
            reader.rejectUnknownKeys(in: entry, known: keys, section: setting)
            let source = SourceConfig.read(&reader, section: entry, name: name, in: map)
            let on = KeyPaths.read(&reader, key: "on", in: entry, label: "\(setting).on")
            if reader.value("on", in: entry) == nil {
                reader.error(
                    "'\(setting)' needs 'on:', the key path in each record whose value picks the joined record",
                    atKey: name, in: map)
            }
            let key = KeyPaths.read(&reader, key: "key", in: entry, label: "\(setting).key") ?? "id"
            if let source, let on {
                joins.append(JoinConfig(name: name, source: source, on: on, key: key, setting: setting))
            }
        }
        return joins
    }
}
