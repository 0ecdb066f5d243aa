import HeraldCore
import HeraldModels

/// What a record's derived ID is made of: the hash of its title, and of its title and every
/// other field but its line, for when other records share the title.
public struct DerivedIDKey: Sendable {
    public var title: TaskID.Hasher
    public var identity: TaskID.Hasher

    /// Nil for a record with an `id` field or without a text title: it gets no derived ID.
    public init?(_ record: Record) {
        guard record.fields.lookup("id") == nil, let node = record.fields.lookup("title"),
              case .string(let text) = node.value else { return nil }
        title = TaskID.Hasher()
        title.add(text.utf8)
        identity = title
        identity.addIdentitySeparator()
        Self.add(record.fields.value, to: &identity)
    }

    /// A record's fields into the hash, its line numbers left out: where a record stands changes
    /// when others are added or removed, and is no part of what it is.
    private static func add(_ value: DataValue, to hasher: inout TaskID.Hasher) {
        switch value {
        case .null: hasher.add([1])
        case .bool(let flag): hasher.add([2, flag ? 1 : 0])
        case .int(let number): hasher.add([3]); hasher.add(String(number).utf8)
        case .double(let number): hasher.add([4]); hasher.add(String(number).utf8)
        case .string(let text): hasher.add([5]); hasher.add(text.utf8)
        case .list(let items):
            hasher.add([6])
            for item in items { add(item.value, to: &hasher); hasher.add([0]) }
        case .map(let map):
            hasher.add([7])
            for key in map.keys where key != "line" {
                hasher.add(key.utf8)
                hasher.add([0])
                if let child = map[key] { add(child.value, to: &hasher) }
                hasher.add([0])
            }
        }
        hasher.add([0])
    }
}

/// The IDs of the records of one file that have none of their own (`TaskID`). A title several
/// records share is not enough to tell them apart, and counting them by position would hand a
/// removed record's ID to the next: their IDs hash all their fields, and records alike in every
/// field are `ambiguous` (their IDs differ only by order, which edits change).
public enum DerivedIDs {
    public struct Assigned: Sendable {
        public var id: String
        public var ambiguous: Bool

        public init(id: String, ambiguous: Bool) {
            self.id = id
            self.ambiguous = ambiguous
        }
    }

    /// One ID for each key, in order; nil where the key is nil.
    public static func assign(_ keys: [DerivedIDKey?]) -> [Assigned?] {
        var titles: [TaskID.Hasher: Int] = [:]
        for key in keys {
            if let key { titles[key.title, default: 0] += 1 }
        }
        var identities: [TaskID.Hasher: Int] = [:]
        for key in keys {
            if let key, titles[key.title, default: 0] > 1 { identities[key.identity, default: 0] += 1 }
        }
        var seen: [TaskID.Hasher: Int] = [:]
        return keys.map { key in
            guard let key else { return nil }
            guard titles[key.title, default: 0] > 1 else { return Assigned(id: key.title.id(occurrence: 1), ambiguous: false) }
            seen[key.identity, default: 0] += 1
            return Assigned(id: key.identity.id(occurrence: seen[key.identity] ?? 1),
                            ambiguous: identities[key.identity, default: 0] > 1)
        }
    }
}

extension [Record] {
    /// The records, each without an `id` field given its derived ID (`DerivedIDs`).
    func derivingIDs() -> [Record] {
        let assigned = DerivedIDs.assign(map(DerivedIDKey.init))
        return zip(self, assigned).map { record, assigned in
            guard let assigned else { return record }
            var record = record
            record.derivedID = assigned.id
            record.derivedIDIsAmbiguous = assigned.ambiguous
            return record
        }
    }
}
