import HeraldCore
import HeraldModels

extension [Record] {
    /// The records, each without an `id` field given an ID derived from its title (`TaskID`).
    /// A title several records share is not enough to tell them apart, and counting them by
    /// position would hand a removed record's ID to the next: their IDs hash all their fields
    /// too, and records alike in every field are marked `derivedIDIsAmbiguous`.
    func derivingIDs() -> [Record] {
        var titles: [String: Int] = [:]
        for record in self {
            if let title = Self.derivableTitle(of: record) { titles[title, default: 0] += 1 }
        }
        var identities: [[UInt8]: Int] = [:]
        var shared: [Int: [UInt8]] = [:]
        for (index, record) in enumerated() {
            guard let title = Self.derivableTitle(of: record), titles[title, default: 0] > 1 else { continue }
            let identity = [UInt8](title.utf8) + [0] + Self.identity(of: record.fields)
            identities[identity, default: 0] += 1
            shared[index] = identity
        }
        var seen: [[UInt8]: Int] = [:]
        return enumerated().map { index, record in
            guard let title = Self.derivableTitle(of: record) else { return record }
            var record = record
            guard let identity = shared[index] else {
                record.derivedID = TaskID.derived(fromTitle: title, occurrence: 1)
                return record
            }
            seen[identity, default: 0] += 1
            let fields = Self.identity(of: record.fields)
            record.derivedID = TaskID.derived(fromTitle: title, identity: fields, occurrence: seen[identity] ?? 1)
            record.derivedIDIsAmbiguous = identities[identity, default: 0] > 1
            return record
        }
    }

    private static func derivableTitle(of record: Record) -> String? {
        guard record.fields.lookup("id") == nil, let title = record.fields.lookup("title"),
              case .string(let text) = title.value else { return nil }
        return text
    }

    /// A record's fields as bytes, its line numbers left out: where a record stands changes when
    /// others are added or removed, and is no part of what it is.
    private static func identity(of node: DataNode) -> [UInt8] {
        var bytes: [UInt8] = []
        func add(_ value: DataValue) {
            switch value {
            case .null: bytes.append(1)
            case .bool(let flag): bytes += [2, flag ? 1 : 0]
            case .int(let number): bytes += [3] + [UInt8](String(number).utf8)
            case .double(let number): bytes += [4] + [UInt8](String(number).utf8)
            case .string(let text): bytes += [5] + [UInt8](text.utf8)
            case .list(let items):
                bytes.append(6)
                for item in items { add(item.value); bytes.append(0) }
            case .map(let map):
                bytes.append(7)
                for key in map.keys where key != "line" {
                    bytes += [UInt8](key.utf8) + [0]
                    if let child = map[key] { add(child.value) }
                    bytes.append(0)
                }
            }
            bytes.append(0)
        }
        add(node.value)
        return bytes
    }
}
