import Foundation
import HeraldCore

extension Hero {
    /// Reads a hero from `record`, throwing every problem the record has at once.
    ///
    /// `-`, blank text and null mean "unknown" (the superhero-api's placeholders): such a field
    /// is missing, not wrong. The biography is the record's Markdown body when it has one.
    /// Warnings (an image link left out) go to `log`.
    public static func decode(_ record: Record, rules: HeroRules, log: DiagnosticLog? = nil) throws(DiagnosticError)
        -> Hero
    {
        guard case .map = record.fields.value else {
            throw DiagnosticError(
                .error(
                    at: record.location,
                    "a hero must be a map of fields, found \(record.fields.value.kindName)"))
        }
        var reader = FieldReader(record, kind: "hero", placeholders: ["-"])
        reader.tracksConsumed = !rules.recordsKept
        let name = reader.text(rules.paths(for: .name))
        let explicitID = reader.text(rules.paths(for: .id))
        reader.name = name ?? explicitID
        if name == nil {
            reader.unnamed = record.location.line > 0 ? "the hero at line \(record.location.line)" : "a hero"
            let keys = rules.keyPaths(for: .name).map { "'\($0)'" }.joined(separator: ", ")
            reader.report("\(reader.subject) has no name (looked for \(keys))", at: nil)
        }
        let slug = reader.slug(rules.paths(for: .slug), derivedFrom: [name, explicitID])

        var hero = Hero(id: explicitID ?? slug, slug: slug, name: name ?? "", location: record.location)
        hero.fullName = reader.text(rules.paths(for: .fullName))
        hero.biography = biography(&reader, rules: rules)
        hero.publisher = reader.text(rules.paths(for: .publisher))
        hero.alignment = reader.text(rules.paths(for: .alignment))
        hero.stats =
            rules.statFields.isEmpty
            ? statsMap(&reader, paths: rules.paths(for: .stats))
            : rules.statFields.compactMap { path in
                reader.find([path]).flatMap { stat(&reader, name: lastPart(of: path), node: $0.node) }
            }
        hero.appearance = appearance(&reader, paths: rules.paths(for: .appearance))
        hero.aliases = reader.list(rules.paths(for: .aliases))
        hero.affiliations = reader.list(rules.paths(for: .affiliations))
        hero.images = images(&reader, rules: rules)
        hero.image = hero.images.first
        hero.tags = reader.list(rules.paths(for: .tags))
        if rules.recordsKept {
            if case .map(let fields) = record.fields.value { hero.record = fields.removing([]) }
        } else {
            hero.foundPaths = MappedPath.found(rules.mapped, in: record.fields)
            // A record that has every mapped path is of no use to the warning's suggestions.
            if hero.foundPaths != MappedPath.allFound(rules.mapped) { hero.unmappedKeys = reader.unconsumedKeys }
        }
        hero.facts = rules.factPaths.map { paths in reader.find(paths)?.node.value ?? .null }

        guard reader.diagnostics.isEmpty else { throw DiagnosticError(reader.diagnostics) }
        log?.add(reader.warnings)
        hero.revision = hero.digest()
        return hero
    }

    /// The record's image links, each resolved against the rules' image base; a path that would
    /// climb out of the site is an error at the record, never a broken link on its page.
    private static func images(_ reader: inout FieldReader, rules: HeroRules) -> [String] {
        let paths = rules.paths(for: .image)
        let links = reader.links(paths)
        guard !links.isEmpty else { return [] }
        return links.compactMap { link in
            switch ImageLinks.resolve(link, base: rules.imageBase) {
            case .success(let resolved): return resolved
            case .failure(let problem):
                let why =
                    problem == .leavesSite
                    ? "would leave the site (set heroes.image_base to where the images are, such as https://cdn.example.org/)"
                    : "cannot be read as a link"
                reader.report("image '\(link)' of \(reader.subject) \(why)", at: reader.find(paths)?.node)
                return nil
            }
        }
    }

    private static func biography(_ reader: inout FieldReader, rules: HeroRules) -> String? {
        if let body = reader.record.body, body.hasVisibleText {
            return body
        }
        // The superhero-api's `biography` is a map of facts, not text: unless the config maps the
        // field there on purpose, leave it to facts and `record` rather than call it a type error.
        if rules.fields[.biography] == nil, case .map? = reader.record.fields.lookup("biography")?.value {
            return nil
        }
        return reader.text(rules.paths(for: .biography))
    }

    private static func statsMap(_ reader: inout FieldReader, paths: FieldPaths) -> [Stat] {
        guard let (path, node) = reader.find(paths) else { return [] }
        guard case .map(let map) = node.value else {
            reader.report(
                "field '\(path)' of \(reader.subject): expected a map of stats, "
                    + "found \(node.value.quotedForMessage)", at: node)
            return []
        }
        // Sized exactly: compactMap grows by doubling, and 100,000 heroes keep their stats all build.
        var stats: [Stat] = []
        stats.reserveCapacity(map.count)
        for (name, node) in map.entries {
            if let stat = stat(&reader, name: name, node: node) { stats.append(stat) }
        }
        return stats
    }

    /// A number, or numeric text (CSV cells); placeholders make the stat missing.
    private static func stat(_ reader: inout FieldReader, name: String, node: DataNode) -> Stat? {
        switch node.value {
        case .int(let number): return Stat(name: name, value: Double(number))
        case .double(let number): return Stat(name: name, value: number)
        case .string(let text):
            if let number = Double(text.trimmed()), number.isFinite {
                return Stat(name: name, value: number)
            }
        default: break
        }
        if !reader.isMissing(node.value) {
            reader.report(
                "stat '\(name)' of \(reader.subject): expected a number, "
                    + "found \(node.value.quotedForMessage)", at: node)
        }
        return nil
    }

    /// Text per name; a list such as `["6'8", "203 cm"]` becomes `6'8 / 203 cm`.
    private static func appearance(_ reader: inout FieldReader, paths: FieldPaths) -> [Trait] {
        guard let (path, node) = reader.find(paths) else { return [] }
        guard case .map(let map) = node.value else {
            reader.report(
                "field '\(path)' of \(reader.subject): expected a map of descriptions, "
                    + "found \(node.value.quotedForMessage)", at: node)
            return []
        }
        var traits: [Trait] = []
        traits.reserveCapacity(map.count)
        for (name, value) in map.entries where !reader.isMissing(value.value) {
            let parts: [DataNode]
            if case .list(let items) = value.value { parts = items } else { parts = [value] }
            let texts = parts.filter { !reader.isMissing($0.value) }.compactMap { part -> String? in
                if case .list = part.value {
                    reader.report(
                        "'\(name)' in the appearance of \(reader.subject): expected text, found a list",
                        at: part)
                    return nil
                }
                return reader.text(of: part, field: "\(path).\(name)")
            }
            if !texts.isEmpty { traits.append(Trait(name: name, text: texts.joined(separator: " / "))) }
        }
        return traits
    }

    private static func lastPart(of path: String) -> String {
        path.split(separator: ".").last.map(String.init) ?? path
    }
}
