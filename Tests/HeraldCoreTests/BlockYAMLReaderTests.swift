import Foundation
@testable import HeraldCore
import HeraldTestSupport
import Testing

// The fast path's specification is the Yams path: for every input it must either decline (nil)
// or build the very same tree, positions of values and keys included.

/// Renders a tree with every value's kind, every position and every key position, so that two
/// trees are equal exactly when their renderings are.
private func render(_ node: DataNode, indent: String = "") -> String {
    let at = "@\(node.line):\(node.column)"
    switch node.value {
    case .null: return "null\(at)"
    case .bool(let value): return "bool \(value)\(at)"
    case .int(let value): return "int \(value)\(at)"
    case .double(let value): return "double \(value)\(at)"
    case .string(let value): return "string \(value.debugDescription)\(at)"
    case .list(let items):
        return "list\(at)" + items.map { "\n\(indent)- " + render($0, indent: indent + "  ") }.joined()
    case .map(let map):
        return "map\(at)"
            + map.entries.map { entry in
                let key = map.position(ofKey: entry.key).map { "\($0.line):\($0.column)" } ?? "none"
                return "\n\(indent)\(entry.key.debugDescription)@\(key): " + render(entry.node, indent: indent + "  ")
            }.joined()
    }
}

/// Whether the fast path accepted `text`; records an issue when it returned something other
/// than Yams's tree, or accepted a text Yams rejects.
@discardableResult
private func checkAgainstYams(
    _ text: String, lineOffset: Int = 0, name: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Bool {
    guard let fast = BlockYAMLReader.parse(text, lineOffset: lineOffset) else { return false }
    let expected: String
    do {
        expected = render(try YAMLReader.parseWithYams(text, file: name, lineOffset: lineOffset))
    } catch {
        Issue.record(
            "\(name): the fast path read a text Yams rejects (\(error)):\n\(text.debugDescription)",
            sourceLocation: sourceLocation)
        return true
    }
    let actual = render(fast)
    #expect(actual == expected, "\(name): \(text.debugDescription)", sourceLocation: sourceLocation)
    return true
}

// MARK: The repository's own YAML

/// A YAML text found in the repository: a whole file, or the front matter of a Markdown file.
private struct RepositoryYAML {
    var name: String
    var text: String
    var lineOffset: Int
}

/// Every `.yml`/`.yaml` file and every Markdown front matter under `Content/` and the test
/// fixtures, and `herald.yml`.
private func repositoryYAML() throws -> [RepositoryYAML] {
    var files = [Repository.url("herald.yml")]
    for folder in ["Content", "Tests"] {
        let enumerator = FileManager.default.enumerator(at: Repository.url(folder), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard folder == "Content" || url.path.contains("/Fixtures/") else { continue }
            if ["yml", "yaml", "md"].contains(url.pathExtension) { files.append(url) }
        }
    }
    return try files.sorted { $0.path < $1.path }.compactMap { url in
        let text = try String(contentsOf: url, encoding: .utf8)
        let name = String(url.path.dropFirst(Repository.folder.path.count + 1))
        guard url.pathExtension == "md" else { return RepositoryYAML(name: name, text: text, lineOffset: 0) }
        return frontMatter(of: text).map { RepositoryYAML(name: name, text: $0, lineOffset: 1) }
    }
}

/// How many of `repositoryYAML`'s texts the site itself holds: herald.yml and the YAML and Markdown
/// files of `folders`, counted on disk so that the demo content may grow or shrink.
private func siteFileCount(in folders: [String]) throws -> Int {
    try folders.reduce(1) { count, folder in
        try count
            + FileManager.default.contentsOfDirectory(atPath: Repository.url(folder).path)
            .filter { ["yml", "yaml", "md"].contains(URL(fileURLWithPath: $0).pathExtension) }.count
    }
}

/// The lines between a first line `---` and the next `---` or `...` line, as
/// `FrontMatter.split` (in a module this target does not see) hands them to `YAMLReader`.
private func frontMatter(of text: String) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    func isFence(_ line: Substring, _ marker: String) -> Bool {
        line.hasPrefix(marker) && line.dropFirst(3).allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }
    guard let first = lines.first, isFence(first, "---") else { return nil }
    guard let close = lines.dropFirst().firstIndex(where: { isFence($0, "---") || isFence($0, "...") }) else {
        return nil
    }
    return lines[1..<close].map { $0 + "\n" }.joined()
}

