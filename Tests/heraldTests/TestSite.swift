import Foundation
import Testing

/// The instant every build here runs as: pages show "today", relative due dates and overdue
/// counts, so a fixed instant makes them reproducible.
let buildInstant = "2026-11-21T10:00:00Z"

/// A site folder inside a fresh temporary folder of its own, removed when the test lets go of it.
/// Builds run the `herald` binary in the site folder, as a user would.
final class TestSite: Sendable {
    /// The temporary folder; the site folder is `root/site`, so tests can look around it too.
    let root: URL
    let folder: URL
    var output: URL { folder.appendingPathComponent("Output") }

    /// The repository, which is itself the default site: this file is Tests/heraldTests/TestSite.swift.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-e2e-\(UUID().uuidString)")
        folder = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// A copy of the repository's own site: `herald.yml` and `Content/` (the theme is built in).
    static func defaultSite() throws -> TestSite {
        let site = try TestSite()
        for name in ["herald.yml", "Content"] {
            try FileManager.default.copyItem(at: repository.appendingPathComponent(name),
                                             to: site.folder.appendingPathComponent(name))
        }
        return site
    }

    /// A site made of `files` only (path in the site folder → text).
    static func with(_ files: [String: String]) throws -> TestSite {
        let site = try TestSite()
        for (path, text) in files { try site.write(path, text) }
        return site
    }

    func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

    func read(_ path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ bytes: Data) throws {
        let file = url(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file)
    }

    func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: url(path))
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url(path).path)
    }

    /// Replaces the one occurrence of `old` in the file at `path`.
    func edit(_ path: String, replacing old: String, with new: String,
              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try read(path)
        try #require(text.components(separatedBy: old).count == 2, "'\(old)' should occur once in \(path)",
                     sourceLocation: sourceLocation)
        try write(path, text.replacingOccurrences(of: old, with: new))
    }

    /// `herald arguments` run in the site folder.
    func herald(_ arguments: [String], environment: [String: String] = [:]) async throws -> CLI.Result {
        try await CLI.run(arguments, in: folder, environment: environment)
    }

    /// `herald build --now <buildInstant> arguments`.
    func build(_ arguments: [String] = []) async throws -> CLI.Result {
        try await herald(["build", "--now", buildInstant] + arguments)
    }

    /// Builds and requires success: the starting point of the tests that then change something.
    @discardableResult
    func buildOK(_ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws -> BuildSummary {
        let result = try await build(arguments)
        #expect(result.status == 0, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        return try #require(BuildSummary(result.output), "stdout: \(result.output)", sourceLocation: sourceLocation)
    }
}

/// The summary line of a build: `Built 10,004 pages (12 written, 9,992 unchanged, 3 removed) in 0.84 s`.
struct BuildSummary: Equatable {
    var pages: Int
    var written: Int
    var unchanged: Int
    var removed: Int
    var warnings: Int

    /// Parses stdout, which must be the summary line and nothing else.
    init?(_ stdout: String) {
        let pattern = #/Built ([0-9,]+) pages \(([0-9,]+) written, ([0-9,]+) unchanged, ([0-9,]+) removed(?:, ([0-9,]+) warnings?)?\) in [0-9]+\.[0-9]+ s\n/#
        guard let match = stdout.wholeMatch(of: pattern) else { return nil }
        func number(_ text: Substring) -> Int { Int(text.filter { $0 != "," }) ?? -1 }
        pages = number(match.1)
        written = number(match.2)
        unchanged = number(match.3)
        removed = number(match.4)
        warnings = match.5.map(number) ?? 0
    }
}

/// Every file (bytes and modification time) and folder (modification time) under a folder: what
/// "the output folder is exactly as it was" means. A missing folder is an empty snapshot.
struct TreeSnapshot: Equatable {
    struct Entry: Equatable {
        /// nil for a folder.
        var bytes: Data?
        var modified: Date
    }

    var entries: [String: Entry] = [:]

    init(_ folder: URL) throws {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return }
        while let relative = walker.nextObject() as? String {
            let path = folder.appendingPathComponent(relative).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let modified = try #require(attributes[.modificationDate] as? Date)
            let isFolder = attributes[.type] as? FileAttributeType == .typeDirectory
            entries[relative] = Entry(bytes: isFolder ? nil : try Data(contentsOf: URL(fileURLWithPath: path)),
                                      modified: modified)
        }
    }

    /// The files' paths, sorted.
    var files: [String] { entries.filter { $0.value.bytes != nil }.keys.sorted() }

    func text(_ path: String) -> String? {
        entries[path]?.bytes.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The files' bytes without times: what two builds into different folders should share.
    var contents: [String: Data] { entries.compactMapValues(\.bytes) }

    /// Files whose bytes differ from `earlier`, or that only one of the two has.
    func filesWithNewBytes(since earlier: TreeSnapshot) -> Set<String> {
        Set(contents.keys).union(earlier.contents.keys).filter { contents[$0] != earlier.contents[$0] }
    }

    /// Files present in both whose modification time differs.
    func filesWithNewTimes(since earlier: TreeSnapshot) -> Set<String> {
        Set(entries.keys.filter { path in
            guard let now = entries[path], now.bytes != nil, let then = earlier.entries[path] else { return false }
            return now.modified != then.modified
        })
    }
}
