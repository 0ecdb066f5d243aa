import Foundation

/// One file of a source: where it is on disk, and the path diagnostics name, as the user wrote it.
public struct SourceFile: Sendable, Hashable {
    public var url: URL
    /// Relative to the site folder (`Content/tasks.todo.txt`); this is `Record.location.file`.
    public var path: String

    public init(url: URL, path: String) {
        self.url = url
        self.path = path
    }

    /// The file's name without its extension: `Content/heroes/batman.md` → `batman`.
    public var baseName: String {
        Self.baseName(of: path)
    }

    /// `baseName` of any path; plain string work, as it runs once per file of a big folder.
    static func baseName(of path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return String(name) }
        return String(name[..<dot])
    }
}
