/// A fast 64-bit fingerprint of a file's bytes, to tell an unchanged output file without reading it.
///
/// Not cryptographic: it only has to notice edits between two builds of the same site.
enum ContentHash {
    static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        bytes.withUnsafeBytes { raw in
            let count = raw.count
            var offset = 0
            // Eight bytes at a time, each mixed by a multiply-rotate step (in the style of wyhash/FxHash).
            while offset + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                hash = mix(hash ^ word)
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(raw[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = mix(hash ^ tail)
        }
        return mix(hash)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x = x &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 29)
    }
}
