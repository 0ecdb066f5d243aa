/// The typed view data a template is filled from: presenters build it, no reflection reads it.
public enum TemplateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// Markup rendered beforehand (a Markdown body turned into HTML): inserted as is, never escaped.
    case html(String)
    case list([TemplateValue])
    case map(TemplateMap)

    /// Mustache truthiness: a section over a falsy value renders nothing, an inverted one renders.
    ///
    /// The spec leaves the empty string open; treating it as falsy lets `{{#subtitle}}` guard
    /// optional text the way template authors expect.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .int, .double, .map: true
        case .string(let text), .html(let text): !text.isEmpty
        case .list(let items): !items.isEmpty
        }
    }

    /// A short name of the shape, for messages such as "'tags' is a list".
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .html: "HTML"
        case .list: "a list"
        case .map: "a map"
        }
    }
}

extension TemplateValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension TemplateValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// A repeated key keeps its last value, as a later assignment would.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .map(TemplateMap(elements))
    }
}

extension TemplateValue: Decodable {
    /// Reads JSON-shaped data: whole numbers become `.int`, others `.double`, strings `.string`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Booleans first: a decoder that accepts `true` as the number 1 must not turn it into an int.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([TemplateValue].self) {
            self = .list(value)
        } else {
            self = .map(
                TemplateMap(
                    uniqueKeysWithValues: try container.decode([String: TemplateValue].self).map { ($0.key, $0.value) })
            )
        }
    }
}
