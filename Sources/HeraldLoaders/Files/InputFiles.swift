import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HeraldCore
import Synchronization

/// One build's view of its input files, so that each is listed and read once: the up-to-date
/// check hashes the bytes it reads and keeps them, and the loaders then parse those same bytes;
/// or, when the build needs no up-to-date check (`hashingAsRead`), the loaders read each file
/// and its hash is kept instead, for the fingerprint made after loading, so that no more than a
/// file's bytes at a time are held. Either way a file edited during the build cannot make the
/// output disagree with the fingerprint. Shared by every copy of a `RecordLoader`; make a new one
/// per build.
public final class InputFiles: Sendable {
    private struct State {
        var listings: [String: [SourceFile]] = [:]
        var kept: [String: [UInt8]] = [:]
        /// Each file read while `hashingAsRead`, by full path: its hash and how many bytes it had.
        var hashes: [String: (hash: UInt64, size: Int)]?
        /// Folders the loaders read in, open, when the files are read as they are loaded.
        var folders: [Substring: Int32] = [:]
        /// Each file `readAndHash` read or knew unchanged, by full path: its hash and size.
        var digests: [String: (hash: UInt64, size: Int)] = [:]
        /// What the last build read (`know`), and a moment before it looked.
        var known: (files: KnownFiles, since: Int64)?
        /// The stamps of the files this build looked at already (`know`), by their paths' order.
        var looked: (paths: [String], stamps: [(size: Int, changed: Int64)?])?
        /// Of the files `readAndHash` was asked for since `know`: how many `known` named, and how
        /// many it read.
        var knownAsked = 0
        var reread = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// From now on, the hash and size of every file the loaders read are kept, and `readAndHash`
    /// and `sizes` give them without reading or looking at the file again.
    public func hashingAsRead() {
        state.withLock { $0.hashes = $0.hashes ?? [:] }
    }

    /// Takes `files` (full path → hash and size) as what the last build read, `since` as a moment
    /// before it looked: from now on `readAndHash` reads only the files that are new, of another
    /// size, or changed (or modified) since then, and takes the others' hashes as they were.
    /// `looked` are the `stamps` this build took of some files already, which then are not taken again.
    public func know(
        _ files: KnownFiles, since: Int64,
        looked: (paths: [String], stamps: [(size: Int, changed: Int64)?])? = nil
    ) {
        state.withLock { state in
            state.known = (files, since)
            state.looked = looked
        }
    }

    /// Whether what `know` was told is out of date enough to be worth telling the next build
    /// afresh: more than one in 64 of its files were read again (changed or touched since) or
    /// were not asked for (removed). True when it was told nothing. Files it did not know were
    /// read, so they count too.
    var outgrewKnown: Bool {
        state.withLock { state in
            guard let known = state.known else { return true }
            let stale = state.reread + max(0, known.files.count - state.knownAsked)
            return stale > known.files.count / 64
        }
    }

    /// The hash and size of each of `paths` that `readAndHash` read or knew unchanged, or that
    /// the loaders read; nil for the others.
    public func digests(_ paths: [String]) -> [(hash: UInt64, size: Int)?] {
        state.withLock { state in paths.map { state.digests[$0] ?? state.hashes?[$0] } }
    }

    /// The hash of the file at `path` as this build read it (or knew it unchanged), when it did.
    public func digest(of path: String) -> UInt64? {
        state.withLock { $0.digests[path]?.hash ?? $0.hashes?[path]?.hash }
    }

