import Foundation

/// Turns a heading's text into the id of its anchor: `Café & Co` → `cafe-co`.
enum Slug {
    /// Lowercase letters and digits, accents folded to ASCII, every run of anything else one `-`.
    ///
    /// Letters with no ASCII spelling (Cyrillic, Greek, CJK…) are kept lowercased rather than
    /// dropped, so headings in those scripts still get distinct, readable ids; HTML ids and URL
    /// fragments allow them. Apostrophes vanish instead of splitting a word, so `Don't` gives
    /// `dont` whether or not smart punctuation curled it.
    static func make(_ text: String) -> String {
        // `applyingTransform` (ICU's Latin-ASCII) is not on Linux: a canonical decomposition splits
        // `é` into `e` and a combining accent, and the accent is then dropped below.
        let scalars = text.utf8.allSatisfy { $0 < 0x80 }
            ? text.unicodeScalars
            : text.decomposedStringWithCanonicalMapping.unicodeScalars
        var slug = ""
        var separate = false
        for scalar in scalars {
            let word: String
            switch scalar {
            case "a"..."z", "0"..."9":
                word = String(scalar)
            case "A"..."Z":
                word = String(Unicode.Scalar(UInt8(scalar.value) + 0x20))
            case "'", "\u{2019}":
                continue
            default:
                if scalar.isASCII {
                    separate = true
                    continue
                }
                let properties = scalar.properties
                switch properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark:
                    continue
                default:
                    break
                }
                if let folded = foldings[scalar] {
                    word = folded
                } else if properties.isAlphabetic || properties.numericType != nil {
                    word = properties.lowercaseMapping
                } else {
                    separate = true
                    continue
                }
            }
            if separate, !slug.isEmpty { slug.append("-") }
            separate = false
            slug.append(word)
        }
        return slug.isEmpty ? "section" : slug
    }

    /// Latin letters that decomposition leaves alone but that have a usual ASCII spelling.
    private static let foldings: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
        "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "ł": "l", "Ł": "l", "þ": "th", "Þ": "th", "ı": "i",
    ]
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
