/// Decodes the character references (`&amp;`, `&#47;`, `&#x2F;`) in an attribute value or in the
/// text of a sitemap's `<loc>`.
///
/// Numeric references are decoded as the HTML spec says. Of the spec's 2,231 names only those that
/// appear in URLs and ids in practice are known; any other is kept as written. That errs towards a
/// reported link, never towards a missed one, and keeps a table of names out of the checker.
enum CharacterReferences {
    /// The names known, with what they stand for. Those marked legacy are also decoded without
    /// their `;`, as browsers do for them.
    private static let names: [String: (scalar: Unicode.Scalar, legacy: Bool)] = [
        "amp": ("&", true), "lt": ("<", true), "gt": (">", true), "quot": ("\"", true),
        "apos": ("'", false), "nbsp": ("\u{A0}", true), "sol": ("/", false), "num": ("#", false),
        "quest": ("?", false), "equals": ("=", false), "percnt": ("%", false), "colon": (":", false),
        "period": (".", false), "lowbar": ("_", false), "hyphen": ("-", false), "commat": ("@", false)
    ]

    /// The text of `bytes[range]` with its references decoded; `inAttribute` applies the spec's
    /// rule that keeps `&amp=` and `&ampx` (a legacy name followed by `=` or a letter or digit)
    /// as written inside attribute values, so a query string's `&copy=1` stays intact.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, inAttribute: Bool) -> String {
        guard let first = firstAmpersand(bytes, range) else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        var output: [UInt8] = Array(bytes[range.lowerBound..<first])
        var index = first
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&"),
                let (scalar, end) = reference(
                    bytes, at: index, before: range.upperBound,
                    inAttribute: inAttribute)
            else {
                output.append(byte)
                index += 1
                continue
            }
            output.append(contentsOf: String(Character(scalar)).utf8)
            index = end
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func firstAmpersand(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "&") { return index }
            index += 1
        }
        return nil
    }

    /// The reference starting at the `&` at `start`, and where it ends; nil when it is no reference.
    private static func reference(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, before end: Int,
        inAttribute: Bool
    ) -> (Unicode.Scalar, Int)? {
        var index = start + 1
        guard index < end else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            return numeric(bytes, from: index + 1, before: end)
        }
        let nameStart = index
        while index < end, isAlphanumeric(bytes[index]) { index += 1 }
        guard index > nameStart else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
        guard let known = names[name] else { return nil }
        if index < end, bytes[index] == UInt8(ascii: ";") { return (known.scalar, index + 1) }
        guard known.legacy else { return nil }
        if inAttribute, index < end, bytes[index] == UInt8(ascii: "=") { return nil }
        return (known.scalar, index)
    }

    /// `&#NNN;` or `&#xHHH;` (the `;` optional, as the spec allows); nothing, zero, surrogates and
    /// values beyond Unicode become U+FFFD as in browsers.
    private static func numeric(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> (
        Unicode.Scalar, Int
    )? {
        var index = start
        var radix: UInt32 = 10
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            index += 1
        }
        let digitsStart = index
        var value: UInt32 = 0
        while index < end, let digit = digitValue(bytes[index], radix: radix) {
            value = min(value * radix + digit, 0x110000)
            index += 1
        }
        guard index > digitsStart else { return nil }
        if index < end, bytes[index] == UInt8(ascii: ";") { index += 1 }
        let scalar = value == 0 ? nil : Unicode.Scalar(value)
        return (scalar ?? "\u{FFFD}", index)
    }

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
