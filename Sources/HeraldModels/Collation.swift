import Foundation
import HeraldCore

/// The order a person reads names in: case and accents ignored, leading punctuation ignored
/// (`'Spinner` under S), and numbers by value (`Agent 7` before `Agent 10`).
public enum Collation {
    /// A key whose byte order is that order. Letters are folded to lowercase ASCII where they
    /// have an ASCII spelling; every run of other characters that are not letters or digits is
    /// one space; a run of digits is a marker, its length and its digits without leading zeros,
    /// so that a longer number is a larger one. Numbers sort before words.
    public static func key(_ text: String) -> [UInt8] {
        // Most names are ASCII: read byte by byte from the string's own storage, without
        // decoding a scalar at a time or going through the view's iterator.
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> [UInt8]? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var key = CollationKey(capacity: bytes.count + 4)
            for byte in bytes { key.take(byte) }
            key.flushDigits()
            return key.bytes
        }
        if let ascii = ascii ?? nil { return ascii }
        var key = CollationKey(capacity: text.utf8.count + 4)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                key.take(UInt8(scalar.value))
            } else if let spelling = LatinFolding.spellings[scalar] {
                for byte in spelling.utf8 { key.take(byte) }
            } else {
                for part in String(scalar).lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
                    switch part.properties.generalCategory {
                    case .nonspacingMark, .spacingMark, .enclosingMark: continue
                    default:
                        if part.isASCII {
                            key.take(UInt8(part.value))
                        } else if part.properties.isAlphabetic {
                            for byte in String(part).utf8 { key.take(byte) }
                        } else {
                            key.take(UInt8(ascii: " "))
                        }
                    }
                }
            }
        }
        key.flushDigits()
        return key.bytes
    }

    /// Whether `a` comes before `b` in byte order.
    public static func less(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.lexicographicallyPrecedes(b)
    }
}

/// `Collation.key` as it is made, a byte of text at a time.
private struct CollationKey {
    private(set) var bytes: [UInt8] = []
    /// Where the run of digits being read starts in `bytes`, while there is one.
    private var digitsStart: Int?
    private var pendingSpace = false

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func take(_ byte: UInt8) {
        let isDigit = byte &- UInt8(ascii: "0") < 10
        let isLetter = (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte >= 0x80
        guard isDigit || isLetter else {
            flushDigits()
            pendingSpace = !bytes.isEmpty
            return
        }
        if pendingSpace { bytes.append(UInt8(ascii: " ")) }
        pendingSpace = false
        if isDigit {
            if digitsStart == nil { digitsStart = bytes.count }
            bytes.append(byte)
        } else {
            flushDigits()
            bytes.append(byte < 0x80 ? byte | 0x20 : byte)
        }
    }

    /// Ends a run of digits: a marker, the number of digits and the digits without leading
    /// zeros (at least one), so that a longer number is a larger one.
    mutating func flushDigits() {
        guard let start = digitsStart else { return }
        digitsStart = nil
        var first = start
        while first < bytes.count - 1, bytes[first] == UInt8(ascii: "0") { first += 1 }
        let head = (UInt8(ascii: "0"), UInt8(min(bytes.count - first, 255)))
        withUnsafeBytes(of: head) { bytes.replaceSubrange(start..<first, with: $0) }
    }
}
