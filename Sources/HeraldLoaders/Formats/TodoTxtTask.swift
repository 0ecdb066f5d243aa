import HeraldCore
import HeraldModels

/// Parses one todo.txt line (https://github.com/todotxt/todo.txt) into a record's fields:
///
/// - `completed` (bool): the line starts with a lowercase `x` and a space (`xylophone` and `X `
///   are not completions);
/// - `completed_at`, `created` (`YYYY-MM-DD` strings): in a completed task the first date after
///   `x` is the completion date and a second one the creation date, as the spec's diagram has it;
///   elsewhere a leading date is the creation date;
/// - `priority` (`"A"`…`"Z"`): `(A)` first on the line, or right after `x` or after the completion
///   date (`x 2014-01-02 (B) 2013-12-30 …`, as several clients write it);
/// - `text`: the description as written; `title`: the description without the tokens the board
///   shows apart (the first `+project`, every `@context`, and the keys it knows);
/// - `projects`, `contexts`: the `+`/`@` tokens in order, each once;
/// - the keys the board knows, read as fields: `due:` and `t:` (the threshold) as dates, `rec:`
///   (recurrence: `1w`, `+3d`, `2b`), `h:1` (hidden), `pri:` (a done task's priority), `id:`,
///   `status:`; the last of a repeated key wins;
/// - `pairs`: every other `key:value` token, which stays in the title too (`Fix line:42`), for
///   templates and facts; a time (`12:30`) or a URL (`https://…`) is no pair;
/// - `line`: the line number.
struct TodoTxtTask {
    private let scalars: [Unicode.Scalar]
    /// The line's bytes when it is all ASCII, one for each scalar: texts are then made from them
    /// directly, rather than encoded again a scalar at a time.
    private let ascii: ArraySlice<UInt8>?
    private let line: Int
    private let file: String
    private var index = 0
    private(set) var diagnostics: [Diagnostic] = []

    /// The keys the board reads, and the fields they become.
    private static let knownKeys = [
        "due": "due", "t": "threshold", "rec": "recurrence", "h": "hidden", "pri": "pri",
        "id": "id", "status": "status"
    ]

    /// `ascii`: the line's bytes, when each is a scalar of `scalars`.
    init(scalars: [Unicode.Scalar], ascii: ArraySlice<UInt8>?, line: Int, file: String) {
        self.scalars = scalars
        self.ascii = ascii
        self.line = line
        self.file = file
    }

    /// The task's fields as a map node; check `diagnostics` afterwards.
    mutating func fields() -> DataNode {
        var completed = node(.bool(false), at: 0)
        var completedAt: DataNode?
        var created: DataNode?
        var priority: DataNode?
        if scalars.count >= 2, scalars[0] == "x", scalars[1] == " " {
            completed = node(.bool(true), at: 0)
            index = 1
            skipSpaces()
            priority = priorityToken()
            completedAt = dateToken(kind: "completion")
            if completedAt != nil {
                if priority == nil { priority = priorityToken() }
                created = dateToken(kind: "creation")
            }
        } else {
            priority = priorityToken()
            created = dateToken(kind: "creation")
        }

        var tags = DataMap()
        var pairs = DataMap()
        let description = descriptionFields(into: &tags, pairs: &pairs)
        // A line's record has at most a dozen fields and a few of todo.txt's keys: room for all
        // at once, rather than growing the map's arrays a key at a time on each of a file's lines.
        // Its keys are distinct (`knownKeys` names none of the others), so each is appended
        // without being looked for.
        var fields = DataMap(capacity: 16)
        fields.append(newKey: "title", description.title)
        fields.append(newKey: "text", description.text)
        fields.append(newKey: "completed", completed)
        if let completedAt { fields.append(newKey: "completed_at", completedAt) }
        if let created { fields.append(newKey: "created", created) }
        if let priority = priority ?? tags["pri"] { fields.append(newKey: "priority", priority) }
        fields.append(newKey: "projects", description.projects)
        fields.append(newKey: "contexts", description.contexts)
        for (key, value) in tags.entries where key != "pri" { fields.append(newKey: key, value) }
        if !pairs.isEmpty { fields.append(newKey: "pairs", node(.map(pairs), at: 0)) }
        fields.append(newKey: "line", node(.int(line), at: 0))
        return node(.map(fields), at: 0)
    }

    // MARK: The line's start

    private mutating func priorityToken() -> DataNode? {
        guard index + 3 < scalars.count, scalars[index] == "(", ("A"..."Z").contains(scalars[index + 1]),
            scalars[index + 2] == ")",
            isSpace(scalars[index + 3])
        else { return nil }
        let priority = node(.string(String(scalars[index + 1])), at: index)
        index += 3
        skipSpaces()
        return priority
    }

    /// A `YYYY-MM-DD` token at the current index; a date-shaped token that is no real day is
    /// reported and still consumed, so the rest of the line parses as intended.
    private mutating func dateToken(kind: String) -> DataNode? {
        guard index + 10 <= scalars.count, index + 10 == scalars.count || isSpace(scalars[index + 10]) else {
            return nil
        }
        let text = string(scalars[index..<index + 10])
        guard Day.isISOShaped(text) else { return nil }
        if Day(iso: text) == nil { report("invalid \(kind) date '\(text)'", at: index) }
        let date = node(.string(text), at: index)
        index += 10
        skipSpaces()
        return date
    }

    // MARK: The description

    private struct Description {
        var title: DataNode
        var text: DataNode
        var projects: DataNode
        var contexts: DataNode
    }