@Test func fastPathMatchesYamsOnTheRepositoryYAML() throws {
    let inputs = try repositoryYAML()
    let siteFiles = try siteFileCount(in: ["Content", "Content/data", "Content/heroes", "Content/pages"])
    #expect(inputs.count >= siteFiles)
    for input in inputs {
        checkAgainstYams(input.text, lineOffset: input.lineOffset, name: input.name)
        // Every prefix ending at a line break cuts block scalars, nested maps and lists at every
        // possible place; the CRLF copy checks line breaks libyaml also accepts.
        var prefix = ""
        for line in input.text.split(separator: "\n", omittingEmptySubsequences: false) {
            checkAgainstYams(prefix, lineOffset: input.lineOffset, name: "\(input.name) (prefix)")
            checkAgainstYams(
                prefix + line, lineOffset: input.lineOffset, name: "\(input.name) (prefix, no final line break)")
            prefix += line + "\n"
        }
        let crlf = input.text.replacingOccurrences(of: "\n", with: "\r\n")
        checkAgainstYams(crlf, lineOffset: input.lineOffset, name: "\(input.name) (CRLF)")
    }
}

@Test func fastPathReadsTheSiteContent() throws {
    let inputs = try repositoryYAML().filter {
        $0.name.hasPrefix("Content/heroes/") || $0.name.hasPrefix("Content/pages/")
            || $0.name == "Content/tasks.yml" || $0.name == "herald.yml"
    }
    let siteFiles = try siteFileCount(in: ["Content", "Content/heroes", "Content/pages"])
    #expect(inputs.count >= siteFiles)
    for input in inputs {
        #expect(
            checkAgainstYams(input.text, lineOffset: input.lineOffset, name: input.name),
            "the fast path declined \(input.name)")
    }
}

// MARK: Generated texts

@Test func fastPathMatchesYamsOnRandomDocuments() {
    // Lines of every shape the subset knows and some it does not, at random indentations, with
    // few key names so that duplicates occur: most texts are invalid or outside the subset.
    let shapes = [
        "K: v", "K:", "- x", "-", "- K: v", "- K:", "K: |", "K: |-", "K: |+", "- |", "text", "", "# c", "K: [a, 'b']",
        "K: 'q'", "K: \"é\\t\"", "- - x", "K: 1.5", "  ", "---", "K: x # c", "- K: |", "K: x y", "é K: ü", "K: ~"
    ]
    var random = SeededGenerator(seed: 1)
    var read = 0
    for _ in 0..<3000 {
        var text = ""
        for _ in 0..<Int.random(in: 1...9, using: &random) {
            let indent = [0, 0, 0, 1, 2, 2, 2, 3, 4, 4, 6].randomElement(using: &random) ?? 0
            let shape = (shapes.randomElement(using: &random) ?? "")
                .replacingOccurrences(of: "K", with: ["a", "b", "c", "d", "e"].randomElement(using: &random) ?? "a")
            text +=
                String(repeating: " ", count: indent) + shape
                + (Int.random(in: 0..<10, using: &random) == 0 ? "\r\n" : "\n")
        }
        if Bool.random(using: &random) { text.removeLast() }
        if checkAgainstYams(text, lineOffset: 2, name: "random document") { read += 1 }
    }
    // Enough of them are read for the comparison to mean something.
    #expect(read > 300)
}

@Test func fastPathMatchesYamsOnMutatedRepositoryYAML() throws {
    let seeds = try repositoryYAML().map { Array($0.text.prefix(1500).unicodeScalars) }
    let pieces = [
        " ", "  ", "\n", ":", ": ", "-", "- ", "#", " #", "'", "\"", "\\", "|", "|-", "|+", "[", "]", ",", "{", "&",
        "*",
        "!", "\t", "\r\n", "é", "😀", "~", "1", "x", "---", "...", "?", "%", ">", "\\u00e9", "''"
    ].map { Array($0.unicodeScalars) }
    var random = SeededGenerator(seed: 2)
    var read = 0
    for _ in 0..<3000 {
        var scalars = seeds.randomElement(using: &random) ?? []
        // One to three edits: delete, insert or replace a character, or copy a stretch elsewhere.
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let at = Int.random(in: 0...scalars.count, using: &random)
            let piece = pieces.randomElement(using: &random) ?? []
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where at < scalars.count: scalars.remove(at: at)
            case 1: scalars.insert(contentsOf: piece, at: at)
            case 2 where at < scalars.count: scalars[at] = piece.first ?? " "
            default:
                let from = Int.random(in: 0...scalars.count, using: &random)
                scalars.insert(
                    contentsOf: scalars[from..<min(from + Int.random(in: 0..<30, using: &random), scalars.count)],
                    at: at)
            }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        if checkAgainstYams(text, name: "mutated text") { read += 1 }
    }
    #expect(read > 300)
}

