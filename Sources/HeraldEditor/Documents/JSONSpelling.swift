/// How a `FieldValue` is written in JSON.
enum JSONSpelling {
    static func value(_ value: FieldValue, compact: Bool) -> [UInt8] {
        switch value {
        case .text(let text): string(text)
        case .number(let number): Array(String(number).utf8)
        case .bool(let flag): Array((flag ? "true" : "false").utf8)
        case .null: Array("null".utf8)
        case .list(let items):
            [UInt8(ascii: "[")] + items.map(string).joined(separator: Array((compact ? "," : ", ").utf8)) + [
                UInt8(ascii: "]")
            ]
        }
    }

    /// A JSON string literal; only what JSON requires is escaped, other characters stay as UTF-8.
    static func string(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): bytes += Array("\\\\".utf8)
            case UInt8(ascii: "\n"): bytes += Array("\\n".utf8)
            case UInt8(ascii: "\r"): bytes += Array("\\r".utf8)
            case UInt8(ascii: "\t"): bytes += Array("\\t".utf8)
            case 0x08: bytes += Array("\\b".utf8)
            case 0x0C: bytes += Array("\\f".utf8)
            case ..<0x20:
                let hex = String(byte, radix: 16, uppercase: true)
                bytes += Array("\\u00\(hex.count == 1 ? "0" : "")\(hex)".utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return bytes
    }
}
