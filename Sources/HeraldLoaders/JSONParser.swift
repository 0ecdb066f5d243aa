import HeraldCore

/// Parses JSON (RFC 8259) into a `DataNode` tree that keeps every value's line and column.
// Our own parser because Foundation's keeps no positions, and errors must point at the bad byte.
public enum JSONParser {
    /// The document in `bytes`, or nil when it holds nothing but whitespace. Integers that fit
    /// stay `Int`; every other number is a `Double`. Duplicate keys are errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(DiagnosticError) -> DataNode? {
        let text = try TextCheck.validText(bytes, file: file)
        let result: Result<DataNode?, DiagnosticError> = text.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, file: file)
            return scanner.document()
        }
        return try result.get()
    }
}

/// The parser's state over one buffer; separate from `JSONParser` so the buffer cannot escape.
private struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var offset = 0
    private var position = TextPosition()
    private var diagnostics: [Diagnostic] = []
    // Deeper nesting than this is not data anyone writes by hand or exports; refusing it keeps
    // a hostile `[[[[…` from overflowing the stack.
    private static let maxDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// A syntax error: where and what; turned into a `Diagnostic` once, at the top.
    private struct SyntaxError: Error {
        var offset: Int
        var message: String
    }

    mutating func document() -> Result<DataNode?, DiagnosticError> {
        do throws(SyntaxError) {
            skipWhitespace()
            guard offset < bytes.count else { return .success(nil) }
            let root = try value(depth: 0)
            skipWhitespace()
            if offset < bytes.count {
                throw SyntaxError(offset: offset, message: "expected the end of the document after the top-level value, found \(found())")
            }
            return diagnostics.isEmpty ? .success(root) : .failure(DiagnosticError(diagnostics))
        } catch {
            let (line, column) = TextPosition.locate(error.offset, in: bytes)
            diagnostics.append(.error(at: SourceLocation(file: file, line: line, column: column), error.message))
            return .failure(DiagnosticError(diagnostics))
        }
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(SyntaxError) -> DataNode {
        guard offset < bytes.count else { throw endOfFile(expected: "a value") }
        let line = position.line
        let column = position.column(at: offset, in: bytes)
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            return DataNode(try object(depth: depth + 1), line: line, column: column)
        case UInt8(ascii: "["):
            return DataNode(try array(depth: depth + 1), line: line, column: column)
        case UInt8(ascii: "\""):
            return DataNode(.string(try string()), line: line, column: column)
        case UInt8(ascii: "t"):
            try literal("true")
            return DataNode(.bool(true), line: line, column: column)
        case UInt8(ascii: "f"):
            try literal("false")
            return DataNode(.bool(false), line: line, column: column)
        case UInt8(ascii: "n"):
            try literal("null")
            return DataNode(.null, line: line, column: column)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return DataNode(try number(), line: line, column: column)
        default:
            throw SyntaxError(offset: offset, message: "expected a value, found \(found())")
        }
    }

    private mutating func object(depth: Int) throws(SyntaxError) -> DataValue {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        offset += 1
        var map = DataMap()
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return .map(map)
        }
        var afterComma = false
        while true {
            guard offset < bytes.count else {
                throw endOfFile(expected: afterComma ? "a string key after ','" : "a string key or '}'")
            }
            guard bytes[offset] == UInt8(ascii: "\"") else {
                let expected = afterComma ? "a string key after ','" : "a string key or '}'"
                throw SyntaxError(offset: offset, message: "expected \(expected), found \(found())")
            }
            let keyLine = position.line
            let keyColumn = position.column(at: offset, in: bytes)
            let key = try string()
            skipWhitespace()
            guard offset < bytes.count else { throw endOfFile(expected: "':' after the key '\(key)'") }
            guard bytes[offset] == UInt8(ascii: ":") else {
                throw SyntaxError(offset: offset, message: "expected ':' after the key '\(key)', found \(found())")
            }
            offset += 1
            skipWhitespace()
            let node = try value(depth: depth)
            // A key that does not grow the map was there before: one hash per key, not two.
            let count = map.count
            map[key] = node
            if map.count == count {
                diagnostics.append(.error(at: SourceLocation(file: file, line: keyLine, column: keyColumn),
                                          "duplicate key '\(key)' in an object"))
            }
            skipWhitespace()
            guard offset < bytes.count else { throw endOfFile(expected: "',' or '}' after a value") }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
                afterComma = true
            case UInt8(ascii: "}"):
                offset += 1
                return .map(map)
            default:
                throw SyntaxError(offset: offset, message: "expected ',' or '}' after a value, found \(found())")
            }
        }
    }

    private mutating func array(depth: Int) throws(SyntaxError) -> DataValue {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        offset += 1
        var items: [DataNode] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .list(items)
        }
        while true {
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                throw SyntaxError(offset: offset, message: "expected a value after ',', found ']' (JSON allows no trailing comma)")
            }
            items.append(try value(depth: depth))
            skipWhitespace()
            guard offset < bytes.count else { throw endOfFile(expected: "',' or ']' after a value") }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                offset += 1
                return .list(items)
            default:
                throw SyntaxError(offset: offset, message: "expected ',' or ']' after a value, found \(found())")
            }
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        var end = offset
        for byte in word.utf8 {
            guard end < bytes.count, bytes[end] == byte else {
                throw SyntaxError(offset: offset, message: "expected a value, found \(found())")
            }
            end += 1
        }
        let length = end - offset
        guard !isWordByte(at: offset + length) else {
            throw SyntaxError(offset: offset, message: "expected a value, found \(found())")
        }
        offset += length
    }

    // MARK: Strings

    private mutating func string() throws(SyntaxError) -> String {
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

    private mutating func escapedString(quote: Int, start: Int) throws(SyntaxError) -> String {
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

    private mutating func escape(into buffer: inout [UInt8]) throws(SyntaxError) {
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
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
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
            throw SyntaxError(offset: backslash, message: "invalid escape '\\\(describe(at: offset - 1, quoted: false))' in a string; JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
    }

    private mutating func hexQuad(escapeAt backslash: Int) throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = hexValue(bytes[offset]) else {
                throw SyntaxError(offset: backslash, message: "invalid \\u escape: expected 4 hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func loneSurrogate(_ scalar: UInt32, at backslash: Int) -> SyntaxError {
        let hex = String(scalar, radix: 16, uppercase: true)
        return SyntaxError(offset: backslash, message: "invalid \\u escape: \\u\(hex) is half of a surrogate pair without its other half")
    }

    private func controlCharacter(quote: Int) -> SyntaxError {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            return SyntaxError(offset: quote, message: "unterminated string: a line break cannot stand inside a JSON string (write \\n)")
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return SyntaxError(offset: offset, message: "control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) inside a string; escape it (\\t, \\u00XX)")
    }

    private func unterminated(quote: Int) -> SyntaxError {
        SyntaxError(offset: quote, message: "unexpected end of file, expected '\"' to close the string opened here")
    }

    // MARK: Numbers

    private mutating func number() throws(SyntaxError) -> DataValue {
        let start = offset
        var isInteger = true
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw invalidNumber(from: start) }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { throw invalidNumber(from: start, reason: "leading zeros are not allowed") }
        } else {
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw invalidNumber(from: start, reason: "expected a digit after '.'") }
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw invalidNumber(from: start, reason: "expected a digit in the exponent") }
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
    private func integerValue(_ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value = 0
        while index < range.upperBound {
            let digit = Int(bytes[index] - UInt8(ascii: "0"))
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
            index += 1
        }
        return value
    }

    private mutating func skipDigits() {
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func invalidNumber(from start: Int, reason: String? = nil) -> SyntaxError {
        var end = start + 1
        while isWordByte(at: end) || (end < bytes.count && (bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-"))) {
            end += 1
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, start + 40)]), as: UTF8.self)
        return SyntaxError(offset: start, message: "invalid number '\(text)'" + (reason.map { ": \($0)" } ?? ""))
    }

    // MARK: Whitespace, words and messages

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                offset += 1
            case UInt8(ascii: "\n"):
                offset += 1
                position.startLine(at: offset)
            default:
                return
            }
        }
    }

    private func isWordByte(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        return (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || isDigit(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// What stands at the current offset, for "found …" messages.
    private func found() -> String {
        describe(at: offset, quoted: true)
    }

    /// For a "found …" message (`quoted`) a word is shown whole (`'undefined'`); otherwise, and
    /// for anything but a word, the one character stands alone (`\q` in an escape).
    private func describe(at index: Int, quoted: Bool) -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return "a line break"
        case UInt8(ascii: "\t"): return quoted ? "a tab" : "\\t"
        case ..<0x20:
            let hex = String(byte, radix: 16, uppercase: true)
            return "control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex)"
        default: break
        }
        var end = index + 1
        if quoted, isWordByte(at: index) {
            while end < bytes.count, end - index < 40, isWordByte(at: end) { end += 1 }
        }
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        return quoted ? "'\(text)'" : text
    }

    private func endOfFile(expected: String) -> SyntaxError {
        // Point just after the last token rather than at trailing blank lines.
        var end = bytes.count
        while end > 0, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(bytes[end - 1]) {
            end -= 1
        }
        return SyntaxError(offset: end, message: "unexpected end of file, expected \(expected)")
    }

    private func tooDeep() -> SyntaxError {
        SyntaxError(offset: offset, message: "arrays and objects are nested more than \(Self.maxDepth) deep")
    }
}
