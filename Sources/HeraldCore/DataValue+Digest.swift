extension DataValue {
    /// Mixes the value into `hash`, the same in every process: each case by a tag of its own, a
    /// map's keys in their order, positions left out (they change no output). What lets a page
    /// made from a record be known unchanged by the next build.
    public func digest(into hash: inout ContentHash) {
        switch self {
        case .null: hash.combine(0)
        case .bool(let flag): hash.combine(flag ? 2 : 1)
        case .int(let number):
            hash.combine(3)
            hash.combine(number)
        case .double(let number):
            hash.combine(4)
            hash.combine(number)
        case .string(let text):
            hash.combine(5)
            hash.combine(text)
        case .list(let items):
            hash.combine(6)
            hash.combine(items.count)
            for item in items { item.value.digest(into: &hash) }
        case .map(let map):
            map.digest(into: &hash)
        }
    }
}

extension DataMap {
    /// Mixes the map's keys and values into `hash`, in their order (see `DataValue.digest`).
    public func digest(into hash: inout ContentHash) {
        hash.combine(7)
        hash.combine(count)
        for (key, node) in zip(keys, values) {
            hash.combine(key)
            node.value.digest(into: &hash)
        }
    }
}
