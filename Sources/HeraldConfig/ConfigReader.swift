import HeraldCore
import HeraldModels

/// Reads typed settings out of `herald.yml` maps, collecting every problem so that one run
/// reports all of a config's mistakes.
struct ConfigReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    mutating func error(_ message: String, at node: DataNode) {
        diagnostics.append(.error(at: node.location(in: file), message))
    }

    /// An error placed at the key itself, which is where a reader looks for a misspelt or missing setting.
    mutating func error(_ message: String, atKey key: String, in map: DataMap) {
        let position = map.position(ofKey: key)
        let location = SourceLocation(
            file: file, line: position?.line ?? map[key]?.line ?? 0,
            column: position?.column ?? map[key]?.column ?? 0)
        diagnostics.append(.error(at: location, message))
    }

    /// Reports each key of `map` that is not in `known`, with the nearest known key as a hint.
    mutating func rejectUnknownKeys(in map: DataMap, known: [String], section: String?) {
        for key in map.keys where !known.contains(key) {
            let place = section.map { " in '\($0)'" } ?? ""
            let hint =
                Suggestion.nearest(to: key, in: known).map { "did you mean '\($0)'?" }
                ?? "known keys: \(known.joined(separator: ", "))"
            error("unknown key '\(key)'\(place) (\(hint))", atKey: key, in: map)
        }
    }

    /// The value at `key`, or nil when it is absent or null (which both mean "use the default").
    func value(_ key: String, in map: DataMap) -> DataNode? {
        guard let node = map[key] else { return nil }
        if case .null = node.value { return nil }
        return node
    }

    mutating func map(_ key: String, in map: DataMap) -> DataMap? {
        guard let node = value(key, in: map) else { return nil }
        guard case .map(let section) = node.value else {
            error("'\(key)' must be a map of settings, found \(node.value.quotedForMessage)", at: node)
            return nil
        }
        return section
    }

    mutating func text(_ key: String, in map: DataMap) -> (text: String, node: DataNode)? {
        guard let node = value(key, in: map) else { return nil }
        guard case .string(let text) = node.value else {
            let quoting = node.value.isNumberOrBool ? " (put it in quotes to make it text)" : ""
            error("'\(key)' must be text, found \(node.value.quotedForMessage)\(quoting)", at: node)
            return nil
        }
        return (text, node)
    }

    mutating func bool(_ key: String, in map: DataMap) -> Bool? {
        guard let node = value(key, in: map) else { return nil }
        guard case .bool(let flag) = node.value else {
            error("'\(key)' must be true or false, found \(node.value.quotedForMessage)", at: node)
            return nil
        }
        return flag
    }

    /// A list of texts; a single text counts as a list of one, as in `group_by: publisher`.
    mutating func textList(_ key: String, in map: DataMap) -> [(text: String, node: DataNode)]? {
        guard let node = value(key, in: map) else { return nil }
        let items: [DataNode]
        switch node.value {
        case .string: items = [node]
        case .list(let list): items = list
        default:
            error("'\(key)' must be a list of texts, found \(node.value.quotedForMessage)", at: node)
            return nil
        }
        var texts: [(text: String, node: DataNode)] = []
        for item in items {
            if case .string(let text) = item.value {
                texts.append((text, item))
            } else {
                error("each item of '\(key)' must be text, found \(item.value.quotedForMessage)", at: item)
            }
        }
        return texts
    }
}

private extension DataValue {
    var isNumberOrBool: Bool {
        switch self {
        case .int, .double, .bool: true
        default: false
        }
    }
}
