extension StringProtocol {
    /// The text without leading and trailing white space and newlines.
    ///
    /// Foundation's `trimmingCharacters(in:)` goes through NSString on Linux, a bridge paid for
    /// every value of every record; this walks Unicode scalars directly.
    ///
    /// Inlinable, as `hasVisibleText`: called on a `String` from another module, it is then
    /// compiled for `String`, whose ends are read directly rather than through
    /// the protocol's witnesses (a large file's tasks trim millions of values).
    @inlinable
    public func trimmed() -> String {
        // Most values start and end with an ASCII letter, digit or mark: no Unicode properties to
        // look up, and no scalars decoded.
        if let first = utf8.first, Self.isPlainASCII(byte: first), let last = unicodeScalars.last, last.isASCII,
            Self.isPlainASCII(byte: UInt8(last.value))
        {
            return String(self)
        }
        return trimmedScalars()
    }

    @usableFromInline
    func trimmedScalars() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        // Most values need no trimming: hand them back without copying scalar by scalar.
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return String(self) }
        return String(Substring.UnicodeScalarView(scalars[first...last]))
    }

    /// An ASCII byte that is not white space (U+0009 to U+000D, space).
    @usableFromInline
    static func isPlainASCII(byte: UInt8) -> Bool {
        byte < 0x80 && byte != UInt8(ascii: " ") && !(0x09...0x0D).contains(byte)
    }

    /// Whether the text has anything but white space.
    @inlinable
    public var hasVisibleText: Bool {
        // Most texts start with a visible ASCII byte: answered without walking scalars at all,
        // which a large file's tasks would do for each of their fields.
        if let first = utf8.first, Self.isPlainASCII(byte: first) { return true }
        return hasVisibleScalars
    }

    @usableFromInline
    var hasVisibleScalars: Bool {
        // An ASCII scalar needs no lookup in Unicode's tables.
        unicodeScalars.contains {
            $0.isASCII ? Self.isPlainASCII(byte: UInt8($0.value)) : !$0.properties.isWhitespace
        }
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
