import HeraldCore

/// A map of view data: names to values, in the order they were set.
///
/// A page's view data is made once and then looked up by name for every tag of its templates.
/// Each key's `DataMap.keyHash` is kept beside it, and a template's names are hashed once, when it
/// is parsed: a lookup compares numbers, and texts only where they match. A dictionary would hash
/// the name again with SipHash at every lookup, in every map of the context stack it passes.
public struct TemplateMap: Sendable {
    private struct Entry: Sendable {
        let hash: Int
        let key: String
        var value: TemplateValue
    }

    // One array, so that a copy of the map (out of a `TemplateValue`, onto the context stack)
    // retains one buffer, and a `TemplateValue` is no larger than it was with a dictionary.
    private var entries: ContiguousArray<Entry> = []
    /// A bit for each key's hash (every bit for a key that is not ASCII). A name looked up in an
    /// inner map often belongs to an outer one, and most such names miss on the bit alone.
    private var bits: UInt64 = 0

    public init() {}

    public init(minimumCapacity count: Int) {
        entries.reserveCapacity(count)
    }

    /// A repeated key keeps its last value, as a later assignment would.
    public init(_ pairs: some Sequence<(String, TemplateValue)>) {
        entries.reserveCapacity(pairs.underestimatedCount)
        for (key, value) in pairs {
            // A key whose bit no key before it has is new: most of a literal's keys need no search.
            let hash = DataMap.keyHash(key)
            if bits & Self.bit(hash) == 0 { append(key, hash: hash, value) } else { self[key] = value }
        }
    }

    /// Keys known to be distinct (those of a dictionary or a `DataMap`), added without looking for
    /// each first: a large map is made in one pass.
    public init(uniqueKeysWithValues pairs: some Sequence<(String, TemplateValue)>) {
        entries.reserveCapacity(pairs.underestimatedCount)
        for (key, value) in pairs { append(key, hash: DataMap.keyHash(key), value) }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    /// In the order they were set.
    public var keys: [String] { entries.map(\.key) }

    public mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
    }

    public subscript(key: String) -> TemplateValue? {
        get { value(forKey: key, hash: DataMap.keyHash(key)) }
        set {
            let hash = DataMap.keyHash(key)
            if let newValue {
                if let place = place(of: key, hash: hash) {
                    entries[place].value = newValue
                } else {
                    append(key, hash: hash, newValue)
                }
            } else if let place = place(of: key, hash: hash) {
                entries.remove(at: place)
                bits = entries.reduce(0) { $0 | Self.bit($1.hash) }
            }
        }
    }

    /// The value of `key`, whose `DataMap.keyHash` is `hash`: for a name hashed beforehand.
    func value(forKey key: String, hash: Int) -> TemplateValue? {
        place(of: key, hash: hash).map { entries[$0].value }
    }

    private func place(of key: String, hash: Int) -> Int? {
        guard bits & Self.bit(hash) != 0 else { return nil }
        return entries.withUnsafeBufferPointer { entries in
            // A key that is not ASCII may equal one that is (a Kelvin sign is a `K`): only
            // comparing the texts can tell.
            if hash == DataMap.unknownKeyHash { return entries.firstIndex { $0.key == key } }
            for place in entries.indices
            where entries[place].hash == hash || entries[place].hash == DataMap.unknownKeyHash {
                if entries[place].key == key { return place }
            }
            return nil
        }
    }

    /// Keys hashed once, for a map that a presenter makes over and over with the same keys in the
    /// same order (a fact of every hero, a card on every page): such a map is then made without
    /// hashing or looking for a single key.
    public struct Keys: Sendable {
        fileprivate let keys: [String]
        fileprivate let hashes: [Int]
        fileprivate let bits: UInt64

        /// `keys` are distinct: a map holds a key once.
        public init(_ keys: String...) {
            precondition(Set(keys).count == keys.count, "repeated key in \(keys)")
            self.keys = keys
            hashes = keys.map(DataMap.keyHash)
            bits = hashes.reduce(0) { $0 | TemplateMap.bit($1) }
        }

        public var count: Int { keys.count }
    }

    /// A map of `keys` to `values`, one value per key in the same order, with room for `capacity`
    /// keys in all.
    public init(_ keys: Keys, _ values: TemplateValue..., capacity: Int = 0) {
        precondition(values.count == keys.keys.count, "\(values.count) values for \(keys.keys.count) keys")
        entries.reserveCapacity(Swift.max(capacity, values.count))
        for position in values.indices {
            entries.append(Entry(hash: keys.hashes[position], key: keys.keys[position], value: values[position]))
        }
        bits = keys.bits
    }

    /// A map of the two `keys` to `first` and `second`: the shape of most maps made per item (a
    /// fact's label and text), made without the array a variadic call builds and frees.
    public init(_ keys: Keys, _ first: TemplateValue, _ second: TemplateValue) {
        precondition(keys.keys.count == 2, "2 values for \(keys.keys.count) keys")
        entries.reserveCapacity(2)
        entries.append(Entry(hash: keys.hashes[0], key: keys.keys[0], value: first))
        entries.append(Entry(hash: keys.hashes[1], key: keys.keys[1], value: second))
        bits = keys.bits
    }

    private mutating func append(_ key: String, hash: Int, _ value: TemplateValue) {
        entries.append(Entry(hash: hash, key: key, value: value))
        bits |= Self.bit(hash)
    }

    fileprivate static func bit(_ hash: Int) -> UInt64 {
        hash == DataMap.unknownKeyHash ? ~0 : 1 << UInt64(hash & 63)
    }
}

extension TemplateMap: ExpressibleByDictionaryLiteral {
    /// A repeated key keeps its last value, as a later assignment would.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements)
    }
}

extension TemplateMap: Sequence {
    public func makeIterator() -> some IteratorProtocol<(key: String, value: TemplateValue)> {
        entries.lazy.map { (key: $0.key, value: $0.value) }.makeIterator()
    }
}

extension TemplateMap: Hashable {
    /// Equal when both hold the same keys with the same values, in any order, as dictionaries are.
    public static func == (lhs: TemplateMap, rhs: TemplateMap) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.entries.allSatisfy { rhs.value(forKey: $0.key, hash: $0.hash) == $0.value }
    }

    /// Independent of the order of the keys, as `==` is.
    public func hash(into hasher: inout Hasher) {
        var mixed = 0
        for entry in entries {
            var one = Hasher()
            one.combine(entry.key)
            one.combine(entry.value)
            mixed ^= one.finalize()
        }
        hasher.combine(count)
        hasher.combine(mixed)
    }
}
