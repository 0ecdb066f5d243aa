extension TemplateValue {
    /// Every key path a template may name, sorted and each once: `hero.name`, and `columns.*.title`
    /// for a key of the maps in a list (inside `{{#columns}}…{{/columns}}` it is `{{title}}`).
    public var keyPaths: [String] {
        var paths: Set<String> = []
        collectKeyPaths(prefix: "", into: &paths)
        return paths.sorted()
    }

    private func collectKeyPaths(prefix: String, into paths: inout Set<String>) {
        switch self {
        case .map(let map):
            for (key, value) in map {
                paths.insert(prefix + key)
                value.collectKeyPaths(prefix: prefix + key + ".", into: &paths)
            }
        case .list(let items):
            for item in items { item.collectKeyPaths(prefix: prefix + "*.", into: &paths) }
        default:
            break
        }
    }
}
