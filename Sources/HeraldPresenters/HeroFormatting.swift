import HeraldCore

/// How the catalog writes a hero's facts: labels from field names, numbers, initials, colours.
enum HeroFormatting {
    static func alignmentClass(_ alignment: String?) -> String {
        switch alignment?.lowercased() {
        case "good": "good"
        case "bad", "evil": "bad"
        case "neutral": "neutral"
        default: "unknown"
        }
    }

    /// `eyeColor` → "Eye color", `first_appearance` → "First appearance", `APPEARANCES` → "Appearances";
    /// a word of two capitals is an abbreviation and stays one (`HP`, `base_ID` → "Base ID"); a key
    /// of words with spaces, not all in capitals, was written for people (`Sp. Attack`) and is kept.
    static func label(_ key: String) -> String {
        if key.contains(" "), key.contains(where: \.isLowercase) {
            return key.prefix(1).uppercased() + key.dropFirst()
        }
        var words: [String] = []
        var current = ""
        for character in key {
            if character == "_" || character == "-" || character == " " || character == "." {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase, let last = current.last, last.isLowercase || last.isNumber {
                words.append(current)
                current = String(character)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        let sentence = words.map { word in
            word.count == 2 && word.allSatisfy { $0.isUppercase } ? word : word.lowercased()
        }.joined(separator: " ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst()
    }

    /// A label inside a sentence: "Primary attribute" → "primary attribute"; an acronym such as
    /// "HP" stays as it is.
    static func inSentence(_ label: String) -> String {
        let start = label.prefix(2)
        guard start.count == 2, start.last?.isUppercase == false else { return label }
        return label.prefix(1).lowercased() + label.dropFirst()
    }

    /// Whole numbers without a decimal point, others with at most one decimal.
    static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return String((value * 10).rounded() / 10)
    }

    /// The first letters of the first two words that start with a letter: "Jean-Luc Picard" → "JL".
    static func initials(_ name: String) -> String {
        // Most names are ASCII, read in the string's own storage here: Characters break graphemes,
        // and even the UTF-8 view goes through generic code, for every card on every page.
        var name = name
        // Two letters at most, kept in two bytes; nil when the name is not all ASCII.
        let ascii: (UInt8, UInt8)? = name.withUTF8 { bytes in
            var letters: (UInt8, UInt8) = (0, 0)
            var wordStart = true
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") {
                    wordStart = true
                    continue
                }
                if wordStart, letters.1 == 0, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) {
                    if letters.0 != 0 { letters.1 = byte & ~0x20 } else { letters.0 = byte & ~0x20 }
                }
                wordStart = false
            }
            return letters
        }
        if let letters = ascii {
            let count = letters.0 == 0 ? 0 : letters.1 == 0 ? 1 : 2
            return String(unsafeUninitializedCapacity: count) { bytes in
                if count > 0 { bytes[0] = letters.0 }
                if count > 1 { bytes[1] = letters.1 }
                return count
            }
        }
        let words = name.split(whereSeparator: { $0 == " " || $0 == "-" }).filter { $0.first?.isLetter == true }
        return String(words.prefix(2).compactMap(\.first)).uppercased()
    }

    /// A stable colour per hero from a palette that keeps white initials readable.
    static func color(for slug: String) -> String {
        let palette = ["#2754c5", "#7a3fb0", "#1e7a3c", "#b3261e", "#8a5a00", "#006a78", "#9c2f6b", "#4d5b7c"]
        var slug = slug
        // Hashed in the string's storage: through the UTF-8 view, each byte went through generic code.
        return palette[Int(slug.withUTF8 { FNV1a.hash32($0) } % UInt32(palette.count))]
    }

    /// A link a page writes as it is: a URL, or a path from the server's root (an `image_base:`
    /// such as `/media/`); anything else is a site route, linked from the page's depth.
    static func isAbsolute(_ link: String) -> Bool {
        link.hasPrefix("http://") || link.hasPrefix("https://") || link.hasPrefix("/")
    }
}
