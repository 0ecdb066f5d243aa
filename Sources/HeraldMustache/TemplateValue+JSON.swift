import Foundation

extension TemplateValue: Encodable {
    /// The value as JSON: HTML as the string it is, a number that is not finite as null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value):
            if value.isFinite { try container.encode(value) } else { try container.encodeNil() }
        case .string(let text), .html(let text): try container.encode(text)
        case .list(let items): try container.encode(items)
        case .map(let map): try container.encode(Dictionary(map.lazy.map { ($0.key, $0.value) }) { _, last in last })
        }
    }

    /// Indented JSON with every map's keys sorted, so that two runs print the same text.
    public var sortedJSON: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every case above encodes; nothing here can throw.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
