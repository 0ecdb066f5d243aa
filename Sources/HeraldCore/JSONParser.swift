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

    /// The document and where each of its arrays and objects stands, for an editor that changes
    /// the text in place. Offsets count from the start of `bytes`.
    public static func parseWithExtents(_ bytes: [UInt8], file: String) throws(DiagnosticError) -> (
        document: DataNode?, extents: JSONExtents
    ) {
        let text = try TextCheck.validText(bytes, file: file)
        let result: Result<(DataNode?, JSONExtents), DiagnosticError> = text.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, file: file)
            scanner.extents = JSONExtents()
            return scanner.document().map { ($0, scanner.extents ?? JSONExtents()) }
        }
        let (document, extents) = try result.get()
        return (document, extents)
    }
}

/// The parser's state over one buffer; separate from `JSONParser` so the buffer cannot escape.
/// Strings and numbers are read in JSONScalars.swift.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    var offset = 0
    var position = TextPosition()
    var diagnostics: [Diagnostic] = []
    /// Kept only when an editor asks for them: a plain read records no offsets.
    var extents: JSONExtents?
    // Deeper nesting than this is not data anyone writes by hand or exports; refusing it keeps
    // a hostile `[[[[…` from overflowing the stack.
    static let maxDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// A syntax error: where and what; turned into a `Diagnostic` once, at the top.
    struct SyntaxError: Error {
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
                throw SyntaxError(
                    offset: offset,
                    message: "expected the end of the document after the top-level value, found \(found())")
            }
            return diagnostics.isEmpty ? .success(root) : .failure(DiagnosticError(diagnostics))
        } catch {
            let (line, column) = TextPosition.locate(error.offset, in: bytes)
            diagnostics.append(.error(at: SourceLocation(file: file, line: line, column: column), error.message))
            return .failure(DiagnosticError(diagnostics))
        }
    }

    // MARK: Values

    mutating func value(depth: Int) throws(SyntaxError) -> DataNode {
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

    mutating func object(depth: Int) throws(SyntaxError) -> DataValue {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        let open = offset
        offset += 1
        var map = DataMap()
        var members: [JSONExtents.Member] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            extents?.add(JSONExtents.ObjectExtent(members: [], close: offset), at: open)
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
            let keyStart = offset
            let key = try string()
            let keyEnd = offset
            skipWhitespace()
            guard offset < bytes.count else { throw endOfFile(expected: "':' after the key '\(key)'") }
            guard bytes[offset] == UInt8(ascii: ":") else {
                throw SyntaxError(offset: offset, message: "expected ':' after the key '\(key)', found \(found())")
            }
            offset += 1
            skipWhitespace()
            let valueStart = offset
            let node = try value(depth: depth)
            if extents != nil {
                members.append(
                    JSONExtents.Member(
                        key: key, keyStart: keyStart, keyEnd: keyEnd, valueStart: valueStart, valueEnd: offset))
            }
            // A key that does not grow the map was there before: one hash per key, not two.
            let count = map.count
            map[key] = node
            if map.count == count {
                diagnostics.append(
                    .error(
                        at: SourceLocation(file: file, line: keyLine, column: keyColumn),
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
                extents?.add(JSONExtents.ObjectExtent(members: members, close: offset), at: open)
                offset += 1
                return .map(map)
            default:
                throw SyntaxError(offset: offset, message: "expected ',' or '}' after a value, found \(found())")
            }
        }
    }

    mutating func array(depth: Int) throws(SyntaxError) -> DataValue {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        let open = offset
        offset += 1
        var items: [DataNode] = []
        var elements: [Range<Int>] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            extents?.add(JSONExtents.ArrayExtent(elements: [], close: offset), at: open)
            offset += 1
            return .list(items)
        }
        while true {
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                throw SyntaxError(
                    offset: offset, message: "expected a value after ',', found ']' (JSON allows no trailing comma)")
            }
            let start = offset
            items.append(try value(depth: depth))
            if extents != nil { elements.append(start..<offset) }
            skipWhitespace()
            guard offset < bytes.count else { throw endOfFile(expected: "',' or ']' after a value") }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                extents?.add(JSONExtents.ArrayExtent(elements: elements, close: offset), at: open)
                offset += 1
                return .list(items)
            default:
                throw SyntaxError(offset: offset, message: "expected ',' or ']' after a value, found \(found())")
            }
        }
    }

    mutating func literal(_ word: String) throws(SyntaxError) {
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

    // MARK: Whitespace, words and messages

    mutating func skipWhitespace() {
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

    func isWordByte(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        return (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || isDigit(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// What stands at the current offset, for "found …" messages.
    func found() -> String {
        describe(at: offset, quoted: true)
    }

    /// For a "found …" message (`quoted`) a word is shown whole (`'undefined'`); otherwise, and
    /// for anything but a word, the one character stands alone (`\q` in an escape).
    func describe(at index: Int, quoted: Bool) -> String {
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

    func endOfFile(expected: String) -> SyntaxError {
        // Point just after the last token rather than at trailing blank lines.
        var end = bytes.count
        while end > 0,
            [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(bytes[end - 1])
        {
            end -= 1
        }
        return SyntaxError(offset: end, message: "unexpected end of file, expected \(expected)")
    }

    func tooDeep() -> SyntaxError {
        SyntaxError(offset: offset, message: "arrays and objects are nested more than \(Self.maxDepth) deep")
    }
}
