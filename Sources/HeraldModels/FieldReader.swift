import Foundation
import HeraldCore

/// Reads typed fields from one record and collects every problem, so a record with three wrong
/// fields reports three errors in one build instead of one per build.
struct FieldReader {
    let record: Record
    /// Textual values besides blank ones that mean "no value" in this kind of data (`-` in the
    /// superhero-api).
    let placeholders: Set<String>
    /// What kind of record this is (`task`), for messages.
    let kind: String
    /// The record's name, once known (`Ship it`).
    var name: String?
    /// How messages name the record while it has no name.
    var unnamed: String
    private(set) var diagnostics: [Diagnostic] = []
    /// Problems that leave the record usable (an unsafe link left out), for the build to show.
    private(set) var warnings: [Diagnostic] = []
    /// Whether `unconsumedKeys` is asked for: otherwise the reader keeps no list of the keys.
    var tracksConsumed = false
    // Top-level keys whose whole value a model field took.
    private var consumed: [String] = []

    /// The record's fields when they are a map: a field of one plain key, most of those read, is
    /// looked up in it directly rather than through `DataNode.resolve`.
    /// Not optional, empty for a record that is no map (`hasTopLevel`): an optional would be
    /// copied out, its storage retained and released, on each of the dozens of lookups.
    private let topLevel: DataMap
    private let hasTopLevel: Bool
    /// `topLevel`'s key hashes (`DataMap.keyHashes`).
    private let topLevelHashes: DataMap.KeyHashes

    init(_ record: Record, kind: String, placeholders: Set<String> = []) {
        self.record = record
        if case .map(let map) = record.fields.value {
            topLevel = map
            hasTopLevel = true
        } else {
            topLevel = DataMap()
            hasTopLevel = false
        }
        topLevelHashes = topLevel.keyHashes()
        self.kind = kind
        unnamed = kind
        self.placeholders = placeholders
    }

    /// How messages name the record: `task 'Ship it'`. Made only for a message: most records
    /// have none, and a large file has a million records.
    var subject: String {
        name.map { "\(kind) '\($0)'" } ?? unnamed
    }

    mutating func report(_ message: String, at node: DataNode?) {
        diagnostics.append(.error(at: node.map(record.location(of:)) ?? record.location, message))
    }

    /// Passes on a problem found in a nested record (a subtask).
    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    mutating func warn(_ message: String, at node: DataNode?) {
        warnings.append(.warning(at: node.map(record.location(of:)) ?? record.location, message))
    }

    /// A link to show or follow (`image`, `url`): a path, or an http(s) or mailto URL. Any other
    /// scheme is left out with a warning: `javascript:` would run when clicked, and `data:` can
    /// carry a whole page of its own.
    mutating func link(_ paths: FieldPaths) -> String? {
        guard let (path, node) = find(paths), let text = text(of: node, field: path) else { return nil }
        return safeLink(text, field: path, node: node)
    }

    /// `links(_:)` for each item of a list of links.
    mutating func links(_ paths: FieldPaths) -> [String] {
        guard let (path, node) = find(paths) else { return [] }
        let texts: [String]
        if case .list(let items) = node.value {
            texts = items.compactMap { item in isMissing(item.value) ? nil : text(of: item, field: path)?.trimmed() }
        } else {
            texts = text(of: node, field: path).map { [$0.trimmed()] } ?? []
        }
        return texts.compactMap { safeLink($0, field: path, node: node) }
    }

    private mutating func safeLink(_ text: String, field: String, node: DataNode) -> String? {
        let link = text.trimmed()
        // A scheme is letters, digits, `+`, `-` or `.` before the first `:` that comes before
        // any `/`, `?` or `#`; browsers ignore control characters and spaces inside it.
        let head = link.unicodeScalars.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let colon = head.firstIndex(of: ":") else { return link }
        let scheme = String(String.UnicodeScalarView(head[..<colon]))
            .unicodeScalars.filter { $0.properties.generalCategory != .control && $0 != " " }
        switch String(String.UnicodeScalarView(scheme)).lowercased() {
        case "http", "https", "mailto":
            return link
        default:
            let shown = link.count > 60 ? String(link.prefix(60)) + "…" : link
            warn(
                "field '\(field)' of \(subject): '\(shown)' is not a path or an http(s) link; it is left out", at: node)
            return nil
        }
    }

    /// True for null, blank text and this data's placeholders: values that stand for "unknown".
    func isMissing(_ value: DataValue) -> Bool {
        switch value {
        case .null: true
        // Placeholders are short: a long text is never one, and checking that needs no trimmed
        // copy of, say, a whole biography.
        case .string(let text):
            !text.hasVisibleText
                || (!placeholders.isEmpty && text.utf8.count <= 64 && placeholders.contains(text.trimmed()))
        default: false
        }
    }

