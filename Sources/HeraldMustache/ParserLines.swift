import HeraldCore

/// Classifying a line: which of its tokens make it standalone, so its whitespace disappears.
extension Parser {
    /// How a token on the current line counts for the standalone rule.
    struct Role {
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

    mutating func buildLine() throws(DiagnosticError) {
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
                let takesRest = try handle(
                    tag, role: role, standalone: false, deferredLineStart: index == deferredParent)
                if takesRest { trailingWhitespaceTaken = true }
            }
        }
    }

    func isBlank(_ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// Follows the nesting across the line's tags (without building anything) to tell which
    /// tokens lie directly inside a parent tag pair.
    func classify() -> [Role] {
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
    mutating func markClearance(_ roles: inout [Role]) {
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

    func isWhitespaceToken(_ token: Token) -> Bool {
        switch token {
        case .text(let range): isBlank(range)
        case .newline: true
        case .tag: false
        }
    }
}
