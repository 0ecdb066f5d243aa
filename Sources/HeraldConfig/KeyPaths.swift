import HeraldCore
import HeraldModels

/// Key paths in `herald.yml` (`biography.publisher`, `roles.0`, `labels.*.name`,
/// `base."Sp. Attack"`), checked for shape only: whether they exist depends on the data.
enum KeyPaths {
    static func read(_ reader: inout ConfigReader, key: String, in map: DataMap, label: String? = nil) -> String? {
        guard let node = reader.value(key, in: map) else { return nil }
        return check(&reader, node: node, label: label ?? key)
    }

    static func check(_ reader: inout ConfigReader, node: DataNode, label: String) -> String? {
        if case .string(let path) = node.value, DataPath(path) != nil {
            return path
        }
        reader.error(
            "'\(label)' must be a key path such as 'biography.publisher', found \(node.value.quotedForMessage)",
            at: node)
        return nil
    }

    /// The `fields:` map of a section: each key a model field, checked with did-you-mean.
    static func fields<Field>(_ reader: inout ConfigReader, in section: DataMap, sectionName: String)
        -> [(field: Field, node: DataNode)] where Field: CaseIterable & RawRepresentable<String>
    {
        guard let fields = reader.map("fields", in: section) else { return [] }
        reader.rejectUnknownKeys(in: fields, known: Field.allCases.map(\.rawValue), section: "\(sectionName).fields")
        return fields.entries.compactMap { entry in
            guard let field = Field(rawValue: entry.key), reader.value(entry.key, in: fields) != nil else { return nil }
            return (field, entry.node)
        }
    }
}
