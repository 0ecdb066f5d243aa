/// How `JSONScanner` reads the scalars of a document: strings with their escapes, and numbers.
extension JSONScanner {
    // MARK: Strings

    mutating func string() throws(SyntaxError) -> String {
        let quote = offset
        offset += 1
        let start = offset
        // Most strings have no escapes: one scan, then one copy straight from the buffer.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(quote: quote, start: start) }
            if byte < 0x20 { throw controlCharacter(quote: quote) }
            offset += 1
        }
        throw unterminated(quote: quote)
    }

    mutating func escapedString(quote: Int, start: Int) throws(SyntaxError) -> String {
        var buffer = Array(bytes[start..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &buffer)
            case ..<0x20:
                throw controlCharacter(quote: quote)
            default:
                buffer.append(byte)
                offset += 1
            }
        }
        throw unterminated(quote: quote)
    }

    mutating func escape(into buffer: inout [UInt8]) throws(SyntaxError) {
        let backslash = offset
        offset += 1
        guard offset < bytes.count else { throw endOfFile(expected: "an escape after '\\'") }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(escapeAt: backslash)
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate is only valid as the first half of a \uXXXX\uXXXX pair.
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else {
                    throw loneSurrogate(scalar, at: backslash)
                }
                offset += 2
                let low = try hexQuad(escapeAt: backslash)
                guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(scalar, at: backslash) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw loneSurrogate(scalar, at: backslash)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw loneSurrogate(scalar, at: backslash) }
            UTF8.encode(unicode) { buffer.append($0) }
        default:
            throw SyntaxError(
                offset: backslash,
                message:
                    "invalid escape '\\\(describe(at: offset - 1, quoted: false))' in a string; JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
            )
        }
    }

    mutating func hexQuad(escapeAt backslash: Int) throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = hexValue(bytes[offset]) else {
                throw SyntaxError(
                    offset: backslash, message: "invalid \\u escape: expected 4 hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    func loneSurrogate(_ scalar: UInt32, at backslash: Int) -> SyntaxError {
        let hex = String(scalar, radix: 16, uppercase: true)
        return SyntaxError(
            offset: backslash,
            message: "invalid \\u escape: \\u\(hex) is half of a surrogate pair without its other half")
    }

    func controlCharacter(quote: Int) -> SyntaxError {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            return SyntaxError(
                offset: quote,
                message: "unterminated string: a line break cannot stand inside a JSON string (write \\n)")
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return SyntaxError(
            offset: offset,
            message:
                "control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) inside a string; escape it (\\t, \\u00XX)"
        )
    }

    func unterminated(quote: Int) -> SyntaxError {
        SyntaxError(offset: quote, message: "unexpected end of file, expected '\"' to close the string opened here")
    }

    // MARK: Numbers

    mutating func number() throws(SyntaxError) -> DataValue {
        let start = offset
        var isInteger = true
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw invalidNumber(from: start) }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) {
                throw invalidNumber(from: start, reason: "leading zeros are not allowed")
            }
        } else {
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else {
                throw invalidNumber(from: start, reason: "expected a digit after '.'")
            }
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard offset < bytes.count, isDigit(bytes[offset]) else {
                throw invalidNumber(from: start, reason: "expected a digit in the exponent")
            }
            skipDigits()
        }
        if isWordByte(at: offset) || (offset < bytes.count && bytes[offset] == UInt8(ascii: ".")) {
            throw invalidNumber(from: start)
        }
        if isInteger, let integer = integerValue(start..<offset) { return .int(integer) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw SyntaxError(offset: start, message: "number \(text) is out of range")
        }
        return .double(double)
    }

    /// The integer in `range`, or nil when it does not fit an `Int` (it is read as a `Double` then).
    func integerValue(_ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value = 0
        while index < range.upperBound {
            let digit = Int(bytes[index] - UInt8(ascii: "0"))
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
            index += 1
        }
        return value
    }

    mutating func skipDigits() {
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    func invalidNumber(from start: Int, reason: String? = nil) -> SyntaxError {
        var end = start + 1
        while isWordByte(at: end)
            || (end < bytes.count
                && (bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "+")
                    || bytes[end] == UInt8(ascii: "-")))
        {
            end += 1
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, start + 40)]), as: UTF8.self)
        return SyntaxError(offset: start, message: "invalid number '\(text)'" + (reason.map { ": \($0)" } ?? ""))
    }
}
