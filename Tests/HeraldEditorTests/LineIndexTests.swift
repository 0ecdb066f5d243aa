@testable import HeraldEditor
import Testing

@Test func lineIndexTurnsScalarColumnsIntoByteOffsets() {
    let lines = LineIndex(Array("ab\r\nçé: x\nlast".utf8))
    #expect(lines.count == 3)
    #expect(lines.lineEnding == [13, 10])
    #expect(lines.offset(line: 2, column: 3) == 8)  // after "çé", two bytes each
    #expect(lines.offset(line: 2, column: 99) == nil)
    #expect(lines.content(ofLine: 1) == 0..<2)
    #expect(lines.whole(line: 1) == 0..<4)
    #expect(lines.content(ofLine: 3) == 12..<16)
}
