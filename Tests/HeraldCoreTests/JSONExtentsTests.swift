import HeraldCore
import Testing

/// The parser's own byte extents, which the JSON editor cuts and splices by: every member and
/// element exactly as written, escaped keys decoded, nothing recorded for a plain parse's caller.
@Suite struct JSONExtentsTests {
    private func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    @Test func membersAndElementsAreTheBytesAsWritten() throws {
        let bytes = Array(#"{ "a\u0062" : [1, "x,y" ,{"k":null}], "n":-1.5e3 }"#.utf8)
        let (document, extents) = try JSONParser.parseWithExtents(bytes, file: "t.json")
        #expect(document != nil)
        let object = try #require(extents.object(at: 0))
        #expect(object.close == bytes.count - 1)
        #expect(object.members.map(\.key) == ["ab", "n"])
        let list = object.members[0]
        #expect(text(bytes, list.keyStart..<list.keyEnd) == #""a\u0062""#)
        #expect(text(bytes, list.valueStart..<list.valueEnd) == #"[1, "x,y" ,{"k":null}]"#)
        #expect(text(bytes, object.members[1].span) == #""n":-1.5e3"#)
        let array = try #require(extents.array(at: list.valueStart))
        #expect(array.elements.map { text(bytes, $0) } == ["1", #""x,y""#, #"{"k":null}"#])
        #expect(bytes[array.close] == UInt8(ascii: "]"))
        let inner = try #require(extents.object(at: array.elements[2].lowerBound))
        #expect(inner.members.map { text(bytes, $0.span) } == [#""k":null"#])
    }

    @Test func emptyContainersHaveTheirClosingOffsetAndNoItems() throws {
        let bytes = Array("[ {}, [\n] ]".utf8)
        let (_, extents) = try JSONParser.parseWithExtents(bytes, file: "t.json")
        let outer = try #require(extents.array(at: 0))
        #expect(outer.elements.map { text(bytes, $0) } == ["{}", "[\n]"])
        #expect(extents.object(at: 2)?.members.isEmpty == true && extents.object(at: 2)?.close == 3)
        #expect(extents.array(at: 6)?.elements.isEmpty == true && extents.array(at: 6)?.close == 8)
        #expect(extents.object(at: 1) == nil && extents.array(at: 2) == nil)
    }
}
