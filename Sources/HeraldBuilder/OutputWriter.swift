import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HeraldCore
import Synchronization

/// Writes a build's files into the output folder so that the folder only ever changes as a whole
/// successful build: files are staged first and moved into place by `commit()` (OutputCommit.swift);
/// `discard()` leaves the folder exactly as it was. Unchanged files keep their bytes and mtime;
/// files the previous build wrote and this one did not are removed; files Herald never wrote are
/// left alone. One writer per build, under the build's `OutputLock`.
public final class OutputWriter: Sendable {
    /// What a committed build changed.
    public struct Summary: Sendable, Equatable {
        public var written: Int
        public var unchanged: Int
        public var removed: Int
        public var bytes: Int
        /// Of the unchanged files, the pages kept from the last build without rendering them
        /// (`reuse`): their inputs were the same.
        public var reused = 0
    }

    struct State: Sendable {
        var manifest = Manifest()
        // A staged file sits at its own path inside the staging folder, the output's tree in small,
        // when its top-level folder is new (the folder then moves in whole); otherwise at
        // `flatName(N)` there (`flat`), which spares making a staging folder per page and
        // removing it again, each a change to the file system's tree of folders.
        var staged: [(path: OutputPath, flat: Int?)] = []
        var flatCount = 0
        /// Top-level names of the output, by whether the output has them.
        var rootsPresent: [Substring: Bool] = [:]
        var unchanged = 0
        var reused = 0
        var bytes = 0
        /// The staging folder, open once it exists: pages are written by their paths in it.
        var staging: Int32?
    }

    public let folder: URL
    let previous: Manifest
    let previousStamp: timespec?
    let previousQuick: QuickCheck?
    /// Whether the last commit was interrupted (a journal was left): its files are then trusted
    /// no more than files of unknown bytes, and the build always runs.
    let interrupted: Bool
    // Plain path strings for the per-file work: building a URL per file costs more than the syscall.
    let folderPath: String
    /// The output folder, open (or -1): each page's file is looked at by its path in it.
    private let folderDescriptor: Int32
    /// Private to this build, so that a crashed build's leftovers can never mix with its files.
    let stagingPath: String
    /// The outermost folder on the way to the output folder that did not exist before this build:
    /// a failed build removes it again.
    private let firstMissing: URL?
    let progress = Mutex(State())
    /// Where the manifest, the journal and the quick check are kept: never in the output.
    public let state: BuildState
    /// What the writer found wrong with the folder's bookkeeping (a forged manifest), as warnings.
    public let warnings: [Diagnostic]

    static let stagingPrefix = ".herald-staging"

    /// A writer for `folder`, keeping its manifest, journal and quick check in `state`; pass the
    /// build's lock, which may have created the folder.
    public init(folder: URL, state: BuildState, lock: OutputLock? = nil) {
        self.folder = folder.standardizedFileURL
        self.state = state
        folderPath = self.folder.path
        folderDescriptor = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        firstMissing = lock?.firstCreated ?? OutputFiles.firstMissingFolder(of: self.folder)
        // A folder this build made (a first build, or one deleted since the last) holds nothing the
        // state names: the state is of a folder that is gone, and nothing of it is trusted.
        let usable = state.prepare() && firstMissing == nil
        var warnings: [Diagnostic] = []
        let manifestPath = state.path(Manifest.fileName)
        let journalPath = state.path(Manifest.journalName)
        let (manifest, problem) = usable ? Manifest.read(path: manifestPath) : (Manifest(), nil)
        if let problem {
            warnings.append(
                .warning(at: SourceLocation(file: manifestPath), "the build manifest is not Herald's: \(problem)"))
        }
        let (journal, journalProblem) = usable ? Manifest.read(path: journalPath) : (Manifest(), nil)
        if let journalProblem {
            warnings.append(
                .warning(at: SourceLocation(file: journalPath), "the commit journal is not Herald's: \(journalProblem)")
            )
        }
        interrupted = usable && FileManager.default.fileExists(atPath: journalPath)
        // Files an interrupted commit may have moved in are Herald's too, so the next build
        // replaces or removes them; their bytes are unknown, so none counts as unchanged.
        var entries = manifest.entries
        for path in journal.entries.keys { entries[path] = Manifest.Entry(hash: 0, size: -1) }
        previous = Manifest(
            entries: entries, inputs: interrupted ? nil : manifest.inputs, pages: interrupted ? nil : manifest.pages,
            order: journal.entries.isEmpty ? manifest.order : [])
        // Trusted only for the fingerprint the manifest holds: one left by a build killed between
        // saving the two is of an earlier build.
        let quick = usable ? QuickCheck.read(path: state.path(QuickCheck.fileName)) : nil
        previousQuick = quick?.inputs == previous.inputs ? quick : nil
        previousStamp = usable ? OutputFiles.modificationTime(of: manifestPath) : nil
        self.warnings = warnings
        stagingPath = folderPath + "/" + Self.stagingPrefix + "-" + UUID().uuidString
        removeLeftoverStaging()
    }

