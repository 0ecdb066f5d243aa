/// The URLs of a `srcset` attribute (`small.jpg 480w, large.jpg 2x`), by the HTML spec's
/// candidate-parsing rules: a URL runs to the next whitespace, trailing commas end it, and a
/// candidate's descriptors run to the next comma outside parentheses.
enum SrcSet {
    static func urls(_ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) -> [Range<Int>] {
        var urls: [Range<Int>] = []
        var index = value.lowerBound
        let end = value.upperBound
        while index < end {
            while index < end, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index += 1 }
            guard index < end else { break }
            let start = index
            while index < end, !isSpace(bytes[index]) { index += 1 }
            var stop = index
            var endedByComma = false
            while stop > start, bytes[stop - 1] == UInt8(ascii: ",") {
                stop -= 1
                endedByComma = true
            }
            if stop > start { urls.append(start..<stop) }
            if endedByComma { continue }
            var depth = 0
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "(") { depth += 1 }
                if byte == UInt8(ascii: ")") { depth = max(0, depth - 1) }
                if byte == UInt8(ascii: ","), depth == 0 { break }
                index += 1
            }
        }
        return urls
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C || byte == 0x0D
    }
}
