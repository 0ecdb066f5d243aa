/// The 32-bit FNV-1a hash: small and fixed by its specification, for names that must stay the
/// same from one Herald version to the next (an asset's fingerprint, a hero's avatar colour).
public enum FNV1a {
    private static let offsetBasis: UInt32 = 2_166_136_261
    private static let prime: UInt32 = 16_777_619

    public static func hash32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var hash = offsetBasis
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* prime }
        return hash
    }
}
