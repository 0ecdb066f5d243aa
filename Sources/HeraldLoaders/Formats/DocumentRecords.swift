import HeraldCore

/// Finds the records in a parsed JSON or YAML document: an array of records, an object of
/// records keyed by id, a single record, or any of those at a `root` key path.
struct DocumentRecords {
    /// How the format names its shapes, so a JSON user reads "object" and a YAML user "map".
    enum Vocabulary {
        case json, yaml

        func name(of value: DataValue) -> String {
            switch (self, value) {
            case (.json, .map): "an object"
            case (.json, .list): "an array"
            default: value.kindName
            }
        }

        var record: String { self == .json ? "an object" : "a map" }
        var list: String { self == .json ? "an array" : "a list" }
    }

    var file: String
    var vocabulary: Vocabulary

    /// The records of `document`. An object whose values are all objects is read as records keyed
    /// by id (the key becomes `id` when the record has none); any other object is one record.
    func records(in document: DataNode, root: String?) throws(DiagnosticError) -> [Record] {
        let node = try root.map { path throws(DiagnosticError) in try lookup(path, in: document) } ?? document
        switch node.value {
        case .list(let items):
            var records: [Record] = []
            records.reserveCapacity(items.count)
            var diagnostics: [Diagnostic] = []
            for (index, item) in items.enumerated() {
                if case .map = item.value {
                    records.append(Record(fields: item, location: item.location(in: file)))
                } else {
                    diagnostics.append(
                        .error(
                            at: item.location(in: file),
                            "record \(index + 1) is \(vocabulary.name(of: item.value)), expected \(vocabulary.record) of fields"
                        ))
                }
            }
            guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
            return records
        case .map(let map):
            let isKeyed = map.entries.allSatisfy { if case .map = $0.node.value { true } else { false } }
            guard isKeyed else {
                var record = Record(fields: node, location: node.location(in: file))
                record.isWholeDocument = true
                return [record]
            }
            return map.entries.map { key, record in
                guard case .map(var fields) = record.value else {
                    return Record(fields: record, location: record.location(in: file))
                }
                if fields["id"] == nil {
                    fields["id"] = DataNode(.string(key), line: record.line, column: record.column)
                }
                return Record(
                    fields: DataNode(.map(fields), line: record.line, column: record.column),
                    location: record.location(in: file))
            }
        default:
            let place = root.map { " at '\($0)'" } ?? ""
            throw DiagnosticError(
                .error(
                    at: node.location(in: file),
                    "expected records\(place): \(vocabulary.list) of records or \(vocabulary.record) of records by id, found \(vocabulary.name(of: node.value))"
                ))
        }
    }

    /// The node at a dotted `root` path, with an error naming the first key that is missing.
    private func lookup(_ path: String, in document: DataNode) throws(DiagnosticError) -> DataNode {
        var node = document
        var walked: [Substring] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            let here = walked.isEmpty ? "the top level" : "'\(walked.joined(separator: "."))'"
            switch node.value {
            case .map(let map):
                guard let next = map[String(part)] else {
                    let hint =
                        Suggestion.nearest(to: String(part), in: map.keys).map { "; did you mean '\($0)'?" }
                        ?? (map.isEmpty ? "" : "; the keys there are \(map.keys.prefix(10).joined(separator: ", "))")
                    throw DiagnosticError(
                        .error(
                            at: node.location(in: file),
                            "root '\(path)': no key '\(part)' in \(here)\(hint)"))
                }
                node = next
            case .list(let items):
                guard let index = Int(part), items.indices.contains(index) else {
                    throw DiagnosticError(
                        .error(
                            at: node.location(in: file),
                            "root '\(path)': \(here) is \(vocabulary.list) of \(items.count), which has no item '\(part)'"
                        ))
                }
                node = items[index]
            default:
                throw DiagnosticError(
                    .error(
                        at: node.location(in: file),
                        "root '\(path)': \(here) is \(vocabulary.name(of: node.value)), which has no key '\(part)'"))
            }
            walked.append(part)
        }
        return node
    }
}
