import HeraldMustache
import Testing

@Test func aMapFindsEachKeyItHoldsAndNoOther() {
    var map = TemplateMap()
    let keys = (0..<200).map { "key_\($0)" }
    for (number, key) in keys.enumerated() {
        map[key] = .int(number)
        #expect(map.count == number + 1)
        #expect(map[key] == .int(number))
        #expect(map["key_\(number + 1)"] == nil)
    }
    for (number, key) in keys.enumerated() { #expect(map[key] == .int(number)) }
    #expect(map.keys == keys)
    map["key_7"] = "seven"
    #expect(map["key_7"] == "seven")
    #expect(map.count == 200)
    map["key_7"] = nil
    #expect(map["key_7"] == nil)
    #expect(map["key_8"] == .int(8))
    #expect(map.count == 199)
}

@Test func keysThatSwiftHoldsEqualAreOneKeyWhateverTheirBytes() throws {
    // A Kelvin sign is canonically a `K`, and a decomposed `é` an `é`: Swift holds the texts equal,
    // though their bytes (and byte hashes) differ.
    var map: TemplateMap = ["Kelvin": 1, "caf\u{E9}": 2]
    #expect(map["\u{212A}elvin"] == 1)
    #expect(map["cafe\u{301}"] == 2)
    map["\u{212A}elvin"] = 3
    #expect(map.count == 2)
    #expect(map["Kelvin"] == 3)
    let page = try render("{{KK}} {{caf\u{E9}}}", ["K\u{212A}": "kelvin", "cafe\u{301}": "decomposed"])
    #expect(page == "kelvin decomposed")
}

@Test func mapsAreEqualAndHashAlikeInAnyOrderOfTheirKeys() {
    let one: TemplateMap = ["a": 1, "b": ["c": "d"], "e": [1, 2]]
    let other: TemplateMap = ["e": [1, 2], "b": ["c": "d"], "a": 1]
    #expect(one == other)
    #expect(one.hashValue == other.hashValue)
    #expect(one != ["a": 1, "b": ["c": "d"], "e": [2, 1]])
    #expect(one != ["a": 1, "b": ["c": "d"]])
    // A repeated key in a literal keeps its last value, as a later assignment would.
    let repeated: TemplateValue = ["a": 1, "a": 2]
    #expect(repeated == ["a": 2])
}

@Test func aNameMissingFromTheInnerMapIsFoundInTheOuterOne() throws {
    // Names of the outer map share the inner map's bit, or not: both are found where they are.
    let inner = TemplateValue.map(TemplateMap((0..<40).map { ("inner\($0)", .int($0)) }))
    let outer: TemplateValue = ["items": [inner], "title": "Outer", "inner3": "shadowed"]
    let page = try render("{{#items}}{{title}} {{inner3}} {{inner39}}{{/items}}", outer)
    #expect(page == "Outer 3 39")
}

@Test func aMapMadeFromHashedKeysIsTheMapItsLiteralWouldBe() throws {
    let keys = TemplateMap.Keys("name", "caf\u{E9}", "count")
    var map = TemplateMap(keys, "Storm", "decaf", .int(3), capacity: 8)
    #expect(map == ["name": "Storm", "caf\u{E9}": "decaf", "count": 3])
    #expect(map.keys == ["name", "caf\u{E9}", "count"])
    // Found by any spelling Swift holds equal, set again in place, and grown past its keys.
    #expect(map["cafe\u{301}"] == "decaf")
    map["count"] = 4
    map["href"] = "storm/index.html"
    #expect(map.count == 4)
    #expect(map["count"] == 4)
    #expect(map["href"] == "storm/index.html")
    #expect(map["nothing"] == nil)
    let page = try render("{{name}} {{count}} {{href}}", .map(map))
    #expect(page == "Storm 4 storm/index.html")
}

@Test func aMapOfTwoHashedKeysIsTheMapItsLiteralWouldBe() throws {
    let keys = TemplateMap.Keys("text", "caf\u{E9}")
    var map = TemplateMap(keys, "Storm", .null)
    #expect(map == ["text": "Storm", "caf\u{E9}": nil])
    #expect(map["cafe\u{301}"] == .null)
    map["href"] = "storm/index.html"
    #expect(try render("{{text}} {{href}}", .map(map)) == "Storm storm/index.html")
}
