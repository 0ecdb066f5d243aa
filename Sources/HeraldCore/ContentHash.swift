/// A fast 64-bit fingerprint of bytes: to tell an unchanged output file without reading it, and
/// whether a build's inputs changed at all.
///
/// Each 8-byte word of the input is XORed into the state, which SplitMix64's finalizer (two
/// multiply-xorshift rounds) then scrambles; the length is mixed in first. Not cryptographic: it
/// only has to notice edits between two builds of the same site.
public struct ContentHash: Sendable {
    // The golden ratio's bits, SplitMix64's own increment: any non-zero start would do.
    public private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

    public init() {}

    /// The fingerprint of one byte sequence.
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash = ContentHash()
        hash.combine(bytes)
        return hash.value
    }

    /// Mixes in `bytes`, and their length, so that ("ab", "c") and ("a", "bc") differ.
    public mutating func combine(_ bytes: some Collection<UInt8>) {
        var hash = value ^ UInt64(bytes.count)
        let contiguous: Bool? = bytes.withContiguousStorageIfAvailable { raw in
            Self.mix(UnsafeRawBufferPointer(raw), into: &hash)
            return true
        }
        if contiguous == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { Self.mix($0, into: &hash) }
        }
        value = Self.mix(hash)
    }

    /// Mixes in the text's UTF-8 bytes, read in place.
    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine($0) }
    }

    /// Mixes in the number's eight bytes, little-endian.
    public mutating func combine(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { combine($0) }
    }

    /// Mixes in the number's eight bytes, as `combine(UInt64)` does with its bit pattern.
    public mutating func combine(_ number: Int) {
        combine(UInt64(bitPattern: Int64(number)))
    }

    /// Mixes in the number's bit pattern (`-0.0` and `0.0` differ, as the texts they print do).
    public mutating func combine(_ number: Double) {
        combine(number.bitPattern)
    }

    /// Mixes in whether the text is there, then the text: `nil` and `""` differ.
    public mutating func combine(_ text: String?) {
        combine(text == nil ? 0 : 1)
        if let text { combine(text) }
    }

    // Eight bytes at a time; a short tail is packed little-endian into one last word.
    private static func mix(_ raw: UnsafeRawBufferPointer, into hash: inout UInt64) {
        let count = raw.count
        var offset = 0
        while offset + 8 <= count {
            hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        hash = mix(hash ^ raw.packedTail(from: offset))
    }

    /// SplitMix64's finalizer: every input bit affects every output bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x = x &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 29)
    }
}

extension UnsafeRawBufferPointer {
    /// The bytes from `offset` to the end, fewer than eight, packed little-endian into one word.
    func packedTail(from offset: Int) -> UInt64 {
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        for index in offset..<count {
            tail |= UInt64(self[index]) << shift
            shift += 8
        }
        return tail
    }
}
