/// Types a plain (unquoted) YAML scalar by YAML 1.2's core schema: null, booleans, integers and
/// floats; everything else, dates and yes/no included, stays a string for the models to read.
enum ScalarTyping {
    static func value(of text: String) -> DataValue {
        guard let first = text.utf8.first else { return .null }
        // Most scalars are words or numbers, which start with none of the bytes the spellings
        // below start with: they skip comparing with each spelling.
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"):
            switch text {
            case "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
            case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
            case ".nan", ".NaN", ".NAN": return .double(.nan)
            default: break
            }
        default:
            break
        }
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".") || isDigit(first)
        else { return .string(text) }
        let bytes = Array(text.utf8)
        // `0x[0-9a-fA-F]+` and `0o[0-7]+`: Int's own parsing would also take a sign after the prefix.
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"), bytes[2...].allSatisfy(isHexDigit) {
            if bytes[1] == UInt8(ascii: "x"), let value = Int(text.dropFirst(2), radix: 16) { return .int(value) }
            if bytes[1] == UInt8(ascii: "o"), let value = Int(text.dropFirst(2), radix: 8) { return .int(value) }
        }
        if isInteger(bytes) { return Int(text).map(DataValue.int) ?? .double(Double(text) ?? 0) }
        if isFloat(bytes), let value = Double(text) { return .double(value) }
        return .string(text)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// `[-+]?[0-9]+`
    private static func isInteger(_ bytes: [UInt8]) -> Bool {
        let digits =
            bytes.first.map { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") } == true
            ? bytes.dropFirst() : bytes[...]
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ bytes: [UInt8]) -> Bool {
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var mantissaDigits = 0
        while index < bytes.count, isDigit(bytes[index]) { index += 1; mantissaDigits += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) { index += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            var exponentDigits = 0
            while index < bytes.count, isDigit(bytes[index]) { index += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        return index == bytes.count
    }
}
