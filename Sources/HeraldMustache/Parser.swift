import HeraldCore

/// Turns template source into nodes in one pass, a line at a time.
///
/// Mustache decides whitespace per line: a line holding only whitespace and non-interpolating tags
/// ("standalone") disappears from the output, and its indentation is given to a partial on it.
/// So each line is first scanned into tokens, then classified, then handed to the tree builder.
struct Parser {
    /// Deeper nesting than this is surely a mistake, and would only exhaust the stack when rendered.
    static let maxDepth = 256

    private let bytes: [UInt8]
    private let origin: TemplateOrigin
    private var position = 0
    private var line = 1
    /// The column of `columnOffset`, so columns on a long line are counted once, not per tag.
    private var columnOffset = 0
    private var column = 1
    private var openDelimiter: [UInt8] = Array("{{".utf8)
    private var closeDelimiter: [UInt8] = Array("}}".utf8)

    private var tokens: [Token] = []
    /// The whitespace that starts the current line.
    private var lineIndentation: [UInt8] = []
    private var frames: [Frame]
    /// Text not yet stored as a node, so consecutive lines become one text node.
    private var pending: [UInt8] = []
    /// The next token starts a template line and must be preceded by a line-start mark.
    private var needsLineStart = false
    private var partialSlots: [String: Int] = [:]
    private(set) var partialNames: [String] = []
    private(set) var usesDynamicNames = false

    init(source: String, origin: TemplateOrigin) {
        self.bytes = Array(source.utf8)
        self.origin = origin
        self.frames = [Frame(kind: .root)]
    }

    mutating func parse() throws(DiagnosticError) -> [Node] {
        while position < bytes.count {
            try scanLine()
            try buildLine()
        }
        flush()
        if frames.count > 1, let tag = frames[frames.count - 1].tag {
            let expected = "\(tag.openDelimiter)/\(tag.content)\(tag.closeDelimiter)"
            throw error(at: tag.position, "unclosed \(frames[frames.count - 1].kind.noun) '\(tag.content)' (opened here; expected '\(expected)')")
        }
        return frames[0].nodes
    }

    private func error(at position: Position, _ message: String) -> DiagnosticError {
        DiagnosticError(.error(at: SourceLocation(file: origin.path, line: position.line, column: position.column), message))
    }

    // MARK: Scanning

    private enum Token {
        case text(Range<Int>)
        case newline(Range<Int>)
        case tag(Tag)
    }

    private struct Tag {
        enum Kind {
            case variable(escaped: Bool), section, inverted, close, comment, delimiters, partial, parent, block
        }

        var kind: Kind
        /// The tag's content without sigil and surrounding whitespace: the name, for most tags.
        var content: String
        var position: Position
        /// The delimiters in force, to quote the tag back the way its author wrote it.
        var openDelimiter: String
        var closeDelimiter: String
    }

