import Dispatch
import Synchronization

/// Work done on another thread while the caller goes on; `wait()` gives its value, waiting for it
/// when it is not ready yet.
public final class BackgroundWork<Value: Sendable>: Sendable {
    private let result = Mutex<Value?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `work` on another thread.
    public init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async { [self] in
            let value = work()
            result.withLock { $0 = value }
            finished.signal()
        }
    }

    /// The value, once the work is done; each call after the first returns at once.
    public func wait() -> Value {
        if let value = result.withLock({ $0 }) { return value }
        finished.wait()
        finished.signal()
        // The work stored its value before it signalled.
        return result.withLock { $0 }.unsafelyUnwrapped
    }
}
