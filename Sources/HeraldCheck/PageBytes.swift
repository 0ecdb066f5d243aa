import Glibc

/// Reads a page's bytes with one open, fstat and read: ten thousand pages go through here, and
/// FileManager's and URL's bookkeeping cost more than the reading.
enum PageBytes {
    /// `body` over the file's bytes; nil when the file cannot be read.
    static func withContents<T>(of path: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        let complete = bytes.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            while filled < buffer.count {
                let count = read(descriptor, base + filled, buffer.count - filled)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return count == 0 }
                filled += count
            }
            return true
        }
        guard complete else { return nil }
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<filled])) }
    }
}