    /// Makes room for `count` files at once: a manifest grown one file at a time to 100,000 hashes
    /// every path again at each doubling.
    public func expect(_ count: Int) {
        progress.withLock { state in
            state.manifest.entries.reserveCapacity(count)
            state.staged.reserveCapacity(count)
        }
    }

    /// Says what the pages' fingerprints leave out (the binary, herald.yml, the templates…), as
    /// one hash: a page the last build made under the same, with the same fingerprint, is
    /// `reuse`d. Called before the first page; without it no page is reused and none kept.
    public func fingerprintPages(under frame: UInt64) {
        progress.withLock { $0.manifest.pages = frame }
    }

    /// Records the file the last build wrote at `path` as this build's, without its bytes, when
    /// that build made it from inputs with this fingerprint (under the same `fingerprintPages`)
    /// and the file is still as it wrote it; false when the page must be rendered and `add`ed.
    public func reuse(_ path: OutputPath, fingerprint: UInt64) -> Bool {
        guard let frame = progress.withLock({ $0.manifest.pages }), frame == previous.pages,
            let entry = previous.entries[path.value], entry.fingerprint == fingerprint, isIntact(path, entry)
        else { return false }
        return progress.withLock { state in
            guard state.manifest.entries.updateValue(entry, forKey: path.value) == nil else { return false }
            state.bytes += entry.size
            state.unchanged += 1
            state.reused += 1
            return true
        }
    }

    /// Records one output file; safe to call from many threads at once. Bytes identical to what
    /// the previous build wrote (and nobody changed since) are not written again. `fingerprint`,
    /// of what a page was made from, lets the next build `reuse` it.
    public func add(_ path: OutputPath, bytes: [UInt8], fingerprint: UInt64?) throws(DiagnosticError) {
        let entry = Manifest.Entry(hash: ContentHash.of(bytes), size: bytes.count, fingerprint: fingerprint)
        let unchanged = isUnchanged(path, entry)
        var flat: Int?
        if !unchanged {
            let staging = try staging()
            flat = stagesFlat(path)
            // A page's own folder (`heroes/SLUG/index.html`) staged in a new tree is new: made
            // first, it spares the open that would fail for want of it.
            let ownFolder = flat == nil && path.value.utf8.count > 11 && path.value.hasSuffix("/index.html")
            try OutputFiles.write(
                bytes, to: flat.map(Self.flatName) ?? path.value, in: staging, shownIn: stagingPath, for: path,
                creatingFolders: true, folderFirst: ownFolder)
        }
        try progress.withLock { (state: inout State) throws(DiagnosticError) in
            guard state.manifest.entries.updateValue(entry, forKey: path.value) == nil else {
                throw DiagnosticError(
                    .error(at: SourceLocation(file: path.value), "two pages write the same output file"))
            }
            state.bytes += bytes.count
            if !unchanged {
                state.staged.append((path, flat))
            } else {
                state.unchanged += 1
            }
        }
    }

    /// Whether the last build read exactly these inputs and every file it wrote is still there
    /// as it wrote it: then a build would change nothing, and need not run.
    public func isUpToDate(inputs: UInt64) -> Bool {
        guard previous.inputs == inputs, previousStamp != nil, !interrupted else { return false }
        // One stat per file the last build wrote, on every core: a build that has nothing to do
        // does little else.
        return Parallel.map(Array(previous.entries), chunk: 64) { path, entry in
            OutputPath(path).map { isUnchanged($0, entry) } ?? false
        }.allSatisfy { $0 }
    }

