import Foundation
import HeraldCore

/// Turns a heading's text into the id of its anchor: `Café & Co` → `cafe-co`.
enum HeadingID {
    /// Lowercase letters and digits, accents folded to ASCII, every run of anything else one `-`.
    ///
    /// Letters with no ASCII spelling (Cyrillic, Greek, CJK…) are kept lowercased rather than
    /// dropped, so headings in those scripts still get distinct, readable ids; HTML ids and URL
    /// fragments allow them. Apostrophes vanish instead of splitting a word, so `Don't` gives
    /// `dont` whether or not smart punctuation curled it.
    static func make(_ text: String) -> String {
        // Built as UTF-8 bytes: a heading's id costs one allocation, not one per character.
        var slug: [UInt8] = []
        slug.reserveCapacity(text.utf8.count)
        var separate = false
        func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
            if separate, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
            separate = false
            slug.append(contentsOf: bytes)
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9":
                append(CollectionOfOne(UInt8(scalar.value)))
            case "A"..."Z":
                append(CollectionOfOne(UInt8(scalar.value) + 0x20))
            case "'", "\u{2019}":
                continue
            default:
                if let word = spelling(of: scalar) {
                    if !word.isEmpty { append(word.utf8) }
                } else {
                    separate = true
                }
            }
        }
        return slug.isEmpty ? "section" : String(decoding: slug, as: UTF8.self)
    }

    /// What a scalar other than an ASCII letter, digit or apostrophe adds to a slug: nil for a
    /// separator, nothing for a combining mark.
    private static func spelling(of scalar: Unicode.Scalar) -> String? {
        if scalar.isASCII { return nil }
        // One category lookup sorts the scalar: most non-ASCII in headings is punctuation
        // (curly quotes, dashes), which only separates words.
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return ""
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return folded(scalar)
        default:
            return nil
        }
    }

    /// A letter or digit without its accents, lowercased.
    private static func folded(_ scalar: Unicode.Scalar) -> String {
        if let folded = LatinFolding.spellings[scalar] { return folded }
        // `applyingTransform` (ICU's Latin-ASCII) is not on Linux. A canonical decomposition
        // splits `é` into `e` and a combining accent, which is then dropped.
        let parts = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
        var word = ""
        for part in parts where !isMark(part) {
            word += LatinFolding.spellings[part] ?? part.properties.lowercaseMapping
        }
        return word
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

}

/// Hands out heading ids so that no two headings of a document share one.
struct HeadingIDs {
    private var used: Set<String> = []
    /// The next suffix to try for a slug, so a page with many equal headings stays linear.
    private var nextSuffix: [String: Int] = [:]

    /// `slug` itself when free, else `slug-1`, `slug-2`… skipping any id an earlier heading took,
    /// so `A`, `A-1`, `A` give `a`, `a-1`, `a-2`.
    mutating func claim(_ slug: String) -> String {
        if used.insert(slug).inserted { return slug }
        var suffix = nextSuffix[slug, default: 1]
        while used.contains("\(slug)-\(suffix)") { suffix += 1 }
        let id = "\(slug)-\(suffix)"
        used.insert(id)
        nextSuffix[slug] = suffix + 1
        return id
    }
}