    /// Reads the description from the current index, adding the known `key:value` fields to
    /// `tags` and the others to `pairs`.
    private mutating func descriptionFields(into tags: inout DataMap, pairs: inout DataMap) -> Description {
        let start = index
        if start == scalars.count { report("the task has no description", at: start) }
        // The title's bytes, words joined by one space: made into one string at the end rather
        // than a string per word.
        var title: [UInt8] = []
        title.reserveCapacity(scalars.count - start)
        var projects: [DataNode] = []
        var contexts: [DataNode] = []
        var seenProjects = SeenNames()
        var seenContexts = SeenNames()
        var firstProject: String?
        while index < scalars.count {
            let tokenStart = index
            while index < scalars.count, !isSpace(scalars[index]) { index += 1 }
            let token = scalars[tokenStart..<index]
            skipSpaces()
            if token.count > 1, token.first == "+" || token.first == "@" {
                let name = string(token.dropFirst())
                if token.first == "+" {
                    if seenProjects.insert(name) { projects.append(node(.string(name), at: tokenStart)) }
                    // The board shows a task's first project as its chip; any other stays in the title.
                    firstProject = firstProject ?? name
                    if name == firstProject { continue }
                } else {
                    if seenContexts.insert(name) { contexts.append(node(.string(name), at: tokenStart)) }
                    // Shown as chips: not a second time in the title.
                    continue
                }
            } else if let colon = keyValueColon(in: token) {
                let key = string(token[tokenStart..<colon])
                let value = string(token[(colon + 1)...])
                if let field = Self.knownKeys[key] {
                    tag(key: key, field: field, value: value, at: tokenStart, into: &tags)
                    continue
                }
                pairs[key] = node(.string(value), at: tokenStart)
            }
            if !title.isEmpty { title.append(UInt8(ascii: " ")) }
            appendBytes(of: token, to: &title)
        }
        let text = string(scalars[start...])
        return Description(
            title: node(.string(String(decoding: title, as: UTF8.self)), at: start),
            text: node(.string(text), at: start),
            projects: node(.list(projects), at: start),
            contexts: node(.list(contexts), at: start))
    }

    /// The colon of a `key:value` token: one colon, text on both sides. The key must start with a
    /// letter so that a time (`12:30`) stays text, and a URL's `://` is not a key either.
    private func keyValueColon(in token: ArraySlice<Unicode.Scalar>) -> Int? {
        // Most tokens start with an ASCII character, whose being a letter needs no Unicode table.
        guard let first = token.first,
            first.isASCII
                ? (("a"..."z").contains(first) || ("A"..."Z").contains(first)) : first.properties.isAlphabetic,
            let colon = token.firstIndex(of: ":"), colon < token.endIndex - 1,
            token[(colon + 1)...].firstIndex(of: ":") == nil, token[colon + 1] != "/"
        else { return nil }
        return colon
    }

    private mutating func tag(key: String, field: String, value: String, at column: Int, into tags: inout DataMap) {
        switch key {
        case "due" where Day(iso: value) == nil: report("invalid due date '\(value)'", at: column)
        case "t" where Day(iso: value) == nil:
            report("invalid threshold date '\(value)' (t: takes YYYY-MM-DD)", at: column)
        case "rec" where Recurrence(value) == nil:
            report(
                "invalid recurrence '\(value)' (rec: takes a number and d, w, m, y or b, as in 1w or +3d)", at: column)
        case "pri" where value.count != 1 || !("A"..."Z").contains(value):
            report("invalid priority '\(value)' (pri: takes a letter from A to Z)", at: column)
        default: break
        }
        tags[field] = node(key == "h" ? .bool(value == "1") : .string(value), at: column)
    }

    // MARK: Helpers

    /// The names a line has named so far. A line names a few projects and contexts, looked
    /// through faster than hashed; a hostile line of thousands gets a set, never a quadratic scan.
    private struct SeenNames {
        private var few: [String] = []
        private var many: Set<String>?

        /// False when `name` was seen before.
        mutating func insert(_ name: String) -> Bool {
            if many != nil { return many?.insert(name).inserted ?? false }
            if few.contains(name) { return false }
            few.append(name)
            if few.count > 16 { many = Set(few) }
            return true
        }
    }

    /// The text of a run of the line's scalars: from the line's bytes when it is ASCII, else
    /// encoded in one go (a `String` appended to one scalar at a time encodes each on its own and
    /// checks its room at each, which dominates reading a large file).
    private func string(_ part: ArraySlice<Unicode.Scalar>) -> String {
        if let ascii {
            let base = ascii.startIndex
            return String(decoding: ascii[(base + part.startIndex)..<(base + part.endIndex)], as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: part.count * 4) { buffer in
            var count = 0
            for scalar in part {
                UTF8.encode(scalar) { unit in
                    buffer[count] = unit
                    count += 1
                }
            }
            return count
        }
    }

    /// Appends the UTF-8 bytes of a run of the line's scalars.
    private func appendBytes(of part: ArraySlice<Unicode.Scalar>, to bytes: inout [UInt8]) {
        if let ascii {
            let base = ascii.startIndex
            bytes.append(contentsOf: ascii[(base + part.startIndex)..<(base + part.endIndex)])
        } else {
            for scalar in part { UTF8.encode(scalar) { bytes.append($0) } }
        }
    }

    private func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    private mutating func skipSpaces() {
        while index < scalars.count, isSpace(scalars[index]) { index += 1 }
    }

    private func node(_ value: DataValue, at index: Int) -> DataNode {
        DataNode(value, line: line, column: index + 1)
    }

    private mutating func report(_ message: String, at index: Int) {
        diagnostics.append(.error(at: SourceLocation(file: file, line: line, column: index + 1), message))
    }
}
