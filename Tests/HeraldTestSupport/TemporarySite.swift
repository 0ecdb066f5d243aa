import Foundation
import Testing

/// A site folder in a fresh temporary folder of its own, deleted when the last reference goes.
public final class TemporarySite: Sendable {
    /// The temporary folder; the site folder is `root/site`, so tests can look around it too.
    public let root: URL
    public let folder: URL
    /// Where a build writes when no `--output` is given.
    public var output: URL { url("Output") }

    public init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-tests-\(UUID().uuidString)")
        folder = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A site folder holding `files` (path → text) only.
    public convenience init(_ files: [String: String]) throws {
        try self.init()
        for (path, text) in files { try write(path, text) }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Every path a test names is relative to the site folder.
    public func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

    public func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    /// Writes `bytes` at `path`, making the folders on the way.
    public func write(_ path: String, _ bytes: Data) throws {
        let file = url(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file)
    }

    /// Copies a file or folder from elsewhere (the real data sets, the repository) to `path`.
    public func copy(_ source: URL, to path: String) throws {
        let file = url(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: file)
    }

    public func read(_ path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }

    public func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url(path).path)
    }

    public func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: url(path))
    }

    /// Replaces the one occurrence of `old` in the file at `path`; more or none is a failure, so
    /// that a test cannot edit something other than it meant to.
    public func edit(
        _ path: String, replacing old: String, with new: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let text = try read(path)
        try #require(
            text.components(separatedBy: old).count == 2, "'\(old)' should occur once in \(path)",
            sourceLocation: sourceLocation)
        try write(path, text.replacingOccurrences(of: old, with: new))
    }
}