    /// Scans up to and including the next line ending outside a tag.
    private mutating func scanLine() throws(DiagnosticError) {
        tokens.removeAll(keepingCapacity: true)
        let dedent = frames[frames.count - 1].dedent
        if !dedent.isEmpty, matches(dedent, at: position) {
            position += dedent.count
        }
        var textStart = position
        var firstOpenByte = openDelimiter[0]
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                var newlineStart = position
                if newlineStart > textStart, bytes[newlineStart - 1] == UInt8(ascii: "\r") { newlineStart -= 1 }
                if textStart < newlineStart { tokens.append(.text(textStart..<newlineStart)) }
                tokens.append(.newline(newlineStart..<(position + 1)))
                position += 1
                startLine(at: position)
                return
            }
            if byte == firstOpenByte, matches(openDelimiter, at: position) {
                if textStart < position { tokens.append(.text(textStart..<position)) }
                tokens.append(.tag(try scanTag()))
                firstOpenByte = openDelimiter[0]
                textStart = position
                continue
            }
            position += 1
        }
        if textStart < position { tokens.append(.text(textStart..<position)) }
    }

    private mutating func startLine(at offset: Int) {
        line += 1
        columnOffset = offset
        column = 1
    }

    private func matches(_ needle: [UInt8], at offset: Int) -> Bool {
        guard offset + needle.count <= bytes.count else { return false }
        for index in needle.indices where bytes[offset + index] != needle[index] { return false }
        return true
    }

    private func find(_ needle: [UInt8], from offset: Int) -> Int? {
        guard let first = needle.first else { return nil }
        var cursor = offset
        while cursor + needle.count <= bytes.count {
            if bytes[cursor] == first, matches(needle, at: cursor) { return cursor }
            cursor += 1
        }
        return nil
    }

    /// The 1-based column of `offset` on the current line, counted in characters (Unicode scalars).
    private mutating func columnOf(_ offset: Int) -> Int {
        while columnOffset < offset {
            // UTF-8 continuation bytes (10xxxxxx) do not start a new scalar.
            if bytes[columnOffset] & 0xC0 != 0x80 { column += 1 }
            columnOffset += 1
        }
        return column
    }

    private mutating func scanTag() throws(DiagnosticError) -> Tag {
        let start = position
        let tagPosition = Position(line: line, column: columnOf(start))
        let open = String(decoding: openDelimiter, as: UTF8.self)
        let close = String(decoding: closeDelimiter, as: UTF8.self)
        var cursor = start + openDelimiter.count
        var closing = closeDelimiter
        let kind: Tag.Kind
        var sigil = ""
        switch cursor < bytes.count ? bytes[cursor] : 0 {
        case UInt8(ascii: "{"): kind = .variable(escaped: false); closing = [UInt8(ascii: "}")] + closeDelimiter; sigil = "{"
        case UInt8(ascii: "&"): kind = .variable(escaped: false); sigil = "&"
        case UInt8(ascii: "#"): kind = .section; sigil = "#"
        case UInt8(ascii: "^"): kind = .inverted; sigil = "^"
        case UInt8(ascii: "/"): kind = .close; sigil = "/"
        case UInt8(ascii: "!"): kind = .comment; sigil = "!"
        case UInt8(ascii: "="): kind = .delimiters; closing = [UInt8(ascii: "=")] + closeDelimiter; sigil = "="
        case UInt8(ascii: ">"): kind = .partial; sigil = ">"
        case UInt8(ascii: "<"): kind = .parent; sigil = "<"
        case UInt8(ascii: "$"): kind = .block; sigil = "$"
        default: kind = .variable(escaped: true)
        }
        cursor += sigil.utf8.count
        guard let end = find(closing, from: cursor) else {
            let expected = String(decoding: closing, as: UTF8.self)
            throw error(at: tagPosition, "unclosed tag: no '\(expected)' after '\(open)\(sigil)'")
        }
        let raw = bytes[cursor..<end]
        position = end + closing.count
        // A tag may span lines (a long comment); later positions must count those lines.
        for offset in start..<position where bytes[offset] == UInt8(ascii: "\n") {
            startLine(at: offset + 1)
        }
        let content = String(decoding: trimmed(raw), as: UTF8.self)
        let tag = Tag(kind: kind, content: content, position: tagPosition, openDelimiter: open, closeDelimiter: close)
        switch kind {
        case .comment:
            break
        case .delimiters:
            try setDelimiters(content, at: tagPosition)
        case .partial, .parent:
            let name = content.hasPrefix("*") ? String(content.dropFirst()).trimmingWhitespace : content
            try validate(name, dotted: content.hasPrefix("*"), tag: tag)
        case .variable, .section, .inverted:
            try validate(content, dotted: true, tag: tag)
        case .close, .block:
            try validate(content, dotted: false, tag: tag)
        }
        return tag
    }

    private func trimmed(_ raw: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = raw
        while let first = slice.first, isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
        return slice
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private func validate(_ name: String, dotted: Bool, tag: Tag) throws(DiagnosticError) {
        if name.isEmpty {
            throw error(at: tag.position, "empty tag: expected a name between '\(tag.openDelimiter)' and '\(tag.closeDelimiter)'")
        }
        if name.utf8.contains(where: isSpace) {
            throw error(at: tag.position, "invalid name '\(name)': a name cannot contain spaces")
        }
        if dotted, name != ".", name.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            throw error(at: tag.position, "invalid name '\(name)': empty part in a dotted name")
        }
    }

    private mutating func setDelimiters(_ content: String, at tagPosition: Position) throws(DiagnosticError) {
        let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error(at: tagPosition, "invalid delimiters '\(content)': expected two delimiters separated by a space, neither containing '='")
        }
        openDelimiter = Array(parts[0].utf8)
        closeDelimiter = Array(parts[1].utf8)
    }

    // MARK: Classifying a line

    /// How a token on the current line counts for the standalone rule.
    private struct Role {
        /// Inside a parent tag pair, text and tags other than blocks are dropped, so they never
        /// stop a line from being standalone.
        var ignored = false
        /// A parent's closing tag and a passed block's tags need no clear space on that side:
        /// what stands there is inside the parent, where it is dropped anyway.
        var leftIrrelevant = false
        var rightIrrelevant = false
        /// Only whitespace stands between the line start (or end) and this token.
        var leftClear = false
        var rightClear = false
        /// With `leftClear`: how much of `lineIndentation` stands before this token.
        var indentation = 0
    }

    private mutating func buildLine() throws(DiagnosticError) {
        var roles = classify()
        var relevantTags = 0
        var standalone = true
        for (token, role) in zip(tokens, roles) where !role.ignored {
            switch token {
            case .text(let range): if !isBlank(range) { standalone = false }
            case .newline: break
            case .tag(let tag):
                if case .variable = tag.kind { standalone = false }
                relevantTags += 1
            }
        }
        if relevantTags == 0 { standalone = false }
        if standalone {
            var seen = 0
            for (token, role) in zip(tokens, roles) where !role.ignored {
                guard case .tag = token else { continue }
                let leftOK = role.leftIrrelevant || seen == 0
                let rightOK = role.rightIrrelevant || seen == relevantTags - 1
                if !(leftOK && rightOK) { standalone = false }
                seen += 1
            }
        }
        markClearance(&roles)

        let lineTokens = tokens
        if standalone {
            for (index, token) in lineTokens.enumerated() {
                guard case .tag(let tag) = token else { continue }
                let role = roles[index]
                _ = try handle(tag, role: role, standalone: true, deferredLineStart: false)
            }
            return
        }

        // A parent tag pair with only whitespace around it is standalone as a whole; whether it is
        // shows only at its closing tag, so its line start and indentation wait till then.
        var deferredParent: Int?
        let firstContent = lineTokens.indices.first { !roles[$0].ignored && !isWhitespaceToken(lineTokens[$0]) }
        if let index = firstContent, case .tag(let tag) = lineTokens[index], case .parent = tag.kind {
            deferredParent = index
        } else if lineTokens.contains(where: { if case .newline = $0 { false } else { true } }) {
            needsLineStart = true
        }
        var trailingWhitespaceTaken = false
        for (index, token) in lineTokens.enumerated() {
            if let deferred = deferredParent, index < deferred, !roles[index].ignored { continue }
            switch token {
            case .text(let range), .newline(let range):
                if !trailingWhitespaceTaken { appendText(bytes[range]) }
            case .tag(let tag):
                let role = roles[index]
                let takesRest = try handle(tag, role: role, standalone: false, deferredLineStart: index == deferredParent)
                if takesRest { trailingWhitespaceTaken = true }
            }
        }
    }

    private func isBlank(_ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// Follows the nesting across the line's tags (without building anything) to tell which
    /// tokens lie directly inside a parent tag pair.
    private func classify() -> [Role] {
        var roles: [Role] = []
        roles.reserveCapacity(tokens.count)
        var opened: [Frame.Kind] = []
        var depth = frames.count
        func top() -> Frame.Kind { opened.last ?? frames[depth - 1].kind }
        for token in tokens {
            var role = Role()
            let inParent = top().isParent
            guard case .tag(let tag) = token else {
                role.ignored = inParent
                roles.append(role)
                continue
            }
            switch tag.kind {
            case .variable, .comment, .delimiters, .partial:
                role.ignored = inParent
            case .section:
                role.ignored = inParent
                opened.append(.section(inverted: false))
            case .inverted:
                role.ignored = inParent
                opened.append(.section(inverted: true))
            case .parent:
                role.ignored = inParent
                role.rightIrrelevant = true
                opened.append(.parent)
            case .block:
                role.leftIrrelevant = inParent
                opened.append(.block(argument: inParent))
            case .close:
                var closed: Frame.Kind?
                if let last = opened.popLast() {
                    closed = last
                } else if depth > 1 {
                    depth -= 1
                    closed = frames[depth].kind
                }
                let outerIsParent = top().isParent
                switch closed {
                case .parent?:
                    role.leftIrrelevant = true
                    role.ignored = outerIsParent
                case .block(argument: true)?:
                    role.leftIrrelevant = true
                    role.rightIrrelevant = true
                default:
                    role.ignored = outerIsParent
                }
            }
            roles.append(role)
        }
        return roles
    }

    /// Marks which tokens have only whitespace before them, and which only whitespace after them,
    /// on this line (ignored tokens aside).
    private mutating func markClearance(_ roles: inout [Role]) {
        var clear = true
        lineIndentation.removeAll(keepingCapacity: true)
        for index in tokens.indices {
            roles[index].leftClear = clear
            roles[index].indentation = lineIndentation.count
            guard !roles[index].ignored else { continue }
            if case .text(let range) = tokens[index], clear, isBlank(range) {
                lineIndentation.append(contentsOf: bytes[range])
            } else {
                clear = false
            }
        }
        clear = true
        for index in tokens.indices.reversed() {
            roles[index].rightClear = clear
            if !roles[index].ignored, !isWhitespaceToken(tokens[index]) { clear = false }
        }
    }

    private func isWhitespaceToken(_ token: Token) -> Bool {
        switch token {
        case .text(let range): isBlank(range)
        case .newline: true
        case .tag: false
        }
    }

    // MARK: Building the tree

    private struct Frame {
        enum Kind {
            case root
            case section(inverted: Bool)
            case parent
            /// `argument`: passed to the parent tag pair it stands in, rather than a replaceable place.
            case block(argument: Bool)

            var isParent: Bool {
                if case .parent = self { true } else { false }
            }

            var noun: String {
                switch self {
                case .root: "template"
                case .section(inverted: false): "section"
                case .section(inverted: true): "inverted section"
                case .parent: "parent"
                case .block: "block"
                }
            }
        }

        var kind: Kind
        var nodes: [Node] = []
        var tag: Tag?
        /// Only whitespace stood before the opening tag on its line; `leading` is that whitespace.
        var openLeftClear = false
        var leading: [UInt8] = []
        /// A block's opening tag stood alone on its line.
        var openStandalone = false
        /// A parent's held-back line start, emitted at its closing tag if the pair turns out inline.
        var deferredLineStart = false
        /// For a block whose opening tag stands alone: the indentation of its first content line.
        var intrinsic: [UInt8] = []
        /// Leading whitespace removed from every line inside a passed block, so its content can be
        /// indented for readability where it is written and still land where the parent puts it.
        var dedent: [UInt8] = []
    }

    /// Handles one tag; returns true when the rest of the line is whitespace that belongs to it.
    private mutating func handle(_ tag: Tag, role: Role, standalone: Bool, deferredLineStart: Bool) throws(DiagnosticError) -> Bool {
        // The whitespace before the tag, when nothing else stands before it on its line.
        var leading: [UInt8] { role.leftClear ? Array(lineIndentation.prefix(role.indentation)) : [] }
        switch tag.kind {
        case .comment, .delimiters:
            return false
        case .variable(let escaped):
            append(.variable(Variable(name: Name(tag.content), escaped: escaped, position: tag.position)))
            return false
        case .partial:
            let inclusion = Inclusion(target: target(of: tag), indent: standalone ? leading : nil, arguments: [:], position: tag.position)
            append(.partial(inclusion))
            return false
        case .section:
            try open(Frame(kind: .section(inverted: false), tag: tag))
            return false
        case .inverted:
            try open(Frame(kind: .section(inverted: true), tag: tag))
            return false
        case .parent:
            var frame = Frame(kind: .parent, tag: tag)
            frame.openLeftClear = role.leftClear
            frame.leading = leading
            frame.deferredLineStart = deferredLineStart
            try open(frame)
            return false
        case .block:
            let outer = frames[frames.count - 1]
            let argument = outer.kind.isParent
            var frame = Frame(kind: .block(argument: argument), tag: tag)
            frame.openLeftClear = role.leftClear
            frame.leading = leading
            frame.openStandalone = standalone
            if standalone {
                let next = nextLineIndentation()
                if argument {
                    if next.starts(with: outer.dedent) { frame.dedent = next }
                } else {
                    frame.intrinsic = next.starts(with: outer.dedent) ? Array(next.dropFirst(outer.dedent.count)) : next
                }
            }
            try open(frame)
            return false
        case .close:
            return try close(tag, rightClear: role.rightClear, standalone: standalone)
        }
    }

    private func nextLineIndentation() -> [UInt8] {
        var cursor = position
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") {
            cursor += 1
        }
        return Array(bytes[position..<cursor])
    }

    private mutating func target(of tag: Tag) -> Target {
        if tag.content.hasPrefix("*") {
            usesDynamicNames = true
            return .dynamic(Name(String(tag.content.dropFirst()).trimmingWhitespace))
        }
        if let slot = partialSlots[tag.content] {
            return .named(tag.content, slot: slot)
        }
        partialSlots[tag.content] = partialNames.count
        partialNames.append(tag.content)
        return .named(tag.content, slot: partialNames.count - 1)
    }

    private mutating func appendText(_ text: ArraySlice<UInt8>) {
        if needsLineStart {
            // After pending text (which ends with a newline) the line start is implied.
            if pending.isEmpty { frames[frames.count - 1].nodes.append(.lineStart) }
            needsLineStart = false
        }
        pending.append(contentsOf: text)
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        frames[frames.count - 1].nodes.append(.text(pending))
        pending = []
    }

    /// Stores pending text and a due line start in the innermost frame.
    private mutating func settle() {
        flush()
        if needsLineStart {
            frames[frames.count - 1].nodes.append(.lineStart)
            needsLineStart = false
        }
    }

    private mutating func append(_ node: Node) {
        settle()
        frames[frames.count - 1].nodes.append(node)
    }

    private mutating func open(_ frame: Frame) throws(DiagnosticError) {
        settle()
        if frames.count > Self.maxDepth, let tag = frame.tag {
            throw error(at: tag.position, "sections nested more than \(Self.maxDepth) deep")
        }
        var frame = frame
        if frame.dedent.isEmpty { frame.dedent = frames[frames.count - 1].dedent }
        frames.append(frame)
    }

    private mutating func close(_ tag: Tag, rightClear: Bool, standalone: Bool) throws(DiagnosticError) -> Bool {
        settle()
        guard frames.count > 1, let openTag = frames[frames.count - 1].tag else {
            throw error(at: tag.position, "'\(tag.openDelimiter)/\(tag.content)\(tag.closeDelimiter)' closes nothing: no section is open here")
        }
        let frame = frames[frames.count - 1]
        guard openTag.content == tag.content else {
            throw error(at: tag.position, "'\(tag.openDelimiter)/\(tag.content)\(tag.closeDelimiter)' closes \(frame.kind.noun) '\(openTag.content)' opened at \(openTag.position.line):\(openTag.position.column)")
        }
        frames.removeLast()
        switch frame.kind {
        case .root:
            return false
        case .section(let inverted):
            append(.section(Section(name: Name(openTag.content), inverted: inverted, children: frame.nodes, position: openTag.position)))
            return false
        case .parent:
            let pairStandalone = frame.openLeftClear && rightClear
            if !pairStandalone, frame.deferredLineStart {
                needsLineStart = true
                appendText(frame.leading[...])
            }
            var arguments: [String: Block] = [:]
            for case .block(let block) in frame.nodes { arguments[block.name] = block }
            let inclusion = Inclusion(target: target(of: openTag), indent: pairStandalone ? frame.leading : nil,
                                      arguments: arguments, position: openTag.position)
            append(.parent(inclusion))
            return pairStandalone && !standalone
        case .block:
            let site: Block.Site
            let siteIndent: [UInt8]
            if frame.openStandalone {
                site = .lineStart
                siteIndent = frame.intrinsic
            } else {
                site = .midLine
                siteIndent = frame.openLeftClear && rightClear ? frame.leading : []
            }
            append(.block(Block(name: openTag.content, children: frame.nodes, site: site, siteIndent: siteIndent,
                                startsLine: frame.openStandalone, origin: origin, position: openTag.position)))
            return false
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
