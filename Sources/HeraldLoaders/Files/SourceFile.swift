import Foundation

/// One file of a source: where it is on disk, and the path diagnostics name, as the user wrote it.
public struct SourceFile: Sendable, Hashable {
    /// Where the file is on disk, as the file system is asked for it. A string, not a URL: a
    /// folder of 100,000 files costs more to turn into URLs and back than to list.
    public var fullPath: String
    /// Relative to the site folder (`Content/tasks.todo.txt`); this is `Record.location.file`.
    public var path: String

    public init(fullPath: String, path: String) {
        self.fullPath = fullPath
        self.path = path
    }

    public init(url: URL, path: String) {
        self.init(fullPath: url.path, path: path)
    }

    /// The name without its extension of the file at `path`: `Content/heroes/batman.md` → `batman`.
    static func baseName(of path: String) -> String {
        String(nameParts(of: path).base)
    }

    /// The last component of `path` split at its last dot: `a/b.c.md` → (`b.c`, `md`). A leading dot
    /// belongs to the name (`.hidden` has no extension). Plain string work: it runs once per file of a
    /// big folder.
    static func nameParts(of path: some StringProtocol) -> (base: Substring, extension: Substring) {
        // By UTF-8 bytes: a slash and a dot are one byte each, and no grapheme need be found.
        let slash = UInt8(ascii: "/")
        // The text after the last slash, trailing slashes left out; the whole when it is all slashes.
        var trimmed = Substring(path)
        while trimmed.utf8.last == slash { trimmed = trimmed[..<trimmed.utf8.index(before: trimmed.endIndex)] }
        let name =
            trimmed.isEmpty
            ? Substring(path)
            : trimmed.utf8.lastIndex(of: slash).map { trimmed[trimmed.utf8.index(after: $0)...] } ?? trimmed
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else {
            return (name, name[name.endIndex...])
        }
        return (name[..<dot], name[name.utf8.index(after: dot)...])
    }
}
