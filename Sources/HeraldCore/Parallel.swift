import Dispatch
import Foundation
import Synchronization

/// Runs independent work on every core: reading thousands of files, decoding their records.
public enum Parallel {
    /// `items.map(transform)`, computed on all cores; the results keep the items' order.
    ///
    /// Workers take `chunk` items at a time: large enough that the shared counter is not touched
    /// per item, small enough that one slow item does not leave the other cores idle at the end.
    /// A list of fewer than two chunks is mapped on the calling thread, which costs less than
    /// waking workers for it.
    public static func map<T: Sendable, R: Sendable>(
        _ items: [T], chunk: Int = 16,
        _ transform: @Sendable (T) -> R
    ) -> [R] {
        let count = items.count
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, count / max(1, chunk))
        guard workers > 1 else { return items.map(transform) }
        return [R](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let address = buffer.baseAddress else { return }
            let base = ResultSlots(address)
            // Each result slot is written exactly once.
            inChunks(count, chunk: chunk, workers: workers) { index in
                (base.address + index).initialize(to: transform(items[index]))
            }
            initialized = count
        }
    }

    /// Calls `body` with every index below `count` on `workers` threads, which take `chunk`
    /// indices at a time from a shared counter.
    private static func inChunks(_ count: Int, chunk: Int, workers: Int, _ body: @Sendable (Int) -> Void) {
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let start = next.add(chunk, ordering: .relaxed).oldValue
                guard start < count else { return }
                for index in start..<min(start + chunk, count) { body(index) }
            }
        }
    }
}

extension Parallel {
    /// `parts.joined()` as an array, its elements copied on all cores, `chunk` parts at a time:
    /// copying a hero retains each of its strings and arrays, which lie all over memory.
    public static func joined<T: Sendable>(_ parts: [[T]], chunk: Int = 256) -> [T] {
        var total = 0
        let starts = parts.map { part in
            defer { total += part.count }
            return total
        }
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, parts.count / max(1, chunk))
        guard workers > 1 else { return Array(parts.joined()) }
        let count = total
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let address = buffer.baseAddress else { return }
            let base = ResultSlots(address)
            inChunks(parts.count, chunk: chunk, workers: workers) { index in
                parts[index].withUnsafeBufferPointer { part in
                    guard let first = part.baseAddress else { return }
                    (base.address + starts[index]).initialize(from: first, count: part.count)
                }
            }
            initialized = count
        }
    }
}

/// The result buffer shared by the workers of `Parallel.map` and `Parallel.joined`.
///
/// Unchecked: workers write disjoint slots (each index, or part, is handed out once by an atomic
/// counter), and the buffer is read only after `concurrentPerform` has returned.
private struct ResultSlots<R>: @unchecked Sendable {
    let address: UnsafeMutablePointer<R>
    init(_ address: UnsafeMutablePointer<R>) { self.address = address }
}
