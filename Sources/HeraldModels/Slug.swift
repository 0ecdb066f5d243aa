import Foundation
import HeraldCore

/// URL- and folder-safe names: derived ones are folded to ASCII, explicit ones are checked but
/// never changed, because a user who wrote a slug expects that exact URL.
public enum Slug {
    /// `Soldier: 76` → `soldier-76`, `Lúcio` → `lucio`, `Torbjörn` → `torbjorn`; empty when
    /// nothing ASCII is left (a name in another script).
    public static func make(from text: String) -> String {
        var slug: [UInt8] = []
        slug.reserveCapacity(text.utf8.count)
        var pendingDash = false
        func take(_ scalar: Unicode.Scalar) {
            guard scalar.isASCII else {
                // Marks left by decomposition vanish; any other non-ASCII scalar separates words.
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: return
                default: pendingDash = true; return
                }
            }
            var byte = UInt8(scalar.value)
            let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
            let isLower = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard isUpper || isLower || isDigit else { pendingDash = true; return }
            if isUpper { byte += 32 }
            if pendingDash, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
            pendingDash = false
            slug.append(byte)
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                take(scalar)
            } else {
                // Only non-ASCII letters pay for the fold table and canonical decomposition.
                let folded = LatinFolding.spellings[scalar] ?? String(scalar).decomposedStringWithCanonicalMapping
                for part in folded.unicodeScalars { take(part) }
            }
        }
        return String(decoding: slug, as: UTF8.self)
    }

    /// Why `slug` cannot be a page's folder and URL path segment (`it contains ':'`); nil when it can.
    ///
    /// A slug is written into links as it is, so only what a URL path segment may hold as itself
    /// is allowed (RFC 3986's unreserved characters and sub-delimiters, and `@`; letters and
    /// digits of any script). Anything else could end the path (`?`, `#`), be read as a scheme
    /// (`javascript:`), an escape (`%`) or a folder (`/`), or break a link outright (a space).
    public static func problem(with slug: String) -> String? {
        if slug.isEmpty { return "it is empty" }
        if slug.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "it contains a control character"
        }
        if slug.contains("/") { return "it contains '/'" }
        if slug.contains("\\") { return "it contains '\\'" }
        if slug.contains("..") { return "it contains '..'" }
        if slug.hasPrefix(".") { return "it starts with '.'" }
        if let bad = slug.unicodeScalars.first(where: { !isAllowed($0) }) {
            let shown = bad == " " ? "a space" : "'\(bad)'"
            return "it contains \(shown), which has a meaning in a URL (\(safeCharacters) are safe)"
        }
        return nil
    }

    private static let safeCharacters = "letters, digits and -._~!$&'()*+,;=@"

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "~",
            "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "@":
            return true
        default:
            guard !scalar.isASCII else { return false }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .decimalNumber, .letterNumber, .otherNumber:
                return true
            default:
                return false
            }
        }
    }
}