    /// Reads every file (by its full path) on all cores and returns its content hash, nil for a
    /// file that cannot be read (its loader then reports why); with `keeping`, the bytes stay for
    /// the loaders. A file `know` named, of the same size and unchanged since, is not read.
    public func readAndHash(_ paths: [String], keeping: Bool = true) -> [UInt64?] {
        if let known = state.withLock({ $0.known }), state.withLock({ $0.hashes }) == nil {
            let looked = state.withLock { $0.looked }
            let stamps = looked.flatMap { $0.paths == paths ? $0.stamps : nil } ?? stamps(paths)
            var knownAsked = 0
            let found = known.files.find(paths)
            let unchanged = paths.indices.map { index -> (hash: UInt64, size: Int)? in
                guard let file = found[index] else { return nil }
                knownAsked += 1
                guard let stamp = stamps[index], stamp.size == file.size, stamp.changed < known.since else {
                    return nil
                }
                return file
            }
            let unread = paths.indices.filter { unchanged[$0] == nil }
            state.withLock { state in
                state.digests.reserveCapacity(state.digests.count + paths.count)
                for (path, file) in zip(paths, unchanged) { if let file { state.digests[path] = file } }
                state.knownAsked += knownAsked
                state.reread += unread.count
            }
            var all = unchanged.map { $0?.hash }
            for (index, hash) in zip(unread, read(unread.map { paths[$0] }, keeping: keeping)) { all[index] = hash }
            return all
        }
        if let hashes = state.withLock({ $0.hashes }) {
            let known = Parallel.map(paths, chunk: 1024) { hashes[$0]?.hash }
            let unread = paths.indices.filter { known[$0] == nil }
            guard !unread.isEmpty else { return known }
            var all = known
            for (index, hash) in zip(unread, read(unread.map { paths[$0] }, keeping: keeping)) { all[index] = hash }
            return all
        }
        return read(paths, keeping: keeping)
    }

    /// Each file's size and when it last changed (the later of its change and modification
    /// times, in nanoseconds since 1970), nil for one that cannot be looked at: on every core, one
    /// `stat` each, where reading would cost four system calls and a copy. By full paths.
    public func stamps(_ paths: [String]) -> [(size: Int, changed: Int64)?] {
        let (located, folders) = Self.locate(paths)
        defer { for descriptor in folders where descriptor != AT_FDCWD { close(descriptor) } }
        return Parallel.map(located, chunk: 64) { location -> (size: Int, changed: Int64)? in
            var info = stat()
            guard fstatat(location.folder, location.name, &info, 0) == 0, info.st_mode & S_IFMT == S_IFREG else {
                return nil
            }
            let nanoseconds = { (time: timespec) in Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }
            return (Int(info.st_size), max(nanoseconds(info.st_ctim), nanoseconds(info.st_mtim)))
        }
    }

    /// Each file's size: as the loaders read it when `hashingAsRead` (a file that changes after
    /// that is newer than the build, which the next quick check sees), else by `stamps`.
    public func sizes(_ paths: [String]) -> [Int?] {
        guard let hashes = state.withLock({ $0.hashes }) else { return stamps(paths).map { $0?.size } }
        let known = Parallel.map(paths, chunk: 1024) { hashes[$0]?.size }
        let unknown = paths.indices.filter { known[$0] == nil }
        guard !unknown.isEmpty else { return known }
        var all = known
        for (index, stamp) in zip(unknown, stamps(unknown.map { paths[$0] })) { all[index] = stamp?.size }
        return all
    }

    /// Each path as a name in its open folder (the folders' descriptors, to close, come second):
    /// a data folder's 10,000 files then cost the kernel one walk of the folder's path, not
    /// 10,000. Files of one folder come one after another, so the last folder is asked first.
    private static func locate(_ paths: [String]) -> (located: [(folder: Int32, name: String)], folders: [Int32]) {
        var folders: [Substring: Int32] = [:]
        var last: (folder: Substring, descriptor: Int32)?
        let located = paths.map { path -> (folder: Int32, name: String) in
            // The last slash found in the string's storage: through its UTF-8 view, a byte at a
            // time from the end, the search cost more than the rest of locating the file.
            var stored = path
            guard let offset = stored.withUTF8({ $0.lastIndex(of: UInt8(ascii: "/")) }), offset > 0 else {
                return (AT_FDCWD, path)
            }
            let slash = path.utf8.index(path.utf8.startIndex, offsetBy: offset)
            let folder = path[..<slash]
            let descriptor: Int32
            if let last, last.folder == folder {
                descriptor = last.descriptor
            } else {
                if folders[folder] == nil { folders[folder] = FileBytes.openFolder(String(folder)) ?? AT_FDCWD }
                descriptor = folders[folder] ?? AT_FDCWD
                last = (folder, descriptor)
            }
            return descriptor == AT_FDCWD ? (AT_FDCWD, path) : (descriptor, String(path[path.index(after: slash)...]))
        }
        return (located, Array(folders.values))
    }

