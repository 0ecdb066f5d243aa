/// What a template produces, which decides how `{{name}}` escapes the values it inserts.
public enum OutputFormat: Sendable, Hashable {
    case html, markdown, xml, json, text

    /// The format a template's file name announces: `x.md.mustache` is Markdown, `x.mustache` HTML,
    /// `x.json.mustache` and `x.js.mustache` JSON strings.
    public init(templatePath: String) {
        let fileName = templatePath.split(separator: "/").last.map(String.init) ?? templatePath
        var stem = Substring(fileName)
        if stem.hasSuffix(".mustache") { stem = stem.dropLast(".mustache".count) }
        let ext = stem.split(separator: ".", omittingEmptySubsequences: false).dropFirst().last?.lowercased()
        switch ext {
        case "md", "markdown": self = .markdown
        case "xml", "rss", "atom", "svg": self = .xml
        // A script's values go inside its string literals, which take JSON's escapes.
        case "json", "js": self = .json
        // An iCalendar feed's presenter writes its lines escaped and folded already.
        case "txt", "text", "ics": self = .text
        default: self = .html
        }
    }

    var escaper: Escaper {
        switch self {
        case .html: .html
        case .markdown: .markdown
        case .xml: .xml
        case .json: .json
        case .text: .none
        }
    }
}

/// Byte-level escaping: a table says which ASCII bytes need a replacement, and everything between
/// two such bytes is appended in one run.
struct Escaper: Sendable {
    /// Replacement index + 1 per byte; 0 keeps the byte; `special` marks a byte to look at more
    /// closely (a control byte JSON escapes as \u00XX, the lead byte of an XML noncharacter).
    private let table: [UInt8]
    private let replacements: [[UInt8]]
    private static let special: UInt8 = 255

    private init(_ pairs: [(Character, String)], escapesControls: Bool = false, dropsNoncharacters: Bool = false) {
        var table = [UInt8](repeating: 0, count: 256)
        var replacements: [[UInt8]] = []
        for (character, replacement) in pairs {
            guard let byte = character.asciiValue else { continue }
            replacements.append(Array(replacement.utf8))
            table[Int(byte)] = UInt8(replacements.count)
        }
        // JSON must also escape every control byte, as \u00XX.
        if escapesControls {
            for byte in 0..<0x20 where table[byte] == 0 { table[byte] = Self.special }
        }
        // XML forbids U+FFFE and U+FFFF (the bytes EF BF BE and EF BF BF) too.
        if dropsNoncharacters { table[0xEF] = Self.special }
        self.table = table
        self.replacements = replacements
    }

    /// A NUL byte is never passed on, in any format: it ends strings in C tools and is a parse
    /// error in HTML and XML. It becomes U+FFFD, as an HTML parser would make it.
    private static let nul: (Character, String) = ("\u{00}", "\u{FFFD}")
    /// XML 1.0 allows no control character but tab, line feed and carriage return, even escaped:
    /// one in a feed makes the whole document not well-formed, so they are dropped.
    private static let xmlControls: [(Character, String)] = (1..<0x20).compactMap { value in
        [0x09, 0x0A, 0x0D].contains(value) ? nil : (Character(Unicode.Scalar(UInt8(value))), "")
    }

    static let none = Escaper([nul])
    /// The controls XML forbids are dropped from HTML too: HTML calls them parse errors, and a
    /// page is no place for a terminal's escape sequence.
    static let html = Escaper(
        [nul, ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;")]
            + xmlControls)
    static let xml = Escaper(
        [nul, ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&apos;")]
            + xmlControls, dropsNoncharacters: true)
    /// Backslash escapes for the ASCII punctuation that can start emphasis, links, code, headings,
    /// lists, tables, strikethrough or raw HTML, so data such as `*NSYNC_` stays literal text;
    /// letters, digits and harmless punctuation stay as they are, keeping the Markdown readable.
    static let markdown = Escaper([nul] + Array("\\`*_[]<>#+-!|~()&").map { ($0, "\\\($0)") })
    static let json = Escaper(
        [
            nul, ("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t"),
            ("\u{08}", "\\b"), ("\u{0C}", "\\f")
        ],
        escapesControls: true
    )

    func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        table.withUnsafeBufferPointer { table in
            func flush(_ start: Int, _ end: Int) {
                if start < end {
                    output.append(contentsOf: UnsafeBufferPointer(start: base + start, count: end - start))
                }
            }
            var runStart = 0
            var index = 0
            while index < count {
                // Most text needs no escape: eight such bytes cost one test.
                if index + 8 <= count {
                    let word = base + index
                    if table[Int(word[0])] | table[Int(word[1])] | table[Int(word[2])] | table[Int(word[3])]
                        | table[Int(word[4])] | table[Int(word[5])] | table[Int(word[6])] | table[Int(word[7])] == 0
                    {
                        index += 8
                        continue
                    }
                }
                let byte = base[index]
                let slot = table[Int(byte)]
                if slot == 0 {
                    index += 1
                } else if slot != Self.special {
                    flush(runStart, index)
                    output.append(contentsOf: replacements[Int(slot) - 1])
                    index += 1
                    runStart = index
                } else if byte < 0x20 {
                    flush(runStart, index)
                    appendUnicodeEscape(byte, to: &output)
                    index += 1
                    runStart = index
                } else if index + 2 < count, base[index + 1] == 0xBF, base[index + 2] & 0xFE == 0xBE {
                    flush(runStart, index)
                    index += 3
                    runStart = index
                } else {
                    index += 1
                }
            }
            flush(runStart, count)
        }
    }

    func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &output) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private func appendUnicodeEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
        output.append(Self.hexDigits[Int(byte >> 4)])
        output.append(Self.hexDigits[Int(byte & 0x0F)])
    }
}