// MARK: Hand-written cases

/// A text, and whether the fast path must read it, must decline it, or may do either.
struct YAMLCase: Sendable, CustomTestStringConvertible {
    enum Expectation: Sendable { case read, declined, either }
    var text: String
    var expectation: Expectation
    var testDescription: String { text.debugDescription }
}

private func read(_ text: String) -> YAMLCase { YAMLCase(text: text, expectation: .read) }
private func declined(_ text: String) -> YAMLCase { YAMLCase(text: text, expectation: .declined) }
private func either(_ text: String) -> YAMLCase { YAMLCase(text: text, expectation: .either) }

private let structureCases = [
    read(""), read("\n\n"), read("# only a comment\n"), read("a: 1"), read("a: 1\nb: two\n"),
    read("---\na: 1\n"), read("--- # the document\na: 1\n"), read("# first\n---\na: 1\n"), read("a: 1\n\n\n"),
    read("a:\n  b:\n    c: 1\n    d: 2\n  e: 3\nf: 4\n"), read("a:\n  b:\n    c:\n      d: deep\n"),
    read("a:\n\n  b: 1\n"), read("  a: 1\n  b: 2\n"), read("a:\n    b: 1\n    c: 2\n"),
    read("a: 1 # one\n# full line\n  # indented comment\nb: 2\n"), read("a: 'x'\n      # deeper comment\nb: 1\n"),
    read("a key with spaces: value\n"), read("key  : spaced colon\n"), read("1: one\ntrue: yes\n~: tilde\nnull: n\n"),
    read("a#b: hash in key\n"), read("a:\nb:\nc:    \nd: # comment\ne:   # comment\n"),
    read("- a\n- b\n"), read("tags:\n- a\n- b\nnext: 1\n"), read("tags:\n  - a\n  - b\n"),
    read("a:\n  tags:\n  - x\n  - y\n  b: 1\n"), read("a:\n- b\n- c\nd:\n- e\n"),
    read("- id: 1\n  title: x\n  tags: [a, b]\n- id: 2\n  notes: |\n    text\n"),
    read("-   a: 1\n    b: 2\n"), read("- \n-\n- # c\n-\n  a: 1\n-\n  - x\n"), read("a:\n  - b\n  -\n    c: 1\n"),
    read("- tags:\n  - a\n  - b\n  name: x\n- b\n"), read("- a:\n    b: 1\n  c: 2\n"),
    read("- a: 1\n\n  # comment\n  b: 2\n"), read("a:\n  b: 1\n  # c\nd: 2\n"),
    declined("- - a\n"), declined("a: 1\na: 2\n"), declined("a:\n  b: 1\n  b: 2\n"), declined("a: 1\n b: 2\n"),
    declined("a:\n  b: 1\n c: 2\n"), declined("- a\nb: 1\n"), declined("a: 1\n- b\n"), declined("a: one\n  two\n"),
    declined("a: 1\n---\nb: 2\n"), declined("a: 1\n...\n"), declined("---\n"), declined("---\n---\n"),
    declined("hello\n"), declined("[a, b]\n"), declined("{\"a\": 1}"), declined("\"a\": 1\n"), declined("'a': 1\n"),
    declined("? a\n: b\n"), declined("%YAML 1.2\n---\na: 1\n"), declined("\u{FEFF}a: 1\n"), declined("--- a\n"),
    declined("\ta: 1\n"), declined("a:\n\tb: 1\n"), declined("a: 1\n\t\n"), declined("a:\tb\n"),
    declined("a:\n  - b\n  c: 1\n"), declined("- a\n  - b\n"), declined("-\n  x\n"),
    declined(String(repeating: "k", count: 1100) + ": long key\n"),
    declined((0..<70).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n") + " leaf\n"),
    read(String(repeating: "k", count: 990) + ": long key\n"), read("-a: 1\n"), read("a: ...\nb: --- x\n"),
    read("  # indented comment first\na: 1\n"), either("---: x\n")
]

private let scalarCases = [
    read(
        "i: 12\nn: -3\nh: 0x1F\no: 0o17\nf: 1.5e3\nd: .5\ninf: .inf\nninf: -.inf\nnan: .NaN\nt: true\nF: False\n"
            + "nl: NULL\ntilde: ~\ndate: 2026-11-03\nts: 2026-11-03T10:00:00Z\ny: yes\nbig: 99999999999999999999\n"
            + "plus: +12\nunderscore: 1_000\ndot: 1.\nexp: 1e\nversion: 1.2.3\n"),
    read("url: https://x.org/a\ntime: 10:30\nab: b:c\nwords: one :two\n"), read("a: x#y\nb: x #y\nc: x # y: z\n"),
    read("a:   spaced   value   \n"), read("a: x [y], z {w}\n"), read("a: ---\nb: -1\nc: -x\nd: --\n"),
    read("a: 'it''s'\nb: ''\nc: '''quoted'''\nd: 'it''s # fine'\n"), read("a: \"\"\nb: \"# not a comment\"\n"),
    read("a: \"a\\\"b\"\nb: \"a\\\\b\"\nc: \"tab\\there\"\nd: \"line\\nbreak\"\ne: \"\\/\"\n"),
    read("a: \"\\u00e9\\u263A\\u0041\"\n"), read("a: \"x\ty\"\nb: 'x\ty'\n"), read("a: \" padded \"\nb: ' padded '\n"),
    read("a: \"x\" # c\nb: 'y' # c\n"), read("- \"a\"\n- 'b'\n- c\n"),
    read("a: []\nb: [ ]\nc: [a, \"b c\", 'd', 1, -2, true, ~, 2026-01-02]\nd: [a b, c ]\ne: [a,b]\nf: [x] # c\n"),
    read("é: x\nünïcödé kéy: välue 😀\nnext: [é, 😀, \"ü\", 'ö']\n"), read("- 日本語: テスト\n  key: 値\n"),
    read("a: 'é' # c\nb: \"😀\"\nc: é 😀 ü\nd: \u{A0}nbsp\n"), read("emoji😀: [😀, x]\n"),
    declined("a: b: c\n"), declined("a: b:\n"), declined("a: @x\n"), declined("a: *x\n"), declined("a: &x y\n"),
    declined("a: &anchor x\nb: *anchor\n"), declined("a: !!str 1\n"), declined("a: %x\n"), declined("a: `x`\n"),
    declined("a: >\n  folded\n"), declined("a: {b: 1}\n"), declined("a: ?x\n"), declined("a: :x\n"),
    declined("a: - b\n"), declined("a: -\n"), declined("a: b\tc\n"), declined("a: \"one\n  two\"\n"),
    declined("a: 'one\n  two'\n"), declined("a: \"a\\\\\"b\"\n"), declined("a: \"x\"y\n"), declined("b: 'y'# bad\n"),
    declined("a: \"\\x41\"\n"), declined("a: \"\\U0001F600\"\n"), declined("a: \"\\e\"\n"),
    declined("a: \"\\uD800\"\n"),
    declined("a: \"\\u12\"\n"), declined("a: \"\\u+123\"\n"), declined("a: \"ends with \\\n  b\"\n"),
    declined("a: [a, b,]\n"), declined("a: [a, [b]]\n"), declined("a: [a:b]\n"), declined("a: [\n  a\n]\n"),
    declined("a: [a, b]x\n"), declined("a: [-]\n"), declined("a: [- a]\n"), declined("a: [a, &b c]\n"),
    declined("a: b\u{7}\n"), declined("a: b\u{85}c\n"), declined("a: b\u{2028}c\n"), declined("a: 1\rb: 2\n"),
    declined("a: \u{FFFE}\n")
]

private let literalCases = [
    read("notes: |\n  line one\n\n  line three\n\nnext: 1\n"), read("notes: |-\n  a\n  b\n\n\n"),
    read("notes: |+\n  a\n\n\nb: 1\n"), read("notes: |+\n  a\n\n\n"),
    read("notes: |\n  a\n    indented more\n  back\n"),
    read("notes: |\n\n  a\n"), read("notes: |\n"), read("notes: |\nb: 1\n"), read("notes: |\n\n\nb: 1\n"),
    read("notes: |+\n\n\nb: 1\n"), read("notes: |\n  a"), read("notes: |\n  a\n  "), read("notes: |\n  a\n    "),
    read("notes: |\n  # not a comment\n  b: not a key\n"), read("- |\n  in a list\n- x\n"),
    read("- a: |\n    in a map in a list\n  b: 1\n"), read("notes: |\n  a  \n   \n  b\n"),
    read("notes: | # comment\n  x\n"),
    read("notes: |\n  a\n \n  b\n"), read("notes: |\n  a\tb\n  \tc\n"), read("notes: |-\n  a\nnext: |+\n  b\n\n"),
    read("notes: |\n x\n"), read("a:\n  notes: |\n    x\n\n    y\n  b: 2\n"), read("notes: |\r\n  a\r\n\r\n  b\r\n"),
    read("tags:\n- |\n  x\n- y\n"), read("notes: |\n  é😀 ü\n  ok\n"),
    read("notes: |"), read("notes: |-"), read("- |\n  x\n- [a, b]\n- []\n"),
    // Errors for Yams: a shallower line, a deeper blank line first, tabs as indentation.
    declined("notes: |\n      deep\n    shallower\n"), declined("notes: |\n      \n  text\n"),
    declined("notes: |\n  a\n\t\n"), declined("notes: |\n\tx\n"),
    // Valid, but an indentation digit and a comment glued to the header are left to Yams.
    declined("notes: |2\n  x\n"), declined("notes: |#c\n  x\n")
]

private let lineBreakCases = [
    read("a: 1\r\nb:\r\n  c: x\r\n  d: [e, f]\r\nl:\r\n- \r\n- x\r\n"), read("a: 1\r\n"), read("a: 'x'\r\n# c\r\n")
]

@Test(arguments: structureCases + scalarCases + literalCases + lineBreakCases)
func fastPathMatchesYams(_ yaml: YAMLCase) {
    for lineOffset in [0, 3] {
        let accepted = checkAgainstYams(yaml.text, lineOffset: lineOffset, name: "case")
        switch yaml.expectation {
        case .read: #expect(accepted, "the fast path declined it")
        case .declined: #expect(!accepted, "the fast path read it")
        case .either: break
        }
    }
}

@Test func fastPathReadsEveryLiteralBlockYamsReads() {
    let bodies: [[String]] = [
        [], ["x"], ["x", "y"], ["x", "", "y"], ["", "x"], ["x", ""], ["x", "", ""], ["x", "  y"], ["  x", "y"],
        ["x  "], ["x", " "], ["x", "    "], ["x", "#y"], ["", ""]
    ]
    // Each context: the lines before the header, the header's prefix, the body's indentation
    // and a following entry of the enclosing collection.
    let contexts = [
        ("", "k: ", "  ", "next: 1"), ("a:\n", "  k: ", "    ", "  next: 1"), ("", "- ", "  ", "- next"),
        ("", "- k: ", "    ", "  next: 1"), ("a:\n", "- ", "  ", "- next")
    ]
    var count = 0
    for header in ["|", "|-", "|+"] {
        for body in bodies {
            for (before, prefix, indent, following) in contexts {
                let lines = body.map { $0.isEmpty ? "" : indent + $0 }
                for ending in ["", "\n", "\n" + following + "\n", "\n\n" + following] {
                    let text = before + prefix + header + "\n" + lines.joined(separator: "\n") + ending
                    for variant in [text, text.replacingOccurrences(of: "\n", with: "\r\n")] {
                        let yamsReads = (try? YAMLReader.parseWithYams(variant, file: "t.yml")) != nil
                        let read = checkAgainstYams(variant, lineOffset: 1, name: "literal")
                        #expect(read == yamsReads, "\(variant.debugDescription)")
                        count += 1
                    }
                }
            }
        }
    }
    #expect(count == 3 * 14 * 5 * 4 * 2)
}

@Test func parseUsesTheFastPathAndFallsBackToYams() throws {
    // A text outside the subset is still read, by Yams.
    let root = try YAMLReader.parse("a: &x 1\nb: *x\nc: {d: 2}\n", file: "t.yml")
    #expect(render(root) == render(try YAMLReader.parseWithYams("a: &x 1\nb: *x\nc: {d: 2}\n", file: "t.yml")))
    // Yams's messages stay: a duplicate key is its error, not a silent overwrite.
    #expect(throws: DiagnosticError.self) { try YAMLReader.parse("a: 1\na: 2\n", file: "d.yml") }
}
