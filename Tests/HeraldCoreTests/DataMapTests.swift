import HeraldCore
import Testing

/// `DataMap` small (looked up in order) and large (with a dictionary of places): the same answers.
@Suite struct DataMapTests {
    @Test(arguments: [3, 16, 17, 40])
    func aMapKeepsItsKeysInOrderThroughChangesWhateverItsSize(count: Int) {
        var map = DataMap()
        for number in 0..<count { map[key(number)] = DataNode(.int(number)) }
        map[key(1)] = DataNode(.string("one"))
        map[key(0)] = nil
        map[key(count)] = DataNode(.int(count))
        #expect(map.keys == (1...count).map(key))
        #expect(map.count == count)
        #expect(map[key(0)] == nil)
        guard case .string("one")? = map[key(1)]?.value else { Issue.record("key 1 lost its new value"); return }
        for number in 2...count {
            guard case .int(let value)? = map[key(number)]?.value else {
                Issue.record("\(key(number)) is missing"); continue
            }
            #expect(value == number)
        }
        let kept = map.removing([key(2), key(3)])
        #expect(kept.keys == (1...count).map(key).filter { $0 != key(2) && $0 != key(3) })
        #expect(kept[key(1)] != nil && kept[key(2)] == nil)
        // A map `removing` made has no dictionary of places, whatever its size; it still grows.
        var grown = kept
        grown[key(count + 1)] = DataNode(.int(count + 1))
        grown[key(1)] = DataNode(.string("again"))
        #expect(grown.count == kept.count + 1)
        #expect(grown.keys == kept.keys + [key(count + 1)])
        guard case .string("again")? = grown[key(1)]?.value, case .int(count + 1)? = grown[key(count + 1)]?.value else {
            Issue.record("a grown map lost a value"); return
        }
    }

    @Test func aKeyIsFoundByItsHashAsByItsTextEvenWhereEqualTextsDifferInBytes() {
        // "Kelvin" spelt with a Kelvin sign and "café" with a combining accent: Swift holds them
        // equal to their plain spellings, so a lookup by hash must find them as `map[key]` does.
        var map = DataMap()
        for key in ["title", "\u{212A}elvin", "cafe\u{301}", "due"] { map[key] = DataNode(.string(key)) }
        let hashes = map.keyHashes()
        for key in ["title", "Kelvin", "\u{212A}elvin", "café", "due", "missing", "Title"] {
            let found = map.node(forKey: key, hash: DataMap.keyHash(key), keyHashes: hashes)
            #expect(String(describing: found?.value) == String(describing: map[key]?.value), "\(key)")
        }
        #expect(map.node(forKey: "Kelvin", hash: DataMap.keyHash("Kelvin"), keyHashes: hashes) != nil)
        #expect(map.node(forKey: "Title", hash: DataMap.keyHash("Title"), keyHashes: hashes) == nil)
    }

    @Test func keyPositionsStayWithTheirKeys() {
        var map = DataMap()
        map[key(0)] = DataNode(.null)
        map.setPosition(DataMap.KeyPosition(line: 2, column: 3), ofKey: key(0))
        map.setPosition(DataMap.KeyPosition(line: 9, column: 9), ofKey: "absent")
        for number in 1...20 { map[key(number)] = DataNode(.null) }
        map.setPosition(DataMap.KeyPosition(line: 5, column: 1), ofKey: key(20))
        #expect(map.position(ofKey: key(0)) == DataMap.KeyPosition(line: 2, column: 3))
        #expect(map.position(ofKey: key(1)) == nil)
        #expect(map.position(ofKey: "absent") == nil)
        map[key(0)] = nil
        #expect(map.position(ofKey: key(20)) == DataMap.KeyPosition(line: 5, column: 1))
        #expect(map.removing([]).position(ofKey: key(20)) == nil)
    }

    private func key(_ number: Int) -> String { "key\(number)" }
}
