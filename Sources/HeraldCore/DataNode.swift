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
///
/// Keys and values are kept in two arrays in source order. A record has a few fields, and finding
/// one of a dozen keys by comparing them costs less than hashing it; only a map of many keys gets
/// a dictionary from key to place as well. A model keeps its record's map all build long, so the
/// arrays are its whole weight.
public struct DataMap: Sendable {
    public private(set) var keys: [String] = []
    /// The values, in the order of `keys`.
    private(set) var values: [DataNode] = []
    /// Where each key itself stands, so "unknown key" errors point at the key rather than its
    /// value: one per key, or empty when no key has one.
    private var keyPositions: [KeyPosition?] = []
    /// The place of each key, for a map of more than `indexedCount` keys; nil for a smaller one,
    /// and for one `removing` made.
    private var places: [String: Int]?
    private static let indexedCount = 16

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

    /// An empty map with room for `count` keys, for a reader that knows how many it will add.
    public init(capacity count: Int) {
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
    }

    public init(_ pairs: [(String, DataNode)]) {
        for (key, node) in pairs { self[key] = node }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    private func place(of key: String) -> Int? {
        if let places { return places[key] }
        return keys.firstIndex(of: key)
    }

    public subscript(key: String) -> DataNode? {
        get { place(of: key).map { values[$0] } }
        set {
            if let newValue {
                if let place = place(of: key) { values[place] = newValue } else { append(key, newValue, at: nil) }
            } else if let place = place(of: key) {
                keys.remove(at: place)
                values.remove(at: place)
                if !keyPositions.isEmpty { keyPositions.remove(at: place) }
                if places != nil { index() }
            }
        }
    }

    /// Adds `key` at the end without looking for it first: for a reader that builds a map of keys
    /// it knows to be distinct (a todo.txt line's fields), where looking each up would cost more
    /// than making the map. A key already in the map would be in it twice.
    public mutating func append(newKey key: String, _ node: DataNode) {
        assert(place(of: key) == nil, "\(key) is in the map already")
        append(key, node, at: nil)
    }

    private mutating func append(_ key: String, _ node: DataNode, at position: KeyPosition?) {
        if position != nil || !keyPositions.isEmpty {
            if keyPositions.isEmpty { keyPositions = Array(repeating: nil, count: keys.count) }
            keyPositions.append(position)
        }
        keys.append(key)
        values.append(node)
        if places != nil {
            places?[key] = keys.count - 1
        } else if keys.count > Self.indexedCount {
            index()
        }
    }

    private mutating func index() {
        places = keys.count > Self.indexedCount ? Dictionary(zip(keys, keys.indices)) { first, _ in first } : nil
    }

    /// Each key's `keyHash`, in order, and a bit for each; none for a map large enough to keep a
    /// dictionary. A reader that looks up dozens of keys in one small map (a task decoded from a
    /// line) compares these numbers, and compares texts only where they match. Most of its keys
    /// are absent, and most of those have a bit no key of the map has: no key is looked at.
    public struct KeyHashes: Sendable {
        let hashes: [Int]
        let bits: UInt64

        init(_ hashes: [Int]) {
            self.hashes = hashes
            bits = hashes.reduce(0) { $0 | ($1 == DataMap.unknownKeyHash ? ~0 : KeyHashes.bit($1)) }
        }

        static func bit(_ hash: Int) -> UInt64 {
            1 << UInt64(hash & 63)
        }
    }

    /// The `KeyHashes` of this map.
    public func keyHashes() -> KeyHashes {
        KeyHashes(places == nil ? keys.map(Self.keyHash) : [])
    }

    /// A cheap hash of a key for `keyHashes`: FNV-1a over the bytes of an ASCII key, where
    /// `hashValue`'s SipHash would cost several times more for each of a large file's records.
    /// Texts Swift holds equal may differ in bytes (a Kelvin sign is a `K`), so a key with any
    /// other byte gets `unknownKeyHash`, which matches every hash.
    public static func keyHash(_ key: String) -> Int {
        var key = key
        return key.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var high: UInt8 = 0
            for byte in bytes {
                high |= byte
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return high < 0x80 ? Int(truncatingIfNeeded: hash) : unknownKeyHash
        }
    }

    /// The `keyHash` of a key that is not all ASCII.
    public static let unknownKeyHash = Int.min

    /// The value of `key`, whose `keyHash` is `hash`, in this map whose `keyHashes()` are `keyHashes`.
    public func node(forKey key: String, hash: Int, keyHashes: KeyHashes) -> DataNode? {
        let hashes = keyHashes.hashes
        guard places == nil, hashes.count == keys.count, hash != Self.unknownKeyHash else { return self[key] }
        guard keyHashes.bits & KeyHashes.bit(hash) != 0 else { return nil }
        for place in hashes.indices where hashes[place] == hash || hashes[place] == Self.unknownKeyHash {
            if keys[place] == key { return values[place] }
        }
        return nil
    }

    /// Where `key` was written, when the source has positions; nil otherwise.
    public func position(ofKey key: String) -> KeyPosition? {
        guard !keyPositions.isEmpty, let place = place(of: key) else { return nil }
        return keyPositions[place]
    }

    /// Records where `key` was written; ignored for keys the map does not hold.
    public mutating func setPosition(_ position: KeyPosition, ofKey key: String) {
        guard let place = place(of: key) else { return }
        if keyPositions.isEmpty { keyPositions = Array(repeating: nil, count: keys.count) }
        keyPositions[place] = position
    }

    /// Adds `key`, new to the map, with where it was written; false, leaving the map as it was,
    /// when the map has the key already.
    mutating func add(_ node: DataNode, forKey key: String, at position: KeyPosition) -> Bool {
        guard place(of: key) == nil else { return false }
        append(key, node, at: position)
        return true
    }

    /// The map without `removed` keys, in one pass, and without the keys' positions (each value
    /// keeps its own): what a model keeps of its record (its `extra` fields) is shown, never
    /// reported on. Nor does it get a dictionary of places, whatever its size: a model's record is
    /// shown whole and looked up in a few times, and hashing every key of every record for a
    /// dictionary cost more than those lookups, each of which compares the keys in turn.
    public func removing(_ removed: Set<String>) -> DataMap {
        var kept = DataMap()
        // Built anew and sized exactly: a copy would keep the whole map's capacity, and a model
        // keeps what is left for the whole build, 100,000 times over.
        let left = removed.isEmpty ? Array(keys.indices) : keys.indices.filter { !removed.contains(keys[$0]) }
        guard !left.isEmpty else { return kept }
        kept.keys = left.map { keys[$0] }
        kept.values = left.map { values[$0] }
        return kept
    }

    /// A map of distinct keys as an archive kept them (`DataValue+Archive.swift`): the positions
    /// as `keyPositions` holds them, a dictionary of places only when the map had one.
    init(keys: [String], values: [DataNode], keyPositions: [KeyPosition?], indexed: Bool) {
        self.keys = keys
        self.values = values
        self.keyPositions = keyPositions
        if indexed { index() }
    }

    /// The positions of the keys, one per key or none, and whether the map keeps a dictionary of
    /// places: what `init(keys:values:keyPositions:indexed:)` needs to make the map again.
    var archivedLayout: (keyPositions: [KeyPosition?], indexed: Bool) {
        (keyPositions, places != nil)
    }

    /// The entries in source order.
    public var entries: [(key: String, node: DataNode)] {
        zip(keys, values).map { (key: $0.0, node: $0.1) }
    }
}
