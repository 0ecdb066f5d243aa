/// The ASCII spellings of Latin letters that canonical decomposition leaves whole (`ß` → `ss`,
/// `Ø` → `o`, `ħ` → `h`), so that page slugs and heading ids fold them alike.
public enum LatinFolding {
    /// Letter → its lowercase ASCII spelling.
    public static let spellings: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
        "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ł": "l", "Ł": "l",
        "ı": "i", "ħ": "h", "Ħ": "h"
    ]
}