    private func read(_ paths: [String], keeping: Bool) -> [UInt64?] {
        let (located, folders) = Self.locate(paths)
        defer { for descriptor in folders where descriptor != AT_FDCWD { close(descriptor) } }
        let read = Parallel.map(Array(zip(paths, located)), chunk: 16) { path, location in
            (try? FileBytes.read(at: location.name, in: location.folder)).map {
                (path: path, bytes: $0, hash: ContentHash.of($0))
            }
        }
        state.withLock { state in
            if keeping { state.kept.reserveCapacity(state.kept.count + read.count) }
            for file in read {
                guard let file else { continue }
                state.digests[file.path] = (file.hash, file.bytes.count)
                if keeping { state.kept[file.path] = file.bytes }
            }
        }
        return read.map { $0?.hash }
    }

    /// The bytes of `file`: those `readAndHash` kept, handed out once, or else read now; either
    /// way no more than `limit`.
    func bytes(of file: SourceFile, limit: Int) throws(DiagnosticError) -> [UInt8] {
        let path = file.fullPath
        let (kept, hashing) = state.withLock { ($0.kept.removeValue(forKey: path), $0.hashes != nil) }
        if let kept {
            guard kept.count <= limit else { throw FileBytes.problem(.tooLarge(limit), reading: file) }
            return kept
        }
        guard hashing else { return try FileBytes.read(file, limit: limit) }
        // By its name in its open folder, as `readAndHash` reads, when the up-to-date check did not.
        let bytes: [UInt8]
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.startIndex {
            let folder = path[..<slash]
            let descriptor = state.withLock { state -> Int32 in
                if let open = state.folders[folder] { return open }
                let open = FileBytes.openFolder(String(folder)) ?? AT_FDCWD
                state.folders[folder] = open
                return open
            }
            do {
                bytes =
                    descriptor == AT_FDCWD
                    ? try FileBytes.read(path: path, limit: limit)
                    : try FileBytes.read(at: String(path[path.index(after: slash)...]), in: descriptor, limit: limit)
            } catch {
                throw FileBytes.problem(error, reading: file)
            }
        } else {
            bytes = try FileBytes.read(file, limit: limit)
        }
        let hash = ContentHash.of(bytes)
        state.withLock { $0.hashes?[path] = (hash, bytes.count) }
        return bytes
    }

    /// Drops the bytes no loader took (a SQLite database is read by SQLite itself).
    public func forgetUnread() {
        state.withLock { $0.kept = [:] }
    }

    /// Drops the listings and the hashes kept so far, a path and a hash per file: for a build
    /// whose loading is over (a later listing lists the folder again).
    public func forgetListings() {
        state.withLock { state in
            state.listings = [:]
            state.hashes = state.hashes.map { _ in [:] }
            state.digests = [:]
            state.known = nil
            state.looked = nil
            for descriptor in state.folders.values where descriptor != AT_FDCWD { close(descriptor) }
            state.folders = [:]
        }
    }

    deinit {
        for descriptor in state.withLock({ $0.folders.values }) where descriptor != AT_FDCWD { close(descriptor) }
    }

    /// The files a source names, listed on first use and remembered for the rest of the build.
    func listing(_ key: String, _ list: () throws(DiagnosticError) -> [SourceFile]) throws(DiagnosticError)
        -> [SourceFile]
    {
        if let known = state.withLock({ $0.listings[key] }) { return known }
        let files = try list()
        state.withLock { $0.listings[key] = files }
        return files
    }
}
