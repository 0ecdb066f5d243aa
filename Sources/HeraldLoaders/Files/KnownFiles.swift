import Foundation

/// The data files an earlier build read, each with the hash and size of its bytes, as that
/// build's archive (`DecodedArchive`) lists them. The paths stay in the archive's bytes and are
/// found by comparing bytes: made into strings and hashed into a dictionary, then hashed again to
/// be looked up, the list of 10,000 files cost as much as the archive's checksum.
public struct KnownFiles: Sendable {
    /// One file: where its path's UTF-8 is in the bytes, its hash and size.
    struct File: Sendable {
        var path: Range<Int>
        var hash: UInt64
        var size: Int
    }

    private let bytes: [UInt8]
    /// In the order of their paths' bytes.
    private let files: [File]

    /// None.
    public init() {
        self.init(bytes: [], files: [])
    }

    /// The files whose paths are at `files`' ranges of `bytes`, in any order.
    init(bytes: [UInt8], files: [File]) {
        self.bytes = bytes
        let ordered = bytes.withUnsafeBufferPointer { buffer in
            zip(files, files.dropFirst()).allSatisfy { Self.compare($0.path, $1.path, in: buffer) < 0 }
        }
        self.files =
            ordered
            ? files
            : bytes.withUnsafeBufferPointer { buffer in files.sorted { Self.compare($0.path, $1.path, in: buffer) < 0 }
            }
    }

    public var count: Int { files.count }

    /// The hash and size of the file at each of `paths`; nil for a path not listed. Paths in
    /// the order of their bytes, as a folder's listing gives them, are found in one pass.
    public func find(_ paths: [String]) -> [(hash: UInt64, size: Int)?] {
        bytes.withUnsafeBufferPointer { buffer in
            var next = 0
            return paths.map { path -> (hash: UInt64, size: Int)? in
                var path = path
                return path.withUTF8 { utf8 -> (hash: UInt64, size: Int)? in
                    if next < files.count, Self.compare(files[next].path, utf8, in: buffer) == 0 {
                        next += 1
                        return (files[next - 1].hash, files[next - 1].size)
                    }
                    var (low, high) = (0, files.count)
                    while low < high {
                        let middle = low + (high - low) / 2
                        let order = Self.compare(files[middle].path, utf8, in: buffer)
                        if order == 0 {
                            next = middle + 1
                            return (files[middle].hash, files[middle].size)
                        }
                        if order < 0 { low = middle + 1 } else { high = middle }
                    }
                    return nil
                }
            }
        }
    }

    /// The order of the bytes at `range` of `buffer` and `other`'s: negative, zero or positive.
    private static func compare(
        _ range: Range<Int>, _ other: UnsafeBufferPointer<UInt8>, in buffer: UnsafeBufferPointer<UInt8>
    ) -> Int {
        let shared = min(range.count, other.count)
        if shared > 0, let first = buffer.baseAddress, let second = other.baseAddress {
            let order = memcmp(first + range.lowerBound, second, shared)
            if order != 0 { return Int(order) }
        }
        return range.count - other.count
    }

    private static func compare(_ range: Range<Int>, _ other: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> Int
    {
        compare(range, UnsafeBufferPointer(rebasing: buffer[other]), in: buffer)
    }
}
