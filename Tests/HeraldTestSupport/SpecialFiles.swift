import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Files no editor makes, for the tests of hostile input: a real FIFO, a huge file that takes no room.
public enum SpecialFiles {
    /// A FIFO (named pipe) at `url`, with the folders on the way.
    public static func fifo(at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #require(mkfifo(url.path, 0o644) == 0, "mkfifo \(url.path): \(String(cString: strerror(errno)))")
    }

    /// A file of `size` zero bytes at `url`, sparse, so that one over a limit of 512MB costs
    /// neither disk nor time to make.
    public static func sparse(at url: URL, size: Int) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #require(FileManager.default.createFile(atPath: url.path, contents: nil))
        try #require(truncate(url.path, off_t(size)) == 0, "truncate \(url.path): \(String(cString: strerror(errno)))")
    }

    /// What `body` returns, run on a thread of its own. When it has not returned after `seconds`
    /// (it is blocked opening the FIFO `fifo`, the bug looked for), the FIFO is opened for
    /// writing and closed again, which lets it go on, and the result is nil: the test fails
    /// instead of hanging.
    public static func unblocking<T: Sendable>(_ fifo: URL, after seconds: Double, _ body: @escaping @Sendable () -> T)
        -> T?
    {
        let result = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            result.value = body()
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .success { return result.value }
        let writer = open(fifo.path, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
        done.wait()
        return nil
    }

    private final class Box<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: T?
        var value: T? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}
