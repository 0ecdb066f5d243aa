import HeraldCore
import Testing

@Test func parallelMapKeepsTheItemsOrder() {
    let items = Array(0..<5_000)
    #expect(Parallel.map(items, chunk: 7) { "\($0 * 3)" } == items.map { "\($0 * 3)" })
}

@Test func parallelJoinedKeepsEveryPartInOrder() {
    // Parts of every size, empty ones among them, more than enough for every core to take some.
    let parts = (0..<3_000).map { part in (0..<(part % 5)).map { "\(part).\($0)" } }
    #expect(Parallel.joined(parts, chunk: 16) == Array(parts.joined()))
    #expect(Parallel.joined([[String]](), chunk: 16).isEmpty)
    #expect(Parallel.joined([[], [], ["only"]], chunk: 1) == ["only"])
}
