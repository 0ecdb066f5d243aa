import Testing

@testable import HeraldLoaders

@Test func theNumbersThatOccurMoreThanOnceAreFoundAmongAMillion() {
    // Numbers alike in their low bits, in their high bits, zero, and a million that are each once.
    var numbers = (1...1_000_000).map { UInt64($0) &* 0x1_0000_0001 }
    let twice: [UInt64] = [0, 1 << 63, 1 << 40, 7, 0xFFFF_FFFF_FFFF_FFFF]
    numbers += twice + twice + [3 << 40, 5]
    numbers.shuffle()
    #expect(DerivedIDs.repeated(numbers) == Set(twice))
    #expect(DerivedIDs.repeated([0, 5, 6]).isEmpty)
    #expect(DerivedIDs.repeated([]).isEmpty)
    // Every number the same: one long run of probes, ended.
    #expect(DerivedIDs.repeated(Array(repeating: 42, count: 1000)) == [42])
}
