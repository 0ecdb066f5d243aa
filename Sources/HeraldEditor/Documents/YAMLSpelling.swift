import HeraldCore

/// How a `FieldValue` is written in YAML: plain when any YAML reader reads the text back as the
/// same string, quoted otherwise.
enum YAMLSpelling {
    /// How an existing scalar is quoted; a new text value keeps it when it can.
    enum Quoting { case plain, single, double }

    /// The value's spelling; `null` is how the file writes null (`null` or `~`).
    static func value(_ value: FieldValue, quoting: Quoting, null: String) -> String {
        switch value {
        case .text(let text): Self.text(text, quoting: quoting)
        case .number(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: null
        case .list(let items):
            "[" + items.map { isPlain($0, inFlow: true) ? $0 : doubleQuoted($0) }.joined(separator: ", ") + "]"
        }
    }

    static func text(_ text: String, quoting: Quoting) -> String {
        switch quoting {
        case .plain: isPlain(text, inFlow: false) ? text : doubleQuoted(text)
        case .single: singleQuoted(text) ?? doubleQuoted(text)
        case .double: doubleQuoted(text)
        }
    }

    /// A map key: plain unless it holds what would end or change a plain key.
    static func key(_ key: String) -> String {
        hasPlainShape(key, inFlow: false) ? key : doubleQuoted(key)
    }

    /// Whether `text` can stand unquoted and read back as this same string. Words YAML 1.1
    /// readers take for booleans (`yes`, `off`) are quoted too, for the sake of other tools.
    static func isPlain(_ text: String, inFlow: Bool) -> Bool {
        guard hasPlainShape(text, inFlow: inFlow),
            !["yes", "no", "on", "off", "y", "n", "true", "false", "null", "~"].contains(text.lowercased())
        else { return false }
        // Numbers, nulls and booleans in all their spellings: the reader itself says what is typed.
        let probe = inFlow ? "v: [\(text)]" : "v: \(text)"
        guard let node = try? YAMLReader.parse(probe, file: ""), let value = node.lookup(inFlow ? "v.0" : "v") else {
            return false
        }
        if case .string(let read) = value.value { return read == text }
        return false
    }

    /// Whether `text` is free of what starts, ends or breaks a plain scalar.
    private static func hasPlainShape(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
            !"-?:,[]{}#&*!|>'\"%@` \t".unicodeScalars.contains(first), last != " ", last != ":",
            !text.contains(": "), !text.contains(" #"),
            !text.unicodeScalars.contains(where: needsEscape)
        else { return false }
        return !inFlow || !text.unicodeScalars.contains { ",[]{}".unicodeScalars.contains($0) }
    }

    /// Control characters, and the characters YAML reads as line breaks or a byte order mark.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028
            || scalar.value == 0x2029 || scalar.value == 0xFEFF
    }

    static func doubleQuoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    quoted += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    /// `'…'` with quotes doubled; nil for text with characters single quotes cannot hold.
    static func singleQuoted(_ text: String) -> String? {
        guard !text.unicodeScalars.contains(where: needsEscape) else { return nil }
        return "'" + text.replacing("'", with: "''") + "'"
    }
}
