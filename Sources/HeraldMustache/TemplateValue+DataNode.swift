import HeraldCore

extension TemplateValue {
    /// A data file's values as they are: `data.NAME` and `extra` in site templates, and the view
    /// data `herald render --data` reads, so both type values alike.
    public init(_ node: DataNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .list(let items): self = .list(items.map(TemplateValue.init))
        case .map(let map):
            self = .map(TemplateMap(uniqueKeysWithValues: map.entries.lazy.map { ($0.key, TemplateValue($0.node)) }))
        }
    }
}
