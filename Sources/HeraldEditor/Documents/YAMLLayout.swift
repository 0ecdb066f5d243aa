import HeraldCore

/// Where the records of a block YAML text sit: the lines each one spans and the indentation of
/// its keys and of its `-` or id key, found from the reader's positions.
struct YAMLLayout {
    /// How the records are held, as `DocumentRecords` reads them.
    enum Shape { case list, keyed, single }

    /// One record's place in the text.
    struct Place {
        /// The first line: the `-` entry's, or the id key's for records keyed by id.
        var start: Int
        /// The record's last line of its own; blank lines and comments after it are between records.
        var end: Int
        /// The byte offset where the record begins on `start`: its `-`, its id key, or its first key.
        var head: Int
        /// The indentation of the record's keys.
        var keyIndent: Int
        /// The fields as written, with the positions of their keys.
        var fields: DataMap
        var location: SourceLocation
    }

    let file: String
    let lines: YAMLLines
    let shape: Shape
    let container: DataNode
    /// Each record's node, with its key when the records are keyed by id.
    let entries: [(key: String?, node: DataNode)]
    /// The byte offset of the container's first character, when it is a flow collection (`[…]`, `{…}`).
    let flowStart: Int?

    init(text: [UInt8], file: String, root: String?) throws(DiagnosticError) {
        self.file = file
        lines = YAMLLines(text)
        let document = try YAMLReader.parse(String(decoding: text, as: UTF8.self), file: file)
        guard let node = root.map({ document.lookup($0) }) ?? document else {
            throw DiagnosticError(.error(at: document.location(in: file), "no records at '\(root ?? "")'"))
        }
        container = node
        switch node.value {
        case .list(let items):
            shape = .list
            entries = items.map { (nil, $0) }
        case .map(let map):
            let keyed = map.entries.allSatisfy { if case .map = $0.node.value { true } else { false } }
            shape = keyed ? .keyed : .single
            entries = keyed ? map.entries.map { ($0.key, $0.node) } : [(nil, node)]
        default:
            throw DiagnosticError(.error(at: node.location(in: file), "expected a list or a map of records here"))
        }
        let start = lines.lines.offset(line: node.line, column: node.column)
        flowStart = start.flatMap { start in
            start < text.count && (text[start] == UInt8(ascii: "[") || text[start] == UInt8(ascii: "{")) ? start : nil
        }
    }

    var text: [UInt8] { lines.text }

    /// The byte offset of a reader position.
    func offset(line: Int, column: Int) -> Int? { lines.lines.offset(line: line, column: column) }

    /// Where record `index` sits; an error for a record written in flow style (`{…}`), whose
    /// fields cannot be edited line by line.
    func place(of index: Int) throws(DiagnosticError) -> Place {
        let (memberKey, node) = entries[index]
        let location = node.location(in: file)
        let positioned: [(key: String, position: DataMap.KeyPosition)]
        if case .map(let fields) = node.value {
            positioned = fields.keys.compactMap { key in fields.position(ofKey: key).map { (key, $0) } }
        } else {
            positioned = []
        }
        guard case .map(let fields) = node.value, flowStart == nil || shape == .single,
            let first = positioned.first,
            let firstOffset = offset(line: first.position.line, column: first.position.column),
            let nodeOffset = offset(line: node.line, column: node.column),
            nodeOffset >= text.count || text[nodeOffset] != UInt8(ascii: "{")
        else {
            throw DiagnosticError(
                .error(
                    at: location,
                    "record \(index + 1) is written in flow style ({…} or […]), which cannot be edited in place; write it as a block map"
                ))
        }
        let keyIndent = first.position.column - 1
        var end = first.position.line
        for (key, position) in positioned {
            let spansLines = (fields[key]?.line ?? position.line) > position.line
            end = max(end, lines.lastLine(ofValueAt: position.line, indent: keyIndent, entriesAtIndent: spansLines))
        }
        var place = Place(
            start: first.position.line, end: end, head: firstOffset, keyIndent: keyIndent,
            fields: fields, location: location)
        switch shape {
        case .list:
            let lineStart = lines.lines.starts[first.position.line - 1]
            if let dash = text[lineStart..<firstOffset].lastIndex(of: UInt8(ascii: "-")) {
                place.head = dash
            } else {
                // `-` alone on a line, the record's keys below it.
                var line = first.position.line - 1
                while line >= 1, lines.isBlank(line) || lines.isComment(line) { line -= 1 }
                guard line >= 1, lines.isEntry(line) else {
                    throw DiagnosticError(.error(at: location, "cannot find the '-' that starts record \(index + 1)"))
                }
                place.start = line
                place.head = lines.lines.starts[line - 1] + lines.indent(line)
            }
        case .keyed:
            guard case .map(let map) = container.value, let memberKey, let position = map.position(ofKey: memberKey),
                let head = offset(line: position.line, column: position.column)
            else {
                throw DiagnosticError(.error(at: location, "cannot find the key of record \(index + 1)"))
            }
            place.start = position.line
            place.head = head
        case .single:
            break
        }
        return place
    }

    /// How the file writes null: `~` when one of its records does, else `null`.
    func nullSpelling() -> String {
        for (_, node) in entries {
            guard case .map(let fields) = node.value else { continue }
            for (_, value) in fields.entries {
                if case .null = value.value, let at = offset(line: value.line, column: value.column),
                    at < text.count, text[at] == UInt8(ascii: "~")
                {
                    return "~"
                }
            }
        }
        return "null"
    }
}
