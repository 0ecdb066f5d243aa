import HeraldCore

/// A template parsed once into a tree, ready to be rendered any number of times, from any thread.
public struct Template: Sendable {
    /// What `{{> name}}` and `{{< name}}` call this template.
    public let name: String
    /// The file the template came from, as error messages print it.
    public var path: String { origin.path }
    /// The format of what this template produces when rendered as a page.
    public let format: OutputFormat

    let origin: TemplateOrigin
    let nodes: [Node]
    /// The names that static partial and parent tags refer to, by slot number.
    public let partialNames: [String]
    /// Some `{{>*name}}` or `{{<*name}}` tag picks its template by data, so any template may be asked for.
    let usesDynamicNames: Bool
    let sourceSize: Int

    /// Parses `source`; a syntax error throws with `path:line:column` of the faulty tag.
    public init(name: String, path: String, source: String, format: OutputFormat? = nil) throws(DiagnosticError) {
        let origin = TemplateOrigin(path: path)
        var parser = Parser(source: source, origin: origin)
        self.nodes = try parser.parse()
        self.partialNames = parser.partialNames
        self.usesDynamicNames = parser.usesDynamicNames
        self.name = name
        self.origin = origin
        self.format = format ?? OutputFormat(templatePath: path)
        self.sourceSize = source.utf8.count
    }
}

/// The identity of one parsed template: blocks carry it so that content passed to a parent is
/// rendered with the partials and the file name of the template that wrote it.
final class TemplateOrigin: Sendable {
    let path: String

    init(path: String) {
        self.path = path
    }
}

/// A tag's place in its template, 1-based.
struct Position: Sendable {
    let line: Int
    let column: Int
}

/// A tag name, split at its dots once when parsed.
struct Name: Sendable {
    struct Part: Sendable {
        let key: String
        /// The key's `DataMap.keyHash`, worked out once for every lookup of the name.
        let hash: Int
        /// Set when the part is a number, so `items.0` can index a list.
        let index: Int?
    }

    /// Empty for the implicit iterator `.`.
    let parts: [Part]
    let text: String

    init(_ text: String) {
        self.text = text
        self.parts =
            text == "."
            ? []
            : text.split(separator: ".", omittingEmptySubsequences: false).map {
                Part(key: String($0), hash: DataMap.keyHash(String($0)), index: Int($0))
            }
    }
}

enum Node: Sendable {
    /// Literal text; each newline inside it that more text follows starts an indentable line.
    case text([UInt8])
    /// The start of a template line that begins with a tag: where an indented partial's indentation goes.
    case lineStart
    case variable(Variable)
    case section(Section)
    case partial(Inclusion)
    case parent(Inclusion)
    case block(Block)
}

/// A class, like the other nodes' payloads: a page visits each of its variables once per list
/// item, and copying a node out of the tree then retains one object, not a name's list and text.
final class Variable: Sendable {
    let name: Name
    let escaped: Bool
    let position: Position

    init(name: Name, escaped: Bool, position: Position) {
        self.name = name
        self.escaped = escaped
        self.position = position
    }
}

final class Section: Sendable {
    let name: Name
    let inverted: Bool
    let children: [Node]
    let position: Position

    init(name: Name, inverted: Bool, children: [Node], position: Position) {
        self.name = name
        self.inverted = inverted
        self.children = children
        self.position = position
    }
}

/// Which template a partial or parent tag includes.
enum Target: Sendable {
    case named(String, slot: Int)
    /// `{{>*name}}`: the template named by the value of `name`.
    case dynamic(Name)
}

/// A partial (`{{> x}}`) or parent (`{{< x}}…{{/x}}`) tag.
final class Inclusion: Sendable {
    let target: Target
    /// The whitespace before a standalone tag, prepended to every line of the included template;
    /// nil when the tag shares its line with other text.
    let indent: [UInt8]?
    /// The blocks a parent tag passes, by name; empty for partials.
    let arguments: [String: Block]
    let position: Position

    init(target: Target, indent: [UInt8]?, arguments: [String: Block], position: Position) {
        self.target = target
        self.indent = indent
        self.arguments = arguments
        self.position = position
    }
}

/// A `{{$name}}…{{/name}}` block: a replaceable place in a template, or content passed to a parent.
final class Block: Sendable {
    /// Where a block stands decides how content passed in from outside is indented.
    enum Site: Sendable {
        /// The opening tag stood alone on its line: passed content starts a line of its own.
        case lineStart
        /// The block sits inside a line; passed content continues it.
        case midLine
    }

    let name: String
    let children: [Node]
    let site: Site
    /// Added to the indentation of every line of content passed in from outside.
    let siteIndent: [UInt8]
    /// The opening tag ended its line, so the content begins at the start of the next one.
    let startsLine: Bool
    let origin: TemplateOrigin
    let position: Position

    init(
        name: String, children: [Node], site: Site, siteIndent: [UInt8], startsLine: Bool,
        origin: TemplateOrigin, position: Position
    ) {
        self.name = name
        self.children = children
        self.site = site
        self.siteIndent = siteIndent
        self.startsLine = startsLine
        self.origin = origin
        self.position = position
    }
}
