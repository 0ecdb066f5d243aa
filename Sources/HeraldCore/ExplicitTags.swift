import Yams

/// The explicit core tags of a YAML document's scalars (`!!str`, `!!int`, `!!float`, `!!bool`,
/// `!!null`, and `!`), as `YAMLReader` honours them. Yams resolves every untagged plain scalar
/// to `str` under the basic resolver, so an explicit `!!str` is told from none by the text at the
/// scalar's start, looked at only where the tag would change the value.
final class ExplicitTags {
    private let text: String
    private lazy var lines: [Substring] = text.split(separator: "\n", omittingEmptySubsequences: false)

    init(_ text: String) {
        self.text = text
    }

    /// The scalar's explicit tag as YAML's short form writes it; nil for none, or one that does
    /// not change how the value is read.
    func tag(of scalar: Node.Scalar) -> String? {
        switch scalar.tag.description {
        case "tag:yaml.org,2002:int": return "!!int"
        case "tag:yaml.org,2002:float": return "!!float"
        case "tag:yaml.org,2002:bool": return "!!bool"
        case "tag:yaml.org,2002:null": return "!!null"
        case "!": return "!"
        case "tag:yaml.org,2002:str":
            guard scalar.style == .plain, let mark = scalar.mark else { return nil }
            if case .string = ScalarTyping.value(of: scalar.string) { return nil }
            return spelled(line: mark.line, column: mark.column).map { $0 == "!" ? "!" : "!!str" }
        default: return nil
        }
    }

    /// The tag written at a 1-based line and column (counted in characters, as the parser counts).
    private func spelled(line: Int, column: Int) -> String? {
        guard line >= 1, line <= lines.count, column >= 1 else { return nil }
        let rest = lines[line - 1].unicodeScalars.dropFirst(column - 1)
        guard rest.first == "!" else { return nil }
        return String(String.UnicodeScalarView(rest.prefix { $0 != " " && $0 != "\t" && $0 != "\r" }))
    }
}
