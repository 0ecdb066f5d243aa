import Foundation

/// URL- and folder-safe names: derived ones are folded to ASCII, explicit ones are checked but
/// never changed, because a user who wrote a slug expects that exact URL.
public enum Slug {
    // Letters that canonical decomposition does not split into a base letter and a mark.
    private static let foldedLetters: [Character: String] = [
        "ß": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d",
        "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ł": "l", "Ł": "l", "ı": "i", "ħ": "h", "Ħ": "h",
    ]

    /// `Soldier: 76` → `soldier-76`, `Lúcio` → `lucio`, `Torbjörn` → `torbjorn`; empty when
    /// nothing ASCII is left (a name in another script).
    public static func make(from text: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in text {
            for scalar in (foldedLetters[character] ?? String(character)).decomposedStringWithCanonicalMapping.unicodeScalars {
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark:
                    continue
                default:
                    break
                }
                if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    if pendingDash, !slug.isEmpty { slug.append("-") }
                    pendingDash = false
                    slug.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
                } else {
                    pendingDash = true
                }
            }
        }
        return slug
    }

    /// Why `slug` cannot name a folder of its own (`it contains '/'`); nil when it can.
    public static func problem(with slug: String) -> String? {
        if slug.isEmpty { return "it is empty" }
        if slug.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "it contains a control character"
        }
        if slug.contains("/") { return "it contains '/'" }
        if slug.contains("\\") { return "it contains '\\'" }
        if slug.contains("..") { return "it contains '..'" }
        if slug.hasPrefix(".") { return "it starts with '.'" }
        return nil
    }
}
