/// Writes values as bytes for `ArchiveReader` to read back: what a build keeps for the next one
/// (decoded models), in a form much cheaper to read than the sources they came from. Numbers are
/// little-endian base-128, texts their length then their UTF-8 bytes.
public struct ArchiveWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// A number of 1 to 10 bytes, 7 bits each, the low bits first.
    public mutating func write(_ number: UInt64) {
        var rest = number
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A signed number, zigzag-coded so that small negative numbers stay short.
    public mutating func write(_ number: Int) {
        let value = Int64(number)
        write(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    public mutating func write(_ number: Double) {
        withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes += $0 }
    }

    public mutating func write(_ flag: Bool) {
        bytes.append(flag ? 1 : 0)
    }

    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            write(UInt64(utf8.count))
            bytes += utf8
        }
    }

    /// A text given as its UTF-8 bytes, written as `write(_: String)` writes a text.
    public mutating func write(utf8: some Collection<UInt8>) {
        write(UInt64(utf8.count))
        bytes += utf8
    }

    /// Whether the text is there, then the text.
    public mutating func write(_ text: String?) {
        write(text != nil)
        if let text { write(text) }
    }

    /// The count, then each text.
    public mutating func write(_ texts: [String]) {
        write(UInt64(texts.count))
        for text in texts { write(text) }
    }

    /// Bytes as they are, for a header that is read back by comparing.
    public mutating func append(raw: some Sequence<UInt8>) {
        bytes += raw
    }
}
