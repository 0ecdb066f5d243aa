import Dispatch
import HeraldBuilder
import HeraldLoaders
import Synchronization

/// The last build's archive of decoded heroes (`DecodedArchive`), read and decoded on another
/// thread while the build lists its files and looks at them: a build that needs the archive
/// then waits for less of it, and one that finds its inputs unchanged stops it without waiting.
final class ArchivePreload: Sendable {
    /// The frame the archive is read under.
    let frame: UInt64
    private let wanted = Atomic<Bool>(true)
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<(files: KnownFiles, since: Int64)?>(nil)

    /// Starts reading `state`'s archive under `frame`, its heroes given to `decoded`.
    init(state: BuildState, frame: UInt64, into decoded: DecodedFiles) {
        self.frame = frame
        DispatchQueue.global().async { [self] in
            defer { done.signal() }
            guard wanted.load(ordering: .relaxed), let bytes = state.kept(BuildState.decodedName),
                wanted.load(ordering: .relaxed)
            else { return }
            let loaded = DecodedArchive.load(bytes, frame: frame, into: decoded) {
                self.wanted.load(ordering: .relaxed)
            }
            result.withLock { $0 = loaded }
        }
    }

    /// The archive's files and the moment its build looked at them, once read and its heroes
    /// given; nil when there is none, or it is of another frame, damaged, or was stopped.
    func loaded() -> (files: KnownFiles, since: Int64)? {
        waitForEnd()
        return result.withLock { $0 }
    }

    /// Stops the reading at its next step (once the file is read, before the checksum, before
    /// each block), without waiting for it: a build with nothing to do does not wait to have read
    /// the archive. What is given to `decoded` after is harmless under the same frame: a build
    /// takes an archived hero only for a file of the same bytes.
    func stop() {
        wanted.store(false, ordering: .relaxed)
    }

    private func waitForEnd() {
        done.wait()
        done.signal()
    }
}
