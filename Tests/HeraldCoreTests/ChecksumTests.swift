import HeraldCore
import Testing

// The decoded heroes' archive is trusted on its checksum alone: any byte changed, moved between
// runs, cut or added must change it.

private func checksum(_ runs: [[UInt8]]) -> UInt64 {
    var check = Checksum()
    for run in runs { check.combine(run) }
    return check.value
}

@Test func everyFlippedBitOfARunChangesTheChecksum() {
    // Long enough for the four lanes, the words after them and a tail.
    let run = (0..<1_037).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    let original = checksum([run])
    #expect(checksum([run]) == original)
    var seen: Set<UInt64> = [original]
    for index in run.indices {
        for bit in 0..<8 {
            var flipped = run
            flipped[index] ^= 1 << bit
            seen.insert(checksum([flipped]))
        }
    }
    #expect(seen.count == run.count * 8 + 1)
}

@Test func howBytesAreCutIntoRunsAndTheirLengthCount() {
    let bytes = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
    #expect(
        checksum([Array(bytes[..<10]), Array(bytes[10...])]) != checksum([Array(bytes[..<11]), Array(bytes[11...])]))
    #expect(checksum([bytes]) != checksum([bytes + [0]]))
    #expect(checksum([[]]) != checksum([]))
    #expect(checksum([Array(repeating: 0, count: 64)]) != checksum([Array(repeating: 0, count: 65)]))
}
