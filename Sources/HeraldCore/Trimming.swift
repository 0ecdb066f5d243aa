extension StringProtocol {
    /// The text without leading and trailing white space and newlines.
    ///
    /// Foundation's `trimmingCharacters(in:)` goes through NSString on Linux, a bridge paid for
    /// every value of every record; this walks Unicode scalars directly.
    public func trimmed() -> String {
        // Most values start and end with an ASCII letter, digit or mark: no Unicode properties to
        // look up (a large file's tasks trim millions of them).
        let scalars = unicodeScalars
        if let first = scalars.first, let last = scalars.last, Self.isPlainASCII(first), Self.isPlainASCII(last) {
            return String(self)
        }
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        // Most values need no trimming: hand them back without copying scalar by scalar.
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return String(self) }
        return String(Substring.UnicodeScalarView(scalars[first...last]))
    }

    /// An ASCII scalar that is not white space (U+0009 to U+000D, space).
    private static func isPlainASCII(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 && scalar != " " && !(0x09...0x0D).contains(scalar.value)
    }

    /// Whether the text has anything but white space.
    public var hasVisibleText: Bool {
        // Most texts start with a visible ASCII byte: answered without walking scalars at all,
        // which a large file's tasks would do for each of their fields.
        if let first = utf8.first, first < 0x80, first != UInt8(ascii: " "), !(0x09...0x0D).contains(first) {
            return true
        }
        // An ASCII scalar needs no lookup in Unicode's tables.
        return unicodeScalars.contains { $0.isASCII ? Self.isPlainASCII($0) : !$0.properties.isWhitespace }
    }

    /// The text without leading and trailing spaces and tabs only: line breaks and other Unicode
    /// spaces are text in the formats that use this (CSV headers, checklist items, headings).
    public func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(Substring.UnicodeScalarView(scalars[first...last]))
    }
}