    /// The last build's fingerprint and what tells its inputs unchanged without reading them,
    /// when it left both (`QuickCheck`).
    public var previousQuickCheck: QuickCheck? {
        mayBeUpToDate ? previousQuick : nil
    }

    /// Whether the last build left a fingerprint of its inputs to compare with: when not, no
    /// build can be up to date, and none need work out its fingerprint before loading.
    public var mayBeUpToDate: Bool {
        previous.inputs != nil && previousStamp != nil && !interrupted
    }

    /// What the last build wrote, for a build that found itself up to date.
    public var previousSummary: Summary {
        Summary(
            written: 0, unchanged: previous.entries.count, removed: 0,
            bytes: previous.entries.values.reduce(0) { $0 + $1.size })
    }

    /// Forgets the staged files: the output folder is left as the previous build made it, or
    /// not there at all when there was none.
    public func discard() {
        try? FileManager.default.removeItem(atPath: stagingPath)
        guard let firstMissing else { return }
        // rmdir only removes empty folders, so one that meanwhile holds anything stays.
        var current = folder
        while rmdir(current.path) == 0, current.path != firstMissing.path {
            current = current.deletingLastPathComponent()
        }
    }

    /// A file counts as unchanged only when it is a regular file (a link is never trusted) of
    /// the size the manifest says, not touched since the manifest was saved.
    func isUnchanged(_ path: OutputPath, _ entry: Manifest.Entry) -> Bool {
        previous.entries[path.value]?.sameBytes(as: entry) == true && isIntact(path, entry)
    }

    /// Whether the file at `path` is as the last build wrote it, `entry` being what its manifest says of it.
    private func isIntact(_ path: OutputPath, _ entry: Manifest.Entry) -> Bool {
        guard let stamp = previousStamp else { return false }
        var info = stat()
        let found =
            folderDescriptor >= 0
            ? fstatat(folderDescriptor, path.value, &info, AT_SYMLINK_NOFOLLOW)
            : lstat(folderPath + "/" + path.value, &info)
        guard found == 0,
            (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == entry.size
        else { return false }
        // A file touched after the manifest was saved was edited by hand: write ours again.
        let modified = info.st_mtim
        return (modified.tv_sec, modified.tv_nsec) <= (stamp.tv_sec, stamp.tv_nsec)
    }

    /// Folders the files staged flat are spread over: in one folder, every file made or moved
    /// waits for the others on that folder's lock.
    static let flatFolders = 64

    /// The name in the staging folder of the `number`th file staged flat.
    static func flatName(_ number: Int) -> String { ".files-\(number % flatFolders)/\(number)" }

    /// A number for `path` when it is staged flat: when its top-level folder is in the output
    /// already (or it is a top-level file); nil when it goes into a new folder moved in whole.
    private func stagesFlat(_ path: OutputPath) -> Int? {
        let root = path.topFolder
        return progress.withLock { state -> Int? in
            if let root {
                let present = state.rootsPresent[root] ?? (OutputFiles.kind(at: folderPath + "/" + root) != nil)
                state.rootsPresent[root] = present
                guard present else { return nil }
            }
            state.flatCount += 1
            return state.flatCount
        }
    }

    /// The staging folder's descriptor, the folder made on first use.
    private func staging() throws(DiagnosticError) -> Int32 {
        try progress.withLock { (state: inout State) throws(DiagnosticError) -> Int32 in
            if let staging = state.staging { return staging }
            try OutputFiles.createFolder(stagingPath, for: nil)
            let descriptor = open(stagingPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw OutputFiles.failure(
                    nil, "cannot open the staging folder '\(stagingPath)': \(OutputFiles.lastError())")
            }
            state.staging = descriptor
            return descriptor
        }
    }

    deinit {
        if folderDescriptor >= 0 { close(folderDescriptor) }
        if let staging = progress.withLock({ $0.staging }) { close(staging) }
    }

    /// Staging folders of builds that crashed hold nothing published: with the lock held, no
    /// other build is using one.
    private func removeLeftoverStaging() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? []
        for name in names where name.hasPrefix(Self.stagingPrefix) {
            try? FileManager.default.removeItem(atPath: folderPath + "/" + name)
        }
    }
}
