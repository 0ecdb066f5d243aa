import Foundation
import HeraldCore
import Synchronization

/// Models decoded from each file, kept from one build of `herald serve` to the next: a file whose
/// inode, size and modification time are unchanged is neither read nor decoded again, so saving
/// one hero of 10,000 costs one file. A build keeps them by the hash of the file's bytes instead,
/// and saves its heroes for the next build (`DecodedArchive`). Valid for one config: make a new one
/// when herald.yml changes.
public final class DecodedFiles: Sendable {
    fileprivate struct Entry: @unchecked Sendable {
        /// What the dev server checks; nil for an entry checked by `digest`.
        var stamp: FileStamp?
        /// The hash of the bytes the models were decoded from, when a build knew it.
        var digest: UInt64?
        // The models of one file, in a `Box<Model>` of the loader that stored them (the key
        // names it): a class is told from another by one comparison, where casting `Any` to an
        // array type costs a search of the runtime's tables, once per file of 10,000.
        var models: AnyObject
        var problems: [Diagnostic]
        /// How many records the file had, and comment lines it skipped, for the source's tally.
        var records: Int
        var comments: Int
        /// The models as an archive held them (`DecodedArchive`), to be written again as they are.
        var archived: ArraySlice<UInt8>? = nil
        /// Whether this build asked for the file's models: an archived entry of a file since
        /// removed or renamed is not saved again.
        var used = false
    }

    /// One file's models and problems, the number of its records and of the comment lines skipped.
    public typealias Decoded<Model> = (models: [Model], problems: [Diagnostic], records: Int, comments: Int)

    private final class Box<Model>: @unchecked Sendable {
        let models: [Model]
        init(_ models: [Model]) { self.models = models }
    }

    /// What names a loader's entries: its model and the format it reads, to which the loader adds
    /// what else of its spec changes a file's records (`SourceSpec.readerKey`). Made once per
    /// source and build (`models(of:kind:decode:)`), not per file.
    static func kind<Model>(of model: Model.Type, format: String) -> String {
        "\(Model.self)|\(format)|"
    }

    private let entries = Mutex<[String: Entry]>([:])
    /// For each loader's `Box` type: how many models of the files a build asked for it decoded
    /// itself, and how many it took from an archive (`outgrewArchive`).
    private let tallies = Mutex<[ObjectIdentifier: (fresh: Int, archived: Int)]>([:])
    /// For this build: the files known to have changed, and the folder outside which nothing is
    /// known; nil when every file's stamp is to be checked.
    private let trusted = Mutex<(changed: Set<String>, root: String)?>(nil)
    /// A folder or glob source's files and the folders listed to find them, with their stamps
    /// from before each was read. `since`, for a build's listing, is a second before it began:
    /// a folder changed within the same tick of the clock keeps its stamp, so a listing is trusted
    /// only when every folder's stamp is older. `made` when this process listed it.
    struct Listing: Sendable {
        var files: [SourceFile]
        var folders: [String: FileStamp?]
        var since: Int64?
        var made: Bool
    }

    /// The listings by source (`listing(_:_:)`'s key), with those an earlier build kept (`KeptListings`).
    let listings = Mutex<[String: Listing]>([:])

    /// Whether entries are checked by the hash of their file's bytes (a build's), rather than by
    /// the file's stamp (the dev server's).
    public let byDigest: Bool

    /// Models kept for the dev server, by file stamps; `byDigest` for a build, by the hash of
    /// the bytes each build reads.
    public init(byDigest: Bool = false) {
        self.byDigest = byDigest
    }

    /// Takes `changed` (absolute paths) as every file that changed under `root` since the last
    /// build: the others keep their models without being looked at. Nil checks every file.
    public func trust(changed: Set<String>?, under root: String) {
        trusted.withLock { $0 = changed.map { ($0, root.hasSuffix("/") ? root : root + "/") } }
    }

