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
        var key: [UInt8] = []
        key.reserveCapacity(text.utf8.count + 4)
        var digits: [UInt8] = []
        var pendingSpace = false
        func flushDigits() {
            guard !digits.isEmpty else { return }
            let significant = digits.drop { $0 == UInt8(ascii: "0") }
            let number = significant.isEmpty ? [UInt8(ascii: "0")] : Array(significant)
            key.append(UInt8(ascii: "0"))
            key.append(UInt8(min(number.count, 255)))
            key.append(contentsOf: number)
            digits.removeAll(keepingCapacity: true)
        }
        func take(_ byte: UInt8) {
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte >= 0x80
            guard isDigit || isLetter else {
                flushDigits()
                pendingSpace = !key.isEmpty
                return
            }
            if pendingSpace { key.append(UInt8(ascii: " ")) }
            pendingSpace = false
            if isDigit {
                digits.append(byte)
            } else {
                flushDigits()
                key.append(byte < 0x80 ? byte | 0x20 : byte)
            }
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                take(UInt8(scalar.value))
            } else if let spelling = LatinFolding.spellings[scalar] {
                spelling.utf8.forEach(take)
            } else {
                for part in String(scalar).lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
                    switch part.properties.generalCategory {
                    case .nonspacingMark, .spacingMark, .enclosingMark: continue
                    default:
                        if part.isASCII {
                            take(UInt8(part.value))
                        } else if part.properties.isAlphabetic {
                            String(part).utf8.forEach(take)
                        } else {
                            take(UInt8(ascii: " "))
                        }
                    }
                }
            }
        }
        flushDigits()
        return key
    }

    /// Whether `a` comes before `b` in byte order.
    public static func less(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.lexicographicallyPrecedes(b)
    }
}
