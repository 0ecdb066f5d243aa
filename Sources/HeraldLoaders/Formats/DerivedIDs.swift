import HeraldCore
import HeraldModels

/// What a record's derived ID is made of: the hash of its title, and of its title and every
/// other field but its line, for when other records share the title.
public struct DerivedIDKey: Sendable {
    public var title: TaskID.Hasher
    /// Nil until `addIdentity(of:)`: only records that share their title need it.
    public var identity: TaskID.Hasher?

    /// Nil for a record with an id (at any of `idPaths`) or without a text title (at the first
    /// of `titlePaths` it has): it gets no derived ID.
    public init?(
        _ record: Record, idPaths: [String] = ["id"], titlePaths: [String] = ["title"], withIdentity: Bool = true
    ) {
        // Loops rather than closures, which would each take a copy of the record: a large file
        // has a million records.
        for path in idPaths where Self.found(path, in: record) != nil { return nil }
        var titleNode: DataNode?
        for path in titlePaths {
            titleNode = Self.found(path, in: record)
            if titleNode != nil { break }
        }
        guard case .string(let text)? = titleNode?.value else { return nil }
        title = TaskID.Hasher()
        title.add(utf8: text)
        if withIdentity { addIdentity(of: record) }
    }

    private static func found(_ path: String, in record: Record) -> DataNode? {
        guard case .found(let node) = record.fields.resolve(path) else { return nil }
        if case .null = node.value { return nil }
        return node
    }

    /// Hashes the rest of the record, for when other records share its title.
    public mutating func addIdentity(of record: Record) {
        var hasher = title
        hasher.addIdentitySeparator()
        Self.add(record.fields.value, to: &hasher)
        identity = hasher
    }

    /// A record's fields into the hash, its line numbers left out: where a record stands changes
    /// when others are added or removed, and is no part of what it is.
    private static func add(_ value: DataValue, to hasher: inout TaskID.Hasher) {
        switch value {
        case .null: hasher.add([1])
        case .bool(let flag): hasher.add([2, flag ? 1 : 0])
        case .int(let number): hasher.add([3]); hasher.add(utf8: String(number))
        case .double(let number): hasher.add([4]); hasher.add(utf8: String(number))
        case .string(let text): hasher.add([5]); hasher.add(utf8: text)
        case .list(let items):
            hasher.add([6])
            for item in items { add(item.value, to: &hasher); hasher.add([0]) }
        case .map(let map):
            hasher.add([7])
            for key in map.keys where key != "line" {
                hasher.add(utf8: key)
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
    /// A record's derived ID, kept as its number (`TaskID.text(of:)` writes it out).
    public struct Assigned: Sendable {
        public var number: UInt64
        public var ambiguous: Bool

        public init(number: UInt64, ambiguous: Bool) {
            self.number = number
            self.ambiguous = ambiguous
        }

        public var id: String { TaskID.text(of: number) }
    }

    /// The titles more than one key has: those keys need their identity.
    public static func sharedTitles(_ keys: [DerivedIDKey?]) -> Set<TaskID.Hasher> {
        let shared = repeated(keys.compactMap { $0?.title.state })
        guard !shared.isEmpty else { return [] }
        return Set(keys.compactMap { key in key.flatMap { shared.contains($0.title.state) ? $0.title : nil } })
    }

    /// The numbers that occur more than once. A large file has a million titles: a table of
    /// numbers probed in a row finds them in one pass, where sorting takes several and a
    /// dictionary of counts hashes each number again.
    static func repeated(_ numbers: [UInt64]) -> Set<UInt64> {
        var capacity = 16
        while capacity < numbers.count * 2 { capacity <<= 1 }
        let mask = capacity - 1
        // 0 marks an empty slot, so the number 0 is counted apart.
        var slots = [UInt64](repeating: 0, count: capacity)
        var zeros = 0
        var repeated = Set<UInt64>()
        for number in numbers {
            guard number != 0 else {
                zeros += 1
                if zeros == 2 { repeated.insert(0) }
                continue
            }
            // The high bits of a multiplicative hash spread numbers whose low bits are alike.
            var slot = Int(truncatingIfNeeded: (number &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
            while slots[slot] != 0, slots[slot] != number { slot = (slot + 1) & mask }
            if slots[slot] == number {
                repeated.insert(number)
            } else {
                slots[slot] = number
            }
        }
        return repeated
    }

    /// One ID for each key, in order; nil where the key is nil. Every key of a shared title must
    /// have its identity. `shared`: the keys' `sharedTitles`, when the caller has them already.
    public static func assign(_ keys: [DerivedIDKey?], sharedTitles shared: Set<TaskID.Hasher>? = nil) -> [Assigned?] {
        let shared = shared ?? sharedTitles(keys)
        guard !shared.isEmpty else {
            return keys.map { key in key.map { Assigned(number: $0.title.number(occurrence: 1), ambiguous: false) } }
        }
        var identities: [TaskID.Hasher: Int] = [:]
        for key in keys {
            if let key, shared.contains(key.title) { identities[key.identity ?? key.title, default: 0] += 1 }
        }
        var seen: [TaskID.Hasher: Int] = [:]
        return keys.map { key in
            guard let key else { return nil }
            guard shared.contains(key.title) else {
                return Assigned(number: key.title.number(occurrence: 1), ambiguous: false)
            }
            let identity = key.identity ?? key.title
            seen[identity, default: 0] += 1
            return Assigned(
                number: identity.number(occurrence: seen[identity] ?? 1),
                ambiguous: identities[identity, default: 0] > 1)
        }
    }
}

extension [Record] {
    /// The records, each without an id given its derived ID (`DerivedIDs`); `idPaths` and
    /// `titlePaths` are where the site's field mapping reads a task's id and title.
    public func derivingIDs(idPaths: [String] = ["id"], titlePaths: [String] = ["title"]) -> [Record] {
        let assigned = DerivedIDs.assign(map { DerivedIDKey($0, idPaths: idPaths, titlePaths: titlePaths) })
        return zip(self, assigned).map { record, assigned in
            guard let assigned else { return record }
            var record = record
            record.derivedID = assigned.id
            record.derivedIDIsAmbiguous = assigned.ambiguous
            return record
        }
    }
}

extension [Record] {
    /// Task records as `derivingIDs` gives them, read through the site's mapping of a task's id
    /// and title. Formats that derive IDs as they read (todo.txt, checklists) are left as read.
    public func derivingTaskIDs(rules: TaskRules) -> [Record] {
        guard !contains(where: { $0.derivedID != nil }) else { return self }
        return derivingIDs(idPaths: rules.keyPaths(for: .id), titlePaths: rules.keyPaths(for: .title))
    }
}
