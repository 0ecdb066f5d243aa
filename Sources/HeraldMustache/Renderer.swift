import HeraldCore

/// One render: walks the parsed tree once, appending to a single byte buffer.
struct Renderer {
    /// Sections, partials and blocks nested deeper than this are a template including itself
    /// without end; stopping with an error beats running out of stack.
    static let maxDepth = 300
    /// Up to this many keys, an unknown key's message lists them all; past it, the three nearest.
    static let keysListedInFull = 10

    private let library: TemplateLibrary
    private let escaper: Escaper
    private let strict: Bool
    private(set) var output: [UInt8] = []
    private(set) var diagnostics: [Diagnostic] = []
    private var reported: Set<Diagnostic> = []

    /// Innermost context last.
    private var stack: [TemplateValue]
    /// Prepended to every line of the template being rendered (standalone partials).
    private var indent: [UInt8] = []
    /// Blocks passed down by parent tags, by name; the outermost definition wins.
    private var overrides: [String: Block] = [:]
    /// The template whose nodes are being rendered: errors name its file, partial slots are its own.
    private var current: Unit
    /// Where content passed into a mid-line block began: a line start there is already indented.
    private var unindentedAt = -1
    private let root: Unit
    private var depth = 0
    /// The partials being rendered, outermost first: a runaway recursion is named by its cycle.
    private var partialChain: [String] = []
    /// List items and partials rendered so far (`spend`).
    private var steps = 0
    /// Set when the render ran away (too deep, too much): nothing more is rendered.
    private var stopped = false
    /// Far more than the largest page of a 100,000-hero site (its search index) takes, and few
    /// enough to render in seconds.
    static let maxSteps = 5_000_000

    private struct Unit {
        let origin: TemplateOrigin
        let links: [Int]
    }

    init(library: TemplateLibrary, root template: Template, value: TemplateValue, strict: Bool) {
        self.library = library
        self.escaper = template.format.escaper
        self.strict = strict
        self.stack = [value]
        self.root = Unit(origin: template.origin, links: library.links(of: template))
        self.current = root
        output.reserveCapacity(max(4096, template.sourceSize * 2))
    }

    mutating func render(_ nodes: [Node], from start: Int = 0) {
        // By index, each node read in place: iterating the slice copied every node out of the
        // tree, retaining and releasing its payload, once per node per list item.
        var position = start
        while position < nodes.count {
            switch nodes[position] {
            case .text(let bytes):
                if indent.isEmpty { output.append(contentsOf: bytes) } else { appendIndented(bytes) }
            case .lineStart:
                if unindentedAt != output.count { output.append(contentsOf: indent) }
            case .variable(let variable):
                interpolate(variable)
            case .section(let section):
                render(section)
            case .partial(let inclusion):
                include(inclusion)
            case .parent(let inclusion):
                include(inclusion)
            case .block(let block):
                render(block)
            }
            position += 1
        }
    }

