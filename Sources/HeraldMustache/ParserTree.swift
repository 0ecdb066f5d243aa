import HeraldCore

/// Building the tree: tokens become nodes, sections and blocks nest in frames until closed.
extension Parser {
    struct Frame {
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
    mutating func handle(_ tag: Tag, role: Role, standalone: Bool, deferredLineStart: Bool) throws(DiagnosticError)
        -> Bool
    {
        // The whitespace before the tag, when nothing else stands before it on its line.
        var leading: [UInt8] { role.leftClear ? Array(lineIndentation.prefix(role.indentation)) : [] }
        switch tag.kind {
        case .comment, .delimiters:
            return false
        case .variable(let escaped):
            append(.variable(Variable(name: Name(tag.content), escaped: escaped, position: tag.position)))
            return false
        case .partial:
            let inclusion = Inclusion(
                target: target(of: tag), indent: standalone ? leading : nil, arguments: [:], position: tag.position)
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

    func nextLineIndentation() -> [UInt8] {
        var cursor = position
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") {
            cursor += 1
        }
        return Array(bytes[position..<cursor])
    }

    mutating func target(of tag: Tag) -> Target {
        if tag.content.hasPrefix("*") {
            usesDynamicNames = true
            return .dynamic(Name(String(tag.content.dropFirst()).trimmed()))
        }
        if let slot = partialSlots[tag.content] {
            return .named(tag.content, slot: slot)
        }
        partialSlots[tag.content] = partialNames.count
        partialNames.append(tag.content)
        return .named(tag.content, slot: partialNames.count - 1)
    }

    mutating func appendText(_ text: ArraySlice<UInt8>) {
        if needsLineStart {
            // After pending text (which ends with a newline) the line start is implied.
            if pending.isEmpty { frames[frames.count - 1].nodes.append(.lineStart) }
            needsLineStart = false
        }
        pending.append(contentsOf: text)
    }

    mutating func flush() {
        guard !pending.isEmpty else { return }
        frames[frames.count - 1].nodes.append(.text(pending))
        pending = []
    }

    /// Stores pending text and a due line start in the innermost frame.
    mutating func settle() {
        flush()
        if needsLineStart {
            frames[frames.count - 1].nodes.append(.lineStart)
            needsLineStart = false
        }
    }

    mutating func append(_ node: Node) {
        settle()
        frames[frames.count - 1].nodes.append(node)
    }

    mutating func open(_ frame: Frame) throws(DiagnosticError) {
        settle()
        if frames.count > Self.maxDepth, let tag = frame.tag {
            throw error(at: tag.position, "sections nested more than \(Self.maxDepth) deep")
        }
        var frame = frame
        if frame.dedent.isEmpty { frame.dedent = frames[frames.count - 1].dedent }
        frames.append(frame)
    }

    mutating func close(_ tag: Tag, rightClear: Bool, standalone: Bool) throws(DiagnosticError) -> Bool {
        settle()
        guard frames.count > 1, let openTag = frames[frames.count - 1].tag else {
            throw error(
                at: tag.position,
                "'\(tag.openDelimiter)/\(tag.content)\(tag.closeDelimiter)' closes nothing: no section is open here")
        }
        let frame = frames[frames.count - 1]
        guard openTag.content == tag.content else {
            throw error(
                at: tag.position,
                "'\(tag.openDelimiter)/\(tag.content)\(tag.closeDelimiter)' closes \(frame.kind.noun) '\(openTag.content)' opened at \(openTag.position.line):\(openTag.position.column)"
            )
        }
        frames.removeLast()
        switch frame.kind {
        case .root:
            return false
        case .section(let inverted):
            append(
                .section(
                    Section(
                        name: Name(openTag.content), inverted: inverted, children: frame.nodes,
                        position: openTag.position)))
            return false
        case .parent:
            let pairStandalone = frame.openLeftClear && rightClear
            if !pairStandalone, frame.deferredLineStart {
                needsLineStart = true
                appendText(frame.leading[...])
            }
            var arguments: [String: Block] = [:]
            for case .block(let block) in frame.nodes { arguments[block.name] = block }
            let inclusion = Inclusion(
                target: target(of: openTag), indent: pairStandalone ? frame.leading : nil,
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
            append(
                .block(
                    Block(
                        name: openTag.content, children: frame.nodes, site: site, siteIndent: siteIndent,
                        startsLine: frame.openStandalone, origin: origin, position: openTag.position)))
            return false
        }
    }
}
