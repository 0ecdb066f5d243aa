import Foundation
import Glibc
import HeraldLoaders
import Synchronization

/// Watches a site folder and the folders in it (not `Output/`, not dot-folders) with inotify, and
/// reports each settled burst of changes: an editor's save, a `git checkout`, a task file written
/// aside and renamed over the old one are each one change.
struct FolderWatcher: Sendable {
    let folder: URL
    /// Told once about folders that could not be watched (the system's watch limit reached).
    let warn: @Sendable (String) -> Void
    /// Where the changed files are recorded for the next rebuild.
    let changed: ChangedPaths

    /// How long, in milliseconds, the folder must stay quiet before a burst counts as settled.
    static let quietMilliseconds: Int32 = 5
    /// A folder that never stays quiet (a log written into it) still gets rebuilds this often.
    static let longestBurst = Duration.milliseconds(500)

    /// Why the folder cannot be watched at all.
    struct Failure: Error {
        var message: String
    }

    /// Starts watching; each element is when the last change of a settled burst was seen, so a
    /// rebuild that started later has read all of it. Ending the iteration stops the watcher.
    func changes() throws(Failure) -> AsyncStream<ContinuousClock.Instant> {
        let watches = try Inotify(folder: folder, warn: warn, changed: changed)
        let stopped = Atomic(false)
        let (stream, continuation) = AsyncStream<ContinuousClock.Instant>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { _ in stopped.store(true, ordering: .relaxed) }
        let owner = Mutex(watches)
        // A thread of its own: waiting on the descriptor must not hold one of the few threads
        // Swift concurrency runs tasks on.
        let thread = Thread {
            owner.withLock { watches in
                watches.watch(until: { stopped.load(ordering: .relaxed) }) { continuation.yield($0) }
                watches.close()
            }
            continuation.finish()
        }
        thread.name = "herald-watcher"
        thread.start()
        return stream
    }
}

/// One inotify instance and its watch per folder; used by the watcher's thread only.
private final class Inotify {
    private let descriptor: Int32
    private let root: URL
    private let warn: @Sendable (String) -> Void
    private let changed: ChangedPaths
    /// Watch descriptor → the folder's paths relative to the root ("" for the root itself): more
    /// than one when links lead to it (`Templates/` → `Sources/HeraldSite/Theme`), and a loader
    /// may read its files by either.
    private var folders: [Int32: [String]] = [:]
    private var warnedAboutLimit = false
    /// The last stamp of each SQLite database whose log an event named.
    private var logStamps: [String: FileStamp?] = [:]
    /// When each database's log was last written: for a while after, its stamp is looked at again.
    private var recentLogs: [String: ContinuousClock.Instant] = [:]
    /// When the recent logs' databases were last looked at again.
    private var lastLook = ContinuousClock.now
    /// How long after its log was written a database is looked at again, for a commit published
    /// after its last write (a writer the machine set aside between the two).
    private static let publishingLimit = Duration.seconds(2)
    /// How often a database whose log was just written is looked at again.
    private static let publishingCheckMilliseconds: Int32 = 50

    private static let mask =
        UInt32(
            IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
                | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB) | UInt32(IN_ONLYDIR)
    /// The fixed part of `struct inotify_event`: wd, mask, cookie, len.
    private static let headerSize = 16

