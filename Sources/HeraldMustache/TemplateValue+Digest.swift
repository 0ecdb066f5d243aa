import HeraldCore

extension TemplateValue {
    /// Mixes the value into `hash`, the same in every process: each case by a tag of its own, a
    /// map's keys in sorted order. Equal digests mean equal view data, so a page's
    /// fingerprint can hash view data shared by many pages (the site's chrome) once.
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
        case .html(let markup):
            hash.combine(6)
            hash.combine(markup)
        case .list(let items):
            hash.combine(7)
            hash.combine(items.count)
            for item in items { item.digest(into: &hash) }
        case .map(let map):
            hash.combine(8)
            hash.combine(map.count)
            // By key: maps made from a dictionary are equal in any order, and come in a new one
            // in each process.
            for (key, value) in map.sorted(by: { $0.0 < $1.0 }) {
                hash.combine(key)
                value.digest(into: &hash)
            }
        }
    }
}