    /// Whether a path has no empty, `.` or `..` component: spelled the one way a watcher spells it.
    /// Bytes, not `String.contains`, which goes through NSString on Linux (slower than a stat).
    /// Read from the string's storage: through the UTF-8 view, a byte at a time, it cost more
    /// than finding the file's entry.
    static func isPlain(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var length = 0
            var dots = 0
            for byte in bytes.dropFirst() {
                if byte == UInt8(ascii: "/") {
                    if length == 0 || dots == length && length <= 2 { return false }
                    (length, dots) = (0, 0)
                } else {
                    length += 1
                    if byte == UInt8(ascii: ".") { dots += 1 }
                }
            }
            return !(length == 0 || dots == length && length <= 2)
        }
    }

    /// The files of a folder or glob source, listed again only when one of the folders listed
    /// last time changed (its modification time moves when an entry is added, removed or renamed).
    func listing(
        _ key: String, _ list: () throws(DiagnosticError) -> (files: [SourceFile], folders: [String: FileStamp?])
    )
        throws(DiagnosticError) -> [SourceFile]
    {
        if let known = listings.withLock({ $0[key] }), Self.isCurrent(known) { return known.files }
        let since = byDigest ? Int64((Date().timeIntervalSince1970 - 1) * 1_000_000_000) : nil
        let (files, folders) = try list()
        listings.withLock { $0[key] = Listing(files: files, folders: folders, since: since, made: true) }
        return files
    }

    /// Whether every folder `listing` walked has its stamp still; for a build's listing, its status
    /// change time too, and both older than its `since`.
    private static func isCurrent(_ listing: Listing) -> Bool {
        !listing.folders.isEmpty
            && listing.folders.allSatisfy { path, stamp in
                guard let now = FileStamp(path: path), now == stamp else { return false }
                guard let since = listing.since else { return true }
                return now.changed == stamp?.changed && now.latest < since
            }
    }

    /// The decoded models of `file` for the loader of `Model` and `format`, made by `decode`
    /// unless the file is unchanged since they were last made; `kept` tells which. `digest` is
    /// the hash of the file's bytes as the build read them, when the build is one (it is asked
    /// again after `decode`, which may be what reads them); nil for the dev server, which
    /// looks at stamps.
    func models<Model>(
        of file: SourceFile, kind: String, digest: (() -> UInt64?)?,
        decode: () -> Decoded<Model>
    ) -> (decoded: Decoded<Model>, kept: Bool) {
        let path = file.fullPath
        let key = kind + path
        if let digest {
            let known = digest()
            // One search of the entries, where a test, a mark and a read would hash the key thrice.
            let kept = entries.withLock { entries -> Entry? in
                guard let known, let index = entries.index(forKey: key), entries.values[index].digest == known else {
                    return nil
                }
                entries.values[index].used = true
                return entries.values[index]
            }
            if let kept, type(of: kept.models) == Box<Model>.self {
                let box = unsafeDowncast(kept.models, to: Box<Model>.self)
                if kept.archived != nil {
                    tallies.withLock {
                        $0[ObjectIdentifier(Box<Model>.self), default: (0, 0)].archived += box.models.count
                    }
                }
                return ((box.models, kept.problems, kept.records, kept.comments), true)
            }
            let decoded = decode()
            tallies.withLock { $0[ObjectIdentifier(Box<Model>.self), default: (0, 0)].fresh += decoded.models.count }
            let entry = Entry(
                digest: digest(), models: Box(decoded.models), problems: decoded.problems,
                records: decoded.records,
                comments: decoded.comments, used: true)
            entries.withLock { $0[key] = entry }
            return (decoded, false)
        }
        // A path spelled another way than the watcher spells it (`./`, `..`, another root) is
        // looked at: the watcher and the loaders spell a path alike, compared byte for byte.
        if let (changed, root) = trusted.withLock({ $0 }), path.startsWithBytes(of: root), !changed.contains(path),
            Self.isPlain(path),
            let entry = entries.withLock({ $0[key] }), type(of: entry.models) == Box<Model>.self
        {
            let box = unsafeDowncast(entry.models, to: Box<Model>.self)
            return ((box.models, entry.problems, entry.records, entry.comments), true)
        }
        // Taken before the file is read: a change during the read shows as a new stamp next time.
        guard let stamp = FileStamp(path: path) else { return (decode(), false) }
        if let entry = entries.withLock({ $0[key] }), entry.stamp == stamp, type(of: entry.models) == Box<Model>.self {
            let box = unsafeDowncast(entry.models, to: Box<Model>.self)
            return ((box.models, entry.problems, entry.records, entry.comments), true)
        }
        let decoded = decode()
        let entry = Entry(
            stamp: stamp, models: Box(decoded.models), problems: decoded.problems,
            records: decoded.records,
            comments: decoded.comments)
        entries.withLock { $0[key] = entry }
        return (decoded, false)
    }

    /// Every entry of `Model` this build used, kept by the hash of its file's bytes, without
    /// problems: what a build saves for the next (`DecodedArchive`), by key (the loader's kind
    /// and the path).
    func kept<Model>(_ model: Model.Type) -> [(
        key: String, digest: UInt64, records: Int, comments: Int, models: [Model], archived: ArraySlice<UInt8>?
    )] {
        entries.withLock { entries in
            entries.compactMap { key, entry in
                guard entry.used, let digest = entry.digest, entry.problems.isEmpty,
                    let box = entry.models as? Box<Model>
                else {
                    return nil
                }
                return (key, digest, entry.records, entry.comments, box.models, entry.archived)
            }
        }
    }

    /// Whether this build decoded enough models of `Model` itself (not taken from an archive)
    /// that saving them for the next build pays: more than one in 64 of those it took from the
    /// archive.
    func outgrewArchive<Model>(_ model: Model.Type) -> Bool {
        let tally = tallies.withLock { $0[ObjectIdentifier(Box<Model>.self)] } ?? (fresh: 0, archived: 0)
        return tally.fresh > tally.archived / 64
    }

    /// Forgets every entry (a build's, once it saved them for the next) and hands them to the
    /// caller, to be released where it chooses rather than by whoever holds this object last.
    @discardableResult
    public func removeAll() -> Forgotten {
        tallies.withLock { $0 = [:] }
        return Forgotten(
            entries: entries.withLock { entries in
                defer { entries = [:] }
                return entries
            })
    }

    /// Entries `removeAll` took out, released with the last copy of this.
    public struct Forgotten: Sendable {
        fileprivate let entries: [String: Entry]
    }

    /// Takes `models` as those decoded from the bytes with hash `digest` of the entry `key`
    /// (the loader's kind and the path), as an earlier build saved them in `archived`.
    func keep<Model>(
        _ models: [Model], key: String, digest: UInt64, records: Int, comments: Int, archived: ArraySlice<UInt8>
    ) {
        let entry = Entry(
            digest: digest, models: Box(models), problems: [], records: records,
            comments: comments,
            archived: archived)
        entries.withLock { $0[key] = entry }
    }
}
