extension Template {
    /// Whether some tag of the template has `key` as a part of its name (`{{hero.record.type}}`,
    /// `{{#record}}`), in sections, blocks and the blocks passed to a parent included: whether
    /// the template may read that key of its view data.
    public func names(_ key: String) -> Bool {
        Self.names(key, in: nodes)
    }

    private static func names(_ key: String, in nodes: [Node]) -> Bool {
        nodes.contains { node in
            switch node {
            case .text, .lineStart: false
            case .variable(let variable): variable.name.parts.contains { $0.key == key }
            case .section(let section):
                section.name.parts.contains { $0.key == key } || names(key, in: section.children)
            case .partial(let inclusion), .parent(let inclusion):
                (inclusion.target.name?.parts.contains { $0.key == key } ?? false)
                    || inclusion.arguments.values.contains { names(key, in: $0.children) }
            case .block(let block): names(key, in: block.children)
            }
        }
    }
}

extension Target {
    /// The name whose value picks the template, for `{{>*name}}`.
    fileprivate var name: Name? {
        if case .dynamic(let name) = self { name } else { nil }
    }
}

extension TemplateLibrary {
    /// Whether some template of the library has `key` as a part of a tag's name (`names(_:)`).
    public func names(_ key: String) -> Bool {
        templates.contains { $0.names(key) }
    }
}
