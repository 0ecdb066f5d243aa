/// A 64-bit checksum of long runs of bytes, to tell a damaged file from the one that was written.
///
/// Four lanes of 8-byte words, each added in multiplied and rotated (xxHash64's round), so that
/// the processor works on four words at once, where `ContentHash` mixes each word into the last:
/// for the megabytes of an archive read by every build. Not cryptographic.
public struct Checksum: Sendable {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (prime1 &+ prime2, prime2, 0, 0 &- prime1)

    public init() {}

    /// Adds `bytes` as one run: its length counts, so that ("ab", "c") and ("a", "bc") differ.
    public mutating func combine(_ bytes: some Collection<UInt8>) {
        let contiguous: Bool? = bytes.withContiguousStorageIfAvailable { buffer in
            add(UnsafeRawBufferPointer(buffer))
            return true
        }
        if contiguous == nil { Array(bytes).withUnsafeBytes { add($0) } }
    }

    /// The checksum of every run added so far.
    public var value: UInt64 {
        let (a, b, c, d) = lanes
        var hash = a.rotated(1) &+ b.rotated(7) &+ c.rotated(12) &+ d.rotated(18)
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 31)
    }

    private mutating func add(_ raw: UnsafeRawBufferPointer) {
        var (a, b, c, d) = lanes
        let count = raw.count
        var offset = 0
        while offset + 32 <= count {
            a = Self.round(a, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            b = Self.round(b, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            c = Self.round(c, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            d = Self.round(d, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            offset += 32
        }
        // The last words, then the tail packed little-endian with the run's length, in one lane.
        while offset + 8 <= count {
            a = Self.round(a, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        a = Self.round(Self.round(a, raw.packedTail(from: offset)), UInt64(count))
        lanes = (a, b, c, d)
    }

    private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        (lane &+ word &* prime2).rotated(31) &* prime1
    }
}

extension UInt64 {
    fileprivate func rotated(_ bits: UInt64) -> UInt64 {
        (self << bits) | (self >> (64 - bits))
    }
}
