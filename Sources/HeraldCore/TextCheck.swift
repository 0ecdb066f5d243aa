/// Makes sure a file is UTF-8 text before a text reader slices it into strings, so binary
/// garbage is reported at the first bad byte instead of being silently replaced.
public enum TextCheck {
    /// The bytes without a leading UTF-8 byte order mark, once they are known to be valid text.
    public static func validText(_ bytes: [UInt8], file: String) throws(DiagnosticError) -> ArraySlice<UInt8> {
        let problem: (offset: Int, message: String)? = bytes.withUnsafeBufferPointer { firstProblem(in: $0) }
        if let problem {
            let (line, column) = bytes.withUnsafeBufferPointer { TextPosition.locate(problem.offset, in: $0) }
            throw DiagnosticError(.error(at: SourceLocation(file: file, line: line, column: column), problem.message))
        }
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        return bytes[(hasBOM ? 3 : 0)...]
    }

    private static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, message: String)? {
        let count = bytes.count
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return nil }
        var index = 0
        while index < count {
            // Eight bytes at a time while they are all ASCII and none is NUL: most text is.
            if index + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                let hasNUL = (word &- 0x0101_0101_0101_0101) & ~word & high != 0
                if word & high == 0 && !hasNUL {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte >= 0x01 && byte < 0x80 {
                index += 1
                continue
            }
            if byte == 0 {
                return (index, "the file contains a NUL byte: it is binary, not UTF-8 text")
            }
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                let hex = String(byte, radix: 16, uppercase: true)
                return (index, "the file is not UTF-8 text: invalid byte 0x\(hex.count == 1 ? "0" : "")\(hex)")
            }
            index += length
        }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence starting at `index`, or 0 (overlong forms,
    /// surrogates and values above U+10FFFF are ill-formed, per the Unicode standard's table 3-7).
    private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return 0 }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
            return 0
        }
        return length
    }
}