    /// The first of `paths` that holds a value; the keys it passes over and takes are consumed.
    /// A path that runs into a list without `*` or an index is reported, never read as missing.
    mutating func find(_ paths: FieldPaths) -> (path: String, node: DataNode)? {
        // By index, so that no path nor step is copied (and retained) unless it is needed.
        for index in paths.texts.indices {
            let lookup: DataPath.Lookup
            switch paths.steps[index] {
            case .key:
                if hasTopLevel {
                    guard
                        let found = topLevel.node(
                            forKey: paths.texts[index], hash: paths.hashes[index], keyHashes: topLevelHashes)
                    else { continue }
                    lookup = .found(found)
                } else {
                    lookup = record.fields.resolve(paths.texts[index])
                }
            case .path(let parsed): lookup = parsed.lookup(in: record.fields)
            case .unreadable: lookup = .missing
            }
            let node: DataNode
            switch lookup {
            case .found(let found): node = found
            case .missing: continue
            case .intoList(let listPath, let rest, let list):
                report(
                    "field '\(paths.texts[index])' of \(subject): "
                        + DataPath.intoListAdvice(listPath: listPath, rest: rest),
                    at: list)
                return nil
            }
            let path = paths.texts[index]
            if tracksConsumed, !path.utf8.contains(UInt8(ascii: ".")) { consumed.append(path) }
            if !isMissing(node.value) { return (path, node) }
        }
        return nil
    }

    mutating func text(_ paths: FieldPaths) -> String? {
        guard let (path, node) = find(paths) else { return nil }
        return text(of: node, field: path)
    }

    /// The node as text; `field` names it in the error message and is only built for one.
    mutating func text(of node: DataNode, field: @autoclosure () -> String) -> String? {
        switch node.value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        default:
            report("field '\(field())' of \(subject): expected text, found \(node.value.quotedForMessage)", at: node)
            return nil
        }
    }

    /// A yes/no value: booleans, 0/1, `true`/`false`/`yes`/`no` in any case, and, when
    /// `acceptsX`, todo.txt's completion mark `x`.
    mutating func flag(_ paths: FieldPaths, acceptsX: Bool) -> (value: Bool, node: DataNode)? {
        guard let (path, node) = find(paths) else { return nil }
        let value: Bool?
        switch node.value {
        case .bool(let flag): value = flag
        case .int(0): value = false
        case .int(1): value = true
        case .string(let text):
            switch text.trimmed().lowercased() {
            case "true", "yes", "1": value = true
            case "false", "no", "0": value = false
            default: value = acceptsX && text == "x" ? true : nil
            }
        default: value = nil
        }
        guard let value else {
            let expected = acceptsX ? "a completion flag (true/false, 1/0 or x)" : "true or false"
            report(
                "field '\(path)' of \(subject): expected \(expected), found \(node.value.quotedForMessage)", at: node)
            return nil
        }
        return (value, node)
    }

    mutating func day(_ paths: FieldPaths, name: String, in timeZone: TimeZone) -> Day? {
        guard let (path, node) = find(paths) else { return nil }
        guard case .string(let text) = node.value else {
            report(
                "field '\(path)' of \(subject): expected a date (YYYY-MM-DD), found \(node.value.quotedForMessage)",
                at: node)
            return nil
        }
        guard let day = Day.parse(text.trimmed(), in: timeZone) else {
            report("invalid \(name) '\(text)' in \(subject) (expected YYYY-MM-DD or an ISO 8601 timestamp)", at: node)
            return nil
        }
        return day
    }

    /// The explicit slug at `paths`, reported when unsafe but never changed (the user chose that
    /// URL), else one derived from the first of `names` that yields one.
    mutating func slug(_ paths: FieldPaths, derivedFrom names: [String?]) -> String {
        if let (path, node) = find(paths), let slug = text(of: node, field: path) {
            if let problem = Slug.problem(with: slug) {
                report(
                    "\(subject) has slug '\(slug)', which cannot name a folder: \(problem) "
                        + "(a slug from the data is used as written)", at: node)
            }
            return slug
        }
        if let slug = names.compactMap({ $0.map(Slug.make(from:)) }).first(where: { !$0.isEmpty }) {
            return slug
        }
        report("\(subject) needs a 'slug': its name has no letters or digits usable in a URL", at: nil)
        return ""
    }

    /// A list of texts: a list of scalars, or one text that, when `splitText`, is separated by
    /// commas or semicolons (a CSV cell, the superhero-api's group affiliations); placeholders are
    /// left out.
    mutating func list(_ paths: FieldPaths, splitText: Bool = true) -> [String] {
        guard let (path, node) = find(paths) else { return [] }
        switch node.value {
        case .list(let items):
            // Sized exactly, as a model keeps its lists for the whole build.
            var texts: [String] = []
            texts.reserveCapacity(items.count)
            for item in items where !isMissing(item.value) {
                if let text = text(of: item, field: path)?.trimmed() { texts.append(text) }
            }
            return texts
        case .string(let text):
            let parts = splitText ? FieldReader.split(text) : [text.trimmed()]
            return parts.filter { !isMissing(.string($0)) }
        default:
            report(
                "field '\(path)' of \(subject): expected a list of texts, found \(node.value.quotedForMessage)",
                at: node)
            return []
        }
    }

    /// Splits at commas and semicolons outside parentheses: "Avengers (honorary, reserve); X-Men".
    static func split(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            default: break
            }
            if depth == 0, character == "," || character == ";" {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.map { $0.trimmed() }.filter { !$0.isEmpty }
    }

    /// The record's top-level keys that no model field took whole, in source order
    /// (`tracksConsumed`).
    var unconsumedKeys: [String] {
        guard case .map(let fields) = record.fields.value else { return [] }
        return fields.keys.filter { !consumed.contains($0) }
    }
}
