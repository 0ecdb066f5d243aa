import Foundation
import Testing

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
            entries[relative] = Entry(
                bytes: isFolder ? nil : try Data(contentsOf: URL(fileURLWithPath: path)),
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
        Set(
            entries.keys.filter { path in
                guard let now = entries[path], now.bytes != nil, let then = earlier.entries[path] else { return false }
                return now.modified != then.modified
            })
    }
}
