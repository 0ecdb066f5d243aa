import HeraldModels

/// Folder names for the pages of a list of values (tags, projects, publishers): their slugs,
/// unique even when two values fold to one slug (`C#` and `c`), and never empty, so a value
/// with no ASCII letter (a tag in another script) still gets a page of its own.
enum FolderNames {
    static func make(for values: [String]) -> [String] {
        var used = Set<String>()
        return values.map { value in
            let slug = Slug.make(from: value)
            let base = slug.isEmpty ? "item" : slug
            var name = slug.isEmpty ? "item-1" : slug
            var suffix = 2
            while used.contains(name) {
                name = "\(base)-\(suffix)"
                suffix += 1
            }
            used.insert(name)
            return name
        }
    }
}
