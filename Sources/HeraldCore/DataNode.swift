/// A value read from a data file (JSON, YAML, CSV, front matter, SQLite…), with where it stood.
///
/// Every loader turns its format into this one tree so that field mapping, type checks and error
/// positions work the same whatever the source.
public struct DataNode: Sendable {
    public var value: DataValue
    /// 1-based line and column of the value in its file; 0 when the source has no positions.
    public var line: Int
    public var column: Int

    public init(_ value: DataValue, line: Int = 0, column: Int = 0) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// The location of this value inside `file`.
    public func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    /// Follows a dotted key path (`biography.publisher`, `images.md`, `roles.0`); nil when absent.
    public func lookup(_ path: String) -> DataNode? {
        // Most paths are a single key: look it up without splitting the path into parts.
        if case .map(let map) = value, !path.utf8.contains(UInt8(ascii: ".")) { return map[path] }
        var node = self
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            switch node.value {
            case .map(let map):
                guard let next = map[String(part)] else { return nil }
                node = next
            case .list(let items):
                guard let index = Int(part), items.indices.contains(index) else { return nil }
                node = items[index]
            default:
                return nil
            }
        }
        return node
    }
}

/// The shapes a data value can take.
public enum DataValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([DataNode])
    case map(DataMap)

    /// A short name of the shape, for "expected a string, found a list" messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .list: "a list"
        case .map: "a map"
        }
    }
}

/// A map that keeps its keys in the order the source gave them.
public struct DataMap: Sendable {
    public private(set) var keys: [String] = []
    private var nodes: [String: DataNode] = [:]
    /// The values in the order of `keys`, standing in for `nodes` in a map made by `removing`: a
    /// model keeps such a map (its `extra` fields) all build long, and a dictionary of one or two
    /// entries weighs several times what they do. Looked up in order; a change makes `nodes` again.
    private var ordered: [DataNode]?
    // Where each key itself stands, so "unknown key" errors point at the key rather than its value.
    private var keyPositions: [String: KeyPosition] = [:]

    /// The 1-based line and column of a key in its file.
    public struct KeyPosition: Sendable, Hashable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    public init() {}

    public init(_ pairs: [(String, DataNode)]) {
        for (key, node) in pairs { self[key] = node }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public subscript(key: String) -> DataNode? {
        get {
            guard let ordered else { return nodes[key] }
            return keys.firstIndex(of: key).map { ordered[$0] }
        }
        set {
            expand()
            if let newValue {
                if nodes.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if nodes.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
                keyPositions[key] = nil
            }
        }
    }

    /// Where `key` was written, when the source has positions; nil otherwise.
    public func position(ofKey key: String) -> KeyPosition? {
        keyPositions[key]
    }

    /// Records where `key` was written; ignored for keys the map does not hold.
    public mutating func setPosition(_ position: KeyPosition, ofKey key: String) {
        guard self[key] != nil else { return }
        keyPositions[key] = position
    }

    /// Adds `key`, new to the map, with where it was written; false, leaving the map as it was,
    /// when the map has the key already. One hash per dictionary, for readers building large maps.
    mutating func add(_ node: DataNode, forKey key: String, at position: KeyPosition) -> Bool {
        expand()
        if let existing = nodes.updateValue(node, forKey: key) {
            nodes[key] = existing
            return false
        }
        keys.append(key)
        keyPositions[key] = position
        return true
    }

    /// The map without `removed` keys, in one pass (removing keys one by one is quadratic), and
    /// without the keys' positions (each value keeps its own): what a model keeps of its record
    /// (its `extra` fields) is shown, never reported on.
    public func removing(_ removed: Set<String>) -> DataMap {
        // Built anew, not copied and trimmed: a copy keeps the whole map's capacity, and a model
        // keeps what is left for the whole build, 100,000 times over.
        var kept = DataMap()
        let left = entries.filter { !removed.contains($0.key) }
        guard !left.isEmpty else { return kept }
        // `map` sizes each array exactly.
        kept.keys = left.map(\.key)
        kept.ordered = left.map(\.node)
        return kept
    }

    /// Back to the dictionary, before a change.
    private mutating func expand() {
        guard let ordered else { return }
        nodes = Dictionary(uniqueKeysWithValues: zip(keys, ordered))
        self.ordered = nil
    }

    /// The entries in source order.
    public var entries: [(key: String, node: DataNode)] {
        if let ordered { return Array(zip(keys, ordered)).map { (key: $0.0, node: $0.1) } }
        return keys.compactMap { key in nodes[key].map { (key, $0) } }
    }
}