    init(folder: URL, warn: @escaping @Sendable (String) -> Void, changed: ChangedPaths) throws(FolderWatcher.Failure) {
        self.changed = changed
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw FolderWatcher.Failure(
                message: "cannot watch for changes: inotify: \(String(cString: strerror(errno)))")
        }
        root = folder
        self.warn = warn
        guard addTree("") else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw FolderWatcher.Failure(message: "cannot watch \(folder.path) for changes: \(reason)")
        }
    }

    func close() {
        Glibc.close(descriptor)
    }

    /// Waits for events until `stopped`, calling `settled` with the last event of each burst
    /// once the folder is quiet again.
    func watch(until stopped: () -> Bool, settled: (ContinuousClock.Instant) -> Void) {
        var burst: ContinuousClock.Instant?
        var lastEvent: ContinuousClock.Instant?
        while !stopped() {
            var target = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            // Idle, wake now and then to see whether the server is stopping, and often while a
            // database's log was just written.
            let timeout =
                burst != nil
                ? FolderWatcher.quietMilliseconds : recentLogs.isEmpty ? 250 : Self.publishingCheckMilliseconds
            let ready = poll(&target, 1, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            // Read after the events are recorded: a rebuild that starts later takes their paths.
            let relevant = ready > 0 && readEvents()
            // Recent logs are looked at on any turn, not only an idle one: other files' writes may
            // keep waking the loop.
            if relevant || burst == nil && lookAgainAtRecentLogs() {
                lastEvent = ContinuousClock.now
                if burst == nil { burst = lastEvent }
            }
            let now = ContinuousClock.now
            if let start = burst, let last = lastEvent, ready == 0 || now - start >= FolderWatcher.longestBurst {
                settled(last)
                burst = nil
            }
        }
    }

    /// Whether a database whose log was written lately has a stamp that moved since (a commit
    /// published after the log's last event); databases written longer ago are let go.
    private func lookAgainAtRecentLogs() -> Bool {
        let now = ContinuousClock.now
        guard !recentLogs.isEmpty, now - lastLook >= .milliseconds(Int(Self.publishingCheckMilliseconds)) else {
            return false
        }
        lastLook = now
        recentLogs = recentLogs.filter { now - $0.value < Self.publishingLimit }
        var moved = false
        for database in recentLogs.keys where stampMoved(database) { moved = true }
        return moved
    }

    /// Whether the database's stamp differs from the last one seen; if so, it is recorded as changed.
    private func stampMoved(_ database: String) -> Bool {
        let stamp = FileStamp(path: database)
        guard logStamps[database] != stamp else { return false }
        logStamps[database] = stamp
        changed.add(database)
        return true
    }

    /// Reads every pending event; true when one is about an input of the site.
    private func readEvents() -> Bool {
        var relevant = false
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, capacity)
            guard count > 0 else { break }
            var offset = 0
            while offset + Self.headerSize <= count {
                let wd = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = UnsafeRawBufferPointer(
                    rebasing: buffer[(offset + Self.headerSize)..<min(count, offset + Self.headerSize + length)])
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += Self.headerSize + length
                if handle(wd: wd, mask: mask, name: name) { relevant = true }
            }
        }
        return relevant
    }

    /// Keeps the watches up to date with one event; true when the event may change the site.
    private func handle(wd: Int32, mask: UInt32, name: String) -> Bool {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            changed.lose()
            return true
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            folders.removeValue(forKey: wd)
            return false
        }
        guard let spellings = folders[wd] else { return false }
        if name.isEmpty {
            // A watched folder itself went or moved: which files changed under it is not known.
            changed.lose()
            return true
        }
        var relevant = false
        for folder in spellings {
            let path = folder.isEmpty ? name : folder + "/" + name
            guard !Self.isIgnored(path) else { continue }
            if mask & UInt32(IN_ISDIR) != 0 {
                changed.lose()
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { _ = addTree(path) }
            } else if let database = SQLiteSideFile.database(of: path) {
                // An application that keeps its database open writes its commits to the log
                // without closing it, so a write counts; SQLite opens the log for writing even to
                // read, so every read ends with a close-after-write event: only a database whose
                // stamp moved holds a commit.
                let database = root.appendingPathComponent(database).path
                recentLogs[database] = ContinuousClock.now
                guard stampMoved(database) else { continue }
            } else if mask & UInt32(IN_MODIFY) != 0 {
                // Any other file counts once it is closed, not while it is being written.
                continue
            } else {
                changed.add(root.appendingPathComponent(path).path)
            }
            relevant = true
        }
        return relevant
    }

    /// Watches the folder at `path` (relative to the root) and every folder in it, links to
    /// folders followed; false when the folder itself could not be watched.
    private func addTree(_ path: String, walking: [Int32] = []) -> Bool {
        let url = path.isEmpty ? root : root.appendingPathComponent(path)
        let wd = inotify_add_watch(descriptor, url.path, Self.mask)
        guard wd >= 0 else {
            if errno == ENOSPC, !warnedAboutLimit {
                warnedAboutLimit = true
                warn(
                    "warning: the system's limit of inotify watches is reached (fs.inotify.max_user_watches); "
                        + "changes in some folders will not be seen")
            }
            return false
        }
        // The same folder again, through a link (as the default site's Templates/ is): one more
        // spelling of it and of its folders, unless the link leads back to a folder this walk is
        // in, which would never end.
        if let known = folders[wd] {
            guard !known.contains(path) else { return true }
            folders[wd] = known + [path]
            if walking.contains(wd) { return true }
        } else {
            folders[wd] = [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        for name in names {
            let childPath = path.isEmpty ? name : path + "/" + name
            var isFolder: ObjCBool = false
            guard !Self.isIgnored(childPath),
                FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder),
                isFolder.boolValue
            else { continue }
            _ = addTree(childPath, walking: walking + [wd])
        }
        return true
    }

    /// The output folder, dot-files and dot-folders (`.git`, `.herald-cache`, an editor's swap
    /// file), backup files (`name~`) and SQLite's shared-memory and rollback files are never
    /// inputs of the site: a reader touches the shared memory, so watching it would rebuild for ever.
    static func isIgnored(_ path: String) -> Bool {
        if path == "Output" || path.hasPrefix("Output/") { return true }
        if SQLiteSideFile.isIgnored(path) { return true }
        return path.split(separator: "/").contains { $0.hasPrefix(".") || $0.hasSuffix("~") }
    }
}
