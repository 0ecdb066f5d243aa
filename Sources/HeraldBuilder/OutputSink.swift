import HeraldCore
import Synchronization

/// Where rendered files go: the output folder (`OutputWriter`) for a build, memory
/// (`MemoryOutput`) for the dev server.
public protocol OutputSink: Sendable {
    /// Takes one output file, with the fingerprint of what a page was made from when it has
    /// one; called from many threads at once.
    func add(_ path: OutputPath, bytes: [UInt8], fingerprint: UInt64?) throws(DiagnosticError)
    /// Keeps the file an earlier build made at `path` from inputs with this fingerprint, when it
    /// can vouch for it: then the page need not be rendered. False otherwise.
    func reuse(_ path: OutputPath, fingerprint: UInt64) -> Bool
    /// Hears how many files are coming, before the first.
    func expect(_ count: Int)
}

extension OutputSink {
    public func expect(_ count: Int) {}

    public func reuse(_ path: OutputPath, fingerprint: UInt64) -> Bool { false }

    /// Takes one output file that has no fingerprint (an asset, a page rendered every time).
    public func add(_ path: OutputPath, bytes: [UInt8]) throws(DiagnosticError) {
        try add(path, bytes: bytes, fingerprint: nil)
    }
}

extension OutputWriter: OutputSink {}

/// Output files kept in memory, by path: what `herald serve` serves, never written to disk.
public final class MemoryOutput: OutputSink {
    private let files = Mutex<[String: [UInt8]]>([:])

    public init() {}

    public func expect(_ count: Int) {
        files.withLock { $0.reserveCapacity(count) }
    }

    public func add(_ path: OutputPath, bytes: [UInt8], fingerprint: UInt64?) throws(DiagnosticError) {
        try files.withLock { (files: inout [String: [UInt8]]) throws(DiagnosticError) in
            guard files.updateValue(bytes, forKey: path.value) == nil else {
                throw DiagnosticError(
                    .error(at: SourceLocation(file: path.value), "two pages write the same output file"))
            }
        }
    }

    /// Every file added, by its path in the output folder.
    public var contents: [String: [UInt8]] { files.withLock { $0 } }
}
