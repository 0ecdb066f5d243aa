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
        url.deletingPathExtension().lastPathComponent
    }
}
