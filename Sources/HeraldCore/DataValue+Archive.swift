extension DataNode {
    /// Writes the value with its position, for `init(from:)`.
    public func archive(into writer: inout ArchiveWriter) {
        writer.write(line)
        writer.write(column)
        switch value {
        case .null: writer.write(UInt64(0))
        case .bool(let flag): writer.write(UInt64(flag ? 2 : 1))
        case .int(let number):
            writer.write(UInt64(3))
            writer.write(number)
        case .double(let number):
            writer.write(UInt64(4))
            writer.write(number)
        case .string(let text):
            writer.write(UInt64(5))
            writer.write(text)
        case .list(let items):
            writer.write(UInt64(6))
            writer.write(UInt64(items.count))
            for item in items { item.archive(into: &writer) }
        case .map(let map):
            writer.write(UInt64(7))
            map.archive(into: &writer)
        }
    }

    /// The node `archive(into:)` wrote; nil when the bytes are not such a node. `depth` bounds
    /// the nesting, so that damaged bytes cannot recurse without end.
    public init?(from reader: inout ArchiveReader, depth: Int = 0) {
        guard depth < 256, let line = reader.integer(), let column = reader.integer(), let tag = reader.number() else {
            return nil
        }
        let value: DataValue
        switch tag {
        case 0: value = .null
        case 1, 2: value = .bool(tag == 2)
        case 3:
            guard let number = reader.integer() else { return nil }
            value = .int(number)
        case 4:
            guard let number = reader.double() else { return nil }
            value = .double(number)
        case 5:
            guard let text = reader.text() else { return nil }
            value = .string(text)
        case 6:
            guard let count = reader.count() else { return nil }
            var items: [DataNode] = []
            items.reserveCapacity(count)
            for _ in 0..<count {
                guard let item = DataNode(from: &reader, depth: depth + 1) else { return nil }
                items.append(item)
            }
            value = .list(items)
        case 7:
            guard let map = DataMap(from: &reader, depth: depth + 1) else { return nil }
            value = .map(map)
        default: return nil
        }
        self.init(value, line: line, column: column)
    }
}

extension DataMap {
    /// Writes the keys, values and key positions, for `init(from:)`.
    public func archive(into writer: inout ArchiveWriter) {
        let (positions, indexed) = archivedLayout
        writer.write(UInt64(count))
        writer.write(indexed)
        writer.write(!positions.isEmpty)
        for (key, node) in zip(keys, values) {
            writer.write(key)
            node.archive(into: &writer)
        }
        for position in positions {
            writer.write(position != nil)
            if let position {
                writer.write(position.line)
                writer.write(position.column)
            }
        }
    }

    /// The map `archive(into:)` wrote; nil when the bytes are not such a map.
    public init?(from reader: inout ArchiveReader, depth: Int = 0) {
        guard let count = reader.count(), let indexed = reader.flag(), let hasPositions = reader.flag() else {
            return nil
        }
        var keys: [String] = []
        var values: [DataNode] = []
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let key = reader.text(), let node = DataNode(from: &reader, depth: depth) else { return nil }
            keys.append(key)
            values.append(node)
        }
        var positions: [KeyPosition?] = []
        if hasPositions {
            positions.reserveCapacity(count)
            for _ in 0..<count {
                guard let present = reader.flag() else { return nil }
                guard present else {
                    positions.append(nil)
                    continue
                }
                guard let line = reader.integer(), let column = reader.integer() else { return nil }
                positions.append(KeyPosition(line: line, column: column))
            }
        }
        self.init(keys: keys, values: values, keyPositions: positions, indexed: indexed)
    }
}
