/// A key path into a record as `herald.yml` writes it: dotted keys (`biography.publisher`), list
/// indices (`roles.0`), quoted keys that hold a dot or a space (`base."Sp. Attack"`), and `*` for
/// every item of a list (`labels.*.name`), which makes the value a list.
public struct DataPath: Sendable, Hashable {
    /// One step of a path.
    public enum Part: Sendable, Hashable {
        /// A map key, or a list index when it is a whole number.
        case key(String)
        /// Every item of a list.
        case every
    }

    /// What following a path through one record found.
    public enum Lookup: Sendable {
        case found(DataNode)
        case missing
        /// The path meets a list at `listPath` and goes on with a key that is no index: the user
        /// meant `*` (every item) or an index, and is told both spellings.
        case intoList(listPath: String, rest: String, list: DataNode)
    }

    public let text: String
    public let parts: [Part]

    /// Parses `text`; nil when a part is empty or a quote is left open. Read as UTF-8 bytes: `"`
    /// and `.` are ASCII, which no byte of another character's encoding is.
    public init?(_ text: String) {
        var parts: [Part] = []
        var current: [UInt8] = []
        var quoted = false
        var wasQuoted = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
                wasQuoted = true
            } else if byte == UInt8(ascii: "."), !quoted {
                guard let part = Self.part(String(decoding: current, as: UTF8.self), wasQuoted: wasQuoted) else {
                    return nil
                }
                parts.append(part)
                current.removeAll(keepingCapacity: true)
                wasQuoted = false
            } else {
                current.append(byte)
            }
        }
        guard !quoted, let last = Self.part(String(decoding: current, as: UTF8.self), wasQuoted: wasQuoted) else {
            return nil
        }
        parts.append(last)
        self.text = text
        self.parts = parts
    }

    private static func part(_ text: String, wasQuoted: Bool) -> Part? {
        if wasQuoted { return .key(text) }
        if text.isEmpty { return nil }
        return text == "*" ? .every : .key(text)
    }

    /// Whether the value is a list made by `*`.
    public var takesEveryItem: Bool { parts.contains(.every) }

    /// The path as written from `parts[range]`, quoting keys that need it.
    func spelled(_ range: Range<Int>) -> String {
        parts[range].map { part in
            switch part {
            case .every: "*"
            case .key(let key): key.contains(".") || key.contains(" ") || key == "*" ? "\"\(key)\"" : key
            }
        }.joined(separator: ".")
    }

    /// What to say when a path runs into a list: both spellings that would read it.
    public static func intoListAdvice(listPath: String, rest: String) -> String {
        "'\(listPath)' is a list: write '\(listPath).*.\(rest)' for every item, "
            + "or '\(listPath).0.\(rest)' for the first"
    }

    /// Follows the path from `node`. A `*` gives a list of what the rest of the path finds in each
    /// item (items where it finds nothing are left out), positioned where the list is.
    public func lookup(in node: DataNode) -> Lookup {
        lookup(in: node, from: 0)
    }

    private func lookup(in start: DataNode, from first: Int) -> Lookup {
        var node = start
        for index in first..<parts.count {
            switch (parts[index], node.value) {
            case (.key(let key), .map(let map)):
                guard let next = map[key] else { return .missing }
                node = next
            case (.key(let key), .list(let items)):
                guard let position = Int(key) else {
                    return .intoList(listPath: spelled(0..<index), rest: spelled(index..<parts.count), list: node)
                }
                guard items.indices.contains(position) else { return .missing }
                node = items[position]
            case (.every, .list(let items)):
                var found: [DataNode] = []
                found.reserveCapacity(items.count)
                for item in items {
                    let inner = lookup(in: item, from: index + 1)
                    switch inner {
                    case .found(let value): found.append(value)
                    case .missing: continue
                    case .intoList: return inner
                    }
                }
                return .found(DataNode(.list(found), line: node.line, column: node.column))
            default:
                return .missing
            }
        }
        return .found(node)
    }
}

extension DataNode {
    /// A path of one key: no `.`, `"` or `*`. Looked at for every field of every record, so over
    /// the bytes in place.
    public static func isPlainKey(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            !bytes.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "*") }
        }
    }

    /// Follows a key path written as `herald.yml` writes it (see `DataPath`); a single plain key,
    /// the common case, is looked up without parsing.
    public func resolve(_ path: String) -> DataPath.Lookup {
        if case .map(let map) = value, Self.isPlainKey(path) {
            return map[path].map { .found($0) } ?? .missing
        }
        return DataPath(path)?.lookup(in: self) ?? .missing
    }
}
