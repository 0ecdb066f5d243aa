import Dispatch
import Synchronization

/// Runs async work from a command: ArgumentParser runs commands synchronously, so the command's
/// thread waits while the work runs on Swift concurrency's threads.
enum AsyncWait {
    /// What `work` returns; nil only if the task ended without giving a value.
    static func result<T: Sendable>(of work: @escaping @Sendable () async -> T) -> T? {
        let box = ResultBox<T>()
        let finished = DispatchSemaphore(value: 0)
        Task {
            let value = await work()
            box.value.withLock { $0 = value }
            finished.signal()
        }
        finished.wait()
        return box.value.withLock { $0 }
    }
}

/// The work's result, handed from its task to the waiting thread.
private final class ResultBox<T: Sendable>: Sendable {
    let value = Mutex<T?>(nil)
}
