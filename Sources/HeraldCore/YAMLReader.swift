import Yams

/// Reads YAML (a data file, front matter, `herald.yml`) into a `DataNode` tree that keeps every
/// value's line and column, so later checks can point at the exact value that is wrong.
public enum YAMLReader {
    /// Parses `text`; `lineOffset` is added to every line so front matter reports positions in
    /// its whole file. An empty document is an empty map.
    public static func parse(_ text: String, file: String, lineOffset: Int = 0) throws(DiagnosticError) -> DataNode {
        // Front matter and data files are nearly always simple block YAML, which a direct byte
        // parser reads without Yams's events and trees; anything else, errors included, goes to Yams.
        if let root = BlockYAMLReader.parse(text, lineOffset: lineOffset) { return root }
        return try parseWithYams(text, file: file, lineOffset: lineOffset)
    }

    /// `parse` through Yams alone: the reference the fast path is tested against.
    static func parseWithYams(_ text: String, file: String, lineOffset: Int = 0) throws(DiagnosticError) -> DataNode {
        let root: Node?
        do {
            // The basic resolver runs no regular expression per scalar (plain scalars are typed by
            // `ScalarTyping`), and an explicit encoding spares Yams reading the environment.
            root = try Yams.compose(yaml: text, .basic, .default, .utf8)
        } catch let error as YamlError {
            throw DiagnosticError(diagnostic(for: error, file: file, lineOffset: lineOffset))
        } catch {
            throw DiagnosticError(
                .error(
                    at: SourceLocation(file: file, line: lineOffset + 1, column: 1),
                    "invalid YAML: \(error)"))
        }
        guard let root else { return DataNode(.map(DataMap()), line: lineOffset + 1, column: 1) }
        var budget = Budget(textBytes: text.utf8.count)
        let tags = ExplicitTags(text)
        do throws(Refusal) {
            return try convert(root, lineOffset: lineOffset, depth: 0, budget: &budget, tags: tags)
        } catch {
            throw DiagnosticError(
                .error(at: SourceLocation(file: file, line: error.line, column: error.column), error.message))
        }
    }

    /// What one document may grow to once its aliases are expanded. Without aliases a document
    /// holds fewer values than it has bytes, and no more text; `*alias` repeats a whole subtree,
    /// so nine nested aliases of nine items each turn 400 bytes into 387 million values (the
    /// "billion laughs"). Past these bounds the document is refused instead of filling memory.
    struct Budget {
        static let extraValues = 100_000
        static let extraTextBytes = 10_000_000
        static let maxDepth = 512

        var values: Int
        var textBytes: Int

        init(textBytes: Int) {
            values = textBytes + Self.extraValues
            self.textBytes = textBytes + Self.extraTextBytes
        }
    }

    /// Why a document that parsed is refused all the same, and where.
    struct Refusal: Error {
        var line: Int
        var column: Int
        var message: String
    }

    private static func convert(_ node: Node, lineOffset: Int, depth: Int, budget: inout Budget, tags: ExplicitTags)
        throws(Refusal) -> DataNode
    {
        let line = (node.mark?.line ?? 0) + (node.mark == nil ? 0 : lineOffset)
        let column = node.mark?.column ?? 0
        budget.values -= 1
        guard budget.values >= 0 else {
            throw Refusal(
                line: line, column: column,
                message: "YAML aliases (*name) expand this document to too many values; refusing to read on")
        }
        guard depth <= Budget.maxDepth else {
            throw Refusal(line: line, column: column, message: "YAML nested more than \(Budget.maxDepth) levels deep")
        }
        switch node {
        case .scalar(let scalar):
            budget.textBytes -= scalar.string.utf8.count
            guard budget.textBytes >= 0 else {
                throw Refusal(
                    line: line, column: column,
                    message: "YAML aliases (*name) expand this document to too much text; refusing to read on")
            }
            let value = try Self.value(of: scalar, tag: tags.tag(of: scalar), line: line, column: column)
            return DataNode(value, line: line, column: column)
        case .sequence(let sequence):
            var items: [DataNode] = []
            for item in sequence {
                items.append(try convert(item, lineOffset: lineOffset, depth: depth + 1, budget: &budget, tags: tags))
            }
            return DataNode(.list(items), line: line, column: column)
        case .mapping(let mapping):
            var map = DataMap()
            for (key, value) in mapping {
                guard case .scalar(let scalar) = key else {
                    let at =
                        key.mark.map { (line: $0.line + lineOffset, column: $0.column) } ?? (line: line, column: column)
                    throw Refusal(
                        line: at.line, column: at.column,
                        message:
                            "a YAML key must be text or a number, not \(Self.kind(of: key)); quote it to make it text")
                }
                let name = scalar.string
                map[name] = try convert(value, lineOffset: lineOffset, depth: depth + 1, budget: &budget, tags: tags)
                if let mark = key.mark {
                    map.setPosition(.init(line: mark.line + lineOffset, column: mark.column), ofKey: name)
                }
            }
            return DataNode(.map(map), line: line, column: column)
        case .alias:
            return DataNode(.null, line: line, column: column)
        }
    }

    /// A scalar's value: by its explicit core tag when it has one (`!!str 123` is text, `!!int "7"`
    /// a number), else typed by the core schema when plain and text when quoted.
    private static func value(of scalar: Node.Scalar, tag: String?, line: Int, column: Int) throws(Refusal) -> DataValue
    {
        let text = scalar.string
        func refuse(_ kind: String) -> Refusal {
            Refusal(line: line, column: column, message: "'\(text)' is not \(kind), as its tag \(tag ?? "") says")
        }
        switch tag {
        case "!!str", "!": return .string(text)
        case "!!int":
            guard case .int(let number) = ScalarTyping.value(of: text.trimmed()) else { throw refuse("a whole number") }
            return .int(number)
        case "!!float":
            switch ScalarTyping.value(of: text.trimmed()) {
            case .int(let number): return .double(Double(number))
            case .double(let number): return .double(number)
            default: throw refuse("a number")
            }
        case "!!bool":
            guard case .bool(let flag) = ScalarTyping.value(of: text.trimmed()) else { throw refuse("true or false") }
            return .bool(flag)
        case "!!null":
            if case .null = ScalarTyping.value(of: text.trimmed()) { return .null }
            throw refuse("null")
        default:
            return scalar.style == .plain ? ScalarTyping.value(of: text) : .string(text)
        }
    }

    /// `a list`, `a map`, `an alias`: a key that is no scalar, as a message names it.
    private static func kind(of node: Node) -> String {
        switch node {
        case .scalar: "text"
        case .sequence: "a list"
        case .mapping: "a map"
        case .alias: "an alias"
        }
    }

    private static func diagnostic(for error: YamlError, file: String, lineOffset: Int) -> Diagnostic {
        func at(_ mark: Mark) -> SourceLocation {
            SourceLocation(file: file, line: mark.line + lineOffset, column: mark.column)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let while_ = context.map { " (\($0.text) at line \($0.mark.line + lineOffset))" } ?? ""
            return .error(at: at(mark), "invalid YAML: \(problem)\(while_)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return .error(
                at: at(context.mark),
                "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) in a YAML map")
        case .reader(let problem, _, _, _):
            return .error(
                at: SourceLocation(file: file, line: lineOffset + 1, column: 1), "unreadable YAML: \(problem)")
        default:
            return .error(at: SourceLocation(file: file, line: lineOffset + 1, column: 1), "invalid YAML: \(error)")
        }
    }
}
