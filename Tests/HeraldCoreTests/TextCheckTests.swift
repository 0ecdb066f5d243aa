import HeraldCore
import Testing

/// A NUL, a stray high byte or a good two-byte letter at every place in and around the first eight-
/// byte words: the check reads ASCII a word at a time and must find each where a byte-by-byte read would.
@Test(arguments: 0..<20)
func eachProblemIsFoundAtItsColumnWhereverItFallsInAWord(offset: Int) {
    let text = Array(repeating: UInt8(ascii: "a"), count: 24)
    let cases: [([UInt8], String?)] = [
        ([0x00], "t.txt:2:\(offset + 1): error: the file contains a NUL byte: it is binary, not UTF-8 text"),
        ([0xC0], "t.txt:2:\(offset + 1): error: the file is not UTF-8 text: invalid byte 0xC0"),
        ([0xC3, 0xA9], nil)
    ]
    for (inserted, expected) in cases {
        var bytes = Array("first line\n".utf8) + text
        bytes.insert(contentsOf: inserted, at: 11 + offset)
        do throws(DiagnosticError) {
            let valid = try TextCheck.validText(bytes, file: "t.txt")
            #expect(expected == nil)
            #expect(Array(valid) == bytes)
        } catch {
            #expect(error.diagnostics.map(\.description) == [expected ?? "no error"])
        }
    }
}
