extension StringProtocol {
    /// The text without leading and trailing white space and newlines.
    ///
    /// Foundation's `trimmingCharacters(in:)` goes through NSString on Linux and cost a tenth of
    /// a build's time on large catalogs; this walks Unicode scalars directly.
    public func trimmed() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        // Most values need no trimming: hand them back without copying scalar by scalar.
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return String(self) }
        return String(Substring.UnicodeScalarView(scalars[first...last]))
    }

    /// Whether the text has anything but white space.
    public var hasVisibleText: Bool {
        unicodeScalars.contains { !$0.properties.isWhitespace }
    }

    /// The text without leading and trailing spaces and tabs only: line breaks and other Unicode
    /// spaces are text in the formats that use this (CSV headers, checklist items, headings).
    public func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(Substring.UnicodeScalarView(scalars[first...last]))
    }
}