    /// Appends text, indenting each line that starts inside it (empty lines stay empty).
    private mutating func appendIndented(_ bytes: [UInt8]) {
        var runStart = 0
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "\n"), bytes[index + 1] != UInt8(ascii: "\n"),
                bytes[index + 1] != UInt8(ascii: "\r")
            {
                output.append(contentsOf: bytes[runStart...index])
                output.append(contentsOf: indent)
                runStart = index + 1
            }
            index += 1
        }
        output.append(contentsOf: bytes[runStart...])
    }

    // MARK: Values

    private mutating func interpolate(_ variable: Variable) {
        guard let value = value(of: variable.name, at: variable.position) else { return }
        switch value {
        case .null:
            break
        case .string(let text):
            if variable.escaped { escaper.append(text, to: &output) } else { output.append(contentsOf: text.utf8) }
        case .html(let markup):
            output.append(contentsOf: markup.utf8)
        case .int(let number):
            appendScalar(String(number), escaped: variable.escaped)
        case .double(let number):
            appendScalar(String(number), escaped: variable.escaped)
        case .bool(let flag):
            appendScalar(flag ? "true" : "false", escaped: variable.escaped)
        case .list, .map:
            if strict {
                let name = variable.name.text
                report(
                    at: variable.position,
                    "'\(name)' is \(value.kindName), which has no text; use a section to go through it: {{#\(name)}}…{{/\(name)}}"
                )
            }
        }
    }

    private mutating func appendScalar(_ text: String, escaped: Bool) {
        if escaped { escaper.append(text, to: &output) } else { output.append(contentsOf: text.utf8) }
    }

    /// The value `name` stands for here, or nil when the data has no such key (an error in strict mode).
    private mutating func value(of name: Name, at position: Position) -> TemplateValue? {
        if let value = lookup(name) { return value }
        if strict { reportUnknown(name, at: position) }
        return nil
    }

    private func lookup(_ name: Name) -> TemplateValue? {
        guard let first = name.parts.first else { return stack.last }
        var found: TemplateValue?
        for context in stack.reversed() {
            if case .map(let map) = context, let value = map.value(forKey: first.key, hash: first.hash) {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        for part in name.parts.dropFirst() {
            guard let next = Self.child(of: value, part) else { return nil }
            value = next
        }
        return value
    }

    private static func child(of value: TemplateValue, _ part: Name.Part) -> TemplateValue? {
        switch value {
        case .map(let map):
            return map.value(forKey: part.key, hash: part.hash)
        case .list(let items):
            guard let index = part.index, items.indices.contains(index) else { return nil }
            return items[index]
        default:
            return nil
        }
    }

    /// Explains which part of `name` is missing and what the data has instead.
    private mutating func reportUnknown(_ name: Name, at position: Position) {
        guard let first = name.parts.first else { return }
        var found: TemplateValue?
        for context in stack.reversed() {
            if case .map(let map) = context, let value = map[first.key] {
                found = value
                break
            }
        }
        guard var value = found else {
            let innermost =
                stack.reversed().lazy.compactMap { context -> TemplateMap? in
                    if case .map(let map) = context { map } else { nil }
                }.first ?? [:]
            var everywhere: [String] = innermost.keys.sorted()
            for context in stack.reversed() {
                if case .map(let map) = context { everywhere.append(contentsOf: map.keys.sorted()) }
            }
            report(
                at: position,
                unknownKeyMessage(first.key, in: name, known: innermost.keys.sorted(), candidates: everywhere))
            return
        }
        var path = first.key
        for part in name.parts.dropFirst() {
            if let next = Self.child(of: value, part) {
                value = next
                path += "." + part.key
                continue
            }
            switch value {
            case .map(let map):
                report(
                    at: position,
                    unknownKeyMessage(part.key, in: name, known: map.keys.sorted(), candidates: map.keys.sorted()))
            case .list(let items):
                if part.index == nil {
                    report(
                        at: position,
                        "'\(path)' is a list, which has no key '\(part.key)'; go through it with a section: {{#\(path)}}…{{/\(path)}}"
                    )
                } else {
                    report(
                        at: position,
                        "'\(name.text)': index \(part.key) is out of range, '\(path)' has \(items.count) item\(items.count == 1 ? "" : "s")"
                    )
                }
            default:
                report(at: position, "'\(path)' is \(value.kindName), which has no key '\(part.key)'")
            }
            return
        }
    }

    private func unknownKeyMessage(_ key: String, in name: Name, known: [String], candidates: [String]) -> String {
        var message = "unknown key '\(key)'"
        if name.parts.count > 1 { message += " in '\(name.text)'" }
        if known.isEmpty {
            message += " (no keys here"
        } else if known.count <= Self.keysListedInFull {
            message += " (known here: \(known.joined(separator: ", "))"
        } else {
            // Never a list cut in the middle, which reads as if it were all: the nearest, then
            // where to find the rest.
            let nearest = Suggestion.ranked(key, in: known).prefix(3).joined(separator: ", ")
            message += " (nearest of the \(known.count) known here: \(nearest), … run `herald inspect PATH` for all"
        }
        if let near = Suggestion.nearest(to: key, in: candidates) { message += "; did you mean '\(near)'?" }
        return message + ")"
    }

    private mutating func report(at position: Position, _ message: String) {
        let diagnostic = Diagnostic.error(
            at: SourceLocation(file: current.origin.path, line: position.line, column: position.column), message)
        // A tag inside a loop fails the same way for every item; once is enough.
        if reported.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }

    /// Counts one step of the work that can multiply (a list item, a partial); false, after
    /// reporting once, past `maxSteps`. Depth alone does not bound it: a partial that includes
    /// itself inside a two-item list renders 2^300 times before it is 300 levels deep.
    private mutating func spend(at position: Position) -> Bool {
        guard !stopped else { return false }
        steps += 1
        guard steps > Self.maxSteps else { return true }
        report(
            at: position,
            "the template renders more than \(Self.maxSteps) list items and partials; "
                + "does a partial include itself inside a list?")
        stopped = true
        return false
    }

    /// Counts one level of nesting; false (after reporting) when it goes too deep.
    private mutating func enter(at position: Position, _ what: @autoclosure () -> String, partial: String? = nil)
        -> Bool
    {
        guard depth < Self.maxDepth else {
            // The first path to get this deep is a runaway; the rest of the page would only
            // repeat it (exponentially, when it runs through a list), so rendering stops here.
            stopped = true
            // Named once, as the cycle that repeats, not as the hundreds of levels it made.
            let how =
                partial.flatMap(cycle(reaching:)).map { ": \($0) include each other without end" }
                ?? "; does a template include itself without end?"
            report(at: position, "\(what()) nested more than \(Self.maxDepth) levels deep\(how)")
            return false
        }
        depth += 1
        return true
    }

    /// The partials from the last time `name` was entered to `name` again (`a → b → a`), or nil
    /// when `name` is not being rendered.
    private func cycle(reaching name: String) -> String? {
        guard let start = partialChain.lastIndex(of: name) else { return nil }
        return (partialChain[start...] + [name]).joined(separator: " → ")
    }

    // MARK: Sections, partials, blocks

    private mutating func render(_ section: Section) {
        let value = value(of: section.name, at: section.position) ?? .null
        guard value.isTruthy != section.inverted else { return }
        guard enter(at: section.position, "sections") else { return }
        defer { depth -= 1 }
        if section.inverted {
            render(section.children)
            return
        }
        if case .list(let items) = value {
            for item in items {
                guard spend(at: section.position) else { return }
                stack.append(item)
                render(section.children)
                stack.removeLast()
            }
        } else {
            stack.append(value)
            render(section.children)
            stack.removeLast()
        }
    }

    private mutating func include(_ inclusion: Inclusion) {
        guard let index = templateIndex(inclusion.target, at: inclusion.position) else { return }
        let template = library.templates[index]
        guard spend(at: inclusion.position), enter(at: inclusion.position, "partials", partial: template.name) else {
            return
        }
        partialChain.append(template.name)
        let saved = (indent, overrides, current)
        defer {
            (indent, overrides, current) = saved
            partialChain.removeLast()
            depth -= 1
        }
        // Sharing the tag's own indentation when nothing is outside it saves an allocation per include.
        indent = inclusion.indent.map { indent.isEmpty ? $0 : indent + $0 } ?? []
        if !inclusion.arguments.isEmpty {
            // What a parent tag passes fills the blocks below it, unless a tag further out (a more
            // derived template) already filled the same block.
            overrides = inclusion.arguments.merging(overrides) { _, outer in outer }
        }
        current = Unit(origin: template.origin, links: library.links[index])
        render(template.nodes)
    }

    private mutating func templateIndex(_ target: Target, at position: Position) -> Int? {
        switch target {
        case .named(let name, let slot):
            let index = current.links[slot]
            if index >= 0 { return index }
            if strict { reportUnknownTemplate(name, at: position) }
            return nil
        case .dynamic(let name):
            guard let value = value(of: name, at: position) else { return nil }
            guard case .string(let templateName) = value else {
                if strict { report(at: position, "'\(name.text)' is \(value.kindName), not the name of a template") }
                return nil
            }
            if let index = library.indexByName[templateName] { return index }
            if strict { reportUnknownTemplate(templateName, at: position) }
            return nil
        }
    }

    private mutating func reportUnknownTemplate(_ name: String, at position: Position) {
        var message = "unknown partial '\(name)'"
        if let near = Suggestion.nearest(to: name, in: library.indexByName.keys) {
            message += "; did you mean '\(near)'?"
        }
        report(at: position, message)
    }

    private mutating func render(_ block: Block) {
        guard enter(at: block.position, "blocks") else { return }
        defer { depth -= 1 }
        guard let passed = overrides[block.name], passed !== block else {
            render(block.children)
            return
        }
        let saved = (indent, current, unindentedAt)
        defer { (indent, current, unindentedAt) = saved }
        if !block.siteIndent.isEmpty { indent += block.siteIndent }
        switch block.site {
        case .lineStart:
            if !passed.startsLine { output.append(contentsOf: indent) }
        case .midLine:
            // The block's line already has its indentation, written before the tag.
            unindentedAt = output.count
        }
        current = unit(of: passed.origin)
        render(passed.children)
    }

    private func unit(of origin: TemplateOrigin) -> Unit {
        if origin === root.origin { return root }
        if let index = library.indexByOrigin[ObjectIdentifier(origin)] {
            return Unit(origin: origin, links: library.links[index])
        }
        return current
    }
}
