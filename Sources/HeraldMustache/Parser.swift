import HeraldCore

/// Turns template source into nodes in one pass, a line at a time.
///
/// Mustache decides whitespace per line: a line holding only whitespace and non-interpolating tags
/// ("standalone") disappears from the output, and its indentation is given to a partial on it.
/// So each line is first scanned into tokens (ParserScanning.swift), then classified
/// (ParserLines.swift), then handed to the tree builder (ParserTree.swift).
struct Parser {
    /// Deeper nesting than this is surely a mistake, and would only exhaust the stack when rendered.
    static let maxDepth = 256

    let bytes: [UInt8]
    let origin: TemplateOrigin
    var position = 0
    var line = 1
    /// The column of `columnOffset`, so columns on a long line are counted once, not per tag.
    var columnOffset = 0
    var column = 1
    var openDelimiter: [UInt8] = Array("{{".utf8)
    var closeDelimiter: [UInt8] = Array("}}".utf8)

    var tokens: [Token] = []
    /// The whitespace that starts the current line.
    var lineIndentation: [UInt8] = []
    var frames: [Frame]
    /// Text not yet stored as a node, so consecutive lines become one text node.
    var pending: [UInt8] = []
    /// The next token starts a template line and must be preceded by a line-start mark.
    var needsLineStart = false
    var partialSlots: [String: Int] = [:]
    var partialNames: [String] = []
    var usesDynamicNames = false

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
            throw error(
                at: tag.position,
                "unclosed \(frames[frames.count - 1].kind.noun) '\(tag.content)' (opened here; expected '\(expected)')")
        }
        return frames[0].nodes
    }

    func error(at position: Position, _ message: String) -> DiagnosticError {
        DiagnosticError(
            .error(at: SourceLocation(file: origin.path, line: position.line, column: position.column), message))
    }
}
