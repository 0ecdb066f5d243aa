import HeraldCore

/// What a build keeps for the next one of its folder and glob sources' listings (`BuildState`
/// holds the bytes): a folder of 10,000 files is not walked again while every folder listed to
/// find them keeps the stamp it had, older than a second before it was listed. Valid for one
/// `frame` (herald.yml, the binary, the options); a damaged file is not used. A listing that met a
/// symbolic link has no folders to check (`SourceResolver`) and is never kept.
extension DecodedFiles {
    private static let listingsHeader = Array("herald-listings 2\n".utf8)

    /// Takes the listings kept in `bytes` (`keptListings(frame:)`) when they were made under `frame`;
    /// each is used only while its folders are unchanged (`listing(_:_:)`).
    public func takeListings(_ bytes: [UInt8], frame: UInt64) {
        guard bytes.count >= Self.listingsHeader.count + 8 else { return }
        let body = bytes.count - 8
        let stored = bytes[body...].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        var check = Checksum()
        check.combine(bytes[..<body])
        guard check.value == UInt64(littleEndian: stored) else { return }
        let taken = bytes[..<body].withUnsafeBufferPointer { buffer -> [String: Listing]? in
            var reader = ArchiveReader(buffer)
            guard reader.skip(Self.listingsHeader), reader.number() == frame, let count = reader.count() else {
                return nil
            }
            var taken: [String: Listing] = [:]
            for _ in 0..<count {
                guard let key = reader.text(), let since = reader.integer(), let listing = Self.listing(&reader, since)
                else { return nil }
                taken[key] = listing
            }
            return reader.isAtEnd ? taken : nil
        }
        guard let taken else { return }
        listings.withLock { $0.merge(taken) { mine, _ in mine } }
    }

    /// The bytes to keep for the next build: every listing with folders to check, when this
    /// build listed one of them itself; nil when it only used kept ones (the file is as it was).
    public func keptListings(frame: UInt64) -> [UInt8]? {
        let kept = listings.withLock { listings in
            listings.filter { _, listing in
                listing.since != nil && !listing.folders.isEmpty && listing.folders.values.allSatisfy { $0 != nil }
            }
        }
        guard kept.values.contains(where: \.made) else { return nil }
        var writer = ArchiveWriter(capacity: 64 + kept.values.reduce(0) { $0 + $1.files.count * 100 })
        writer.append(raw: Self.listingsHeader)
        writer.write(frame)
        writer.write(UInt64(kept.count))
        for (key, listing) in kept.sorted(by: { $0.key < $1.key }) {
            writer.write(key)
            writer.write(Int(listing.since ?? 0))
            let folders = listing.folders.compactMapValues { $0 }
            writer.write(UInt64(folders.count))
            for (path, stamp) in folders.sorted(by: { $0.key < $1.key }) {
                writer.write(path)
                for number in [stamp.device, stamp.inode] { writer.write(number) }
                for number in [Int(stamp.size), stamp.seconds, stamp.nanoseconds, Int(stamp.changed)] {
                    writer.write(number)
                }
                writer.write(Int(stamp.logSize))
                writer.write(stamp.logNanoseconds)
                writer.write(stamp.logCommits)
            }
            writer.write(UInt64(listing.files.count))
            for file in listing.files {
                writer.write(file.fullPath)
                writer.write(file.path)
            }
        }
        var check = Checksum()
        check.combine(writer.bytes)
        return writer.bytes + withUnsafeBytes(of: check.value.littleEndian) { Array($0) }
    }

    /// One listing as `keptListings(frame:)` wrote it; nil when the bytes are not one.
    private static func listing(_ reader: inout ArchiveReader, _ since: Int) -> Listing? {
        guard let folderCount = reader.count() else { return nil }
        var folders: [String: FileStamp?] = [:]
        for _ in 0..<folderCount {
            guard let path = reader.text(), let device = reader.number(), let inode = reader.number(),
                let size = reader.integer(), let seconds = reader.integer(), let nanoseconds = reader.integer(),
                let changed = reader.integer(), let logSize = reader.integer(), let logNanoseconds = reader.integer(),
                let logCommits = reader.number()
            else { return nil }
            folders[path] = FileStamp(
                device: device, inode: inode, size: Int64(size), seconds: seconds, nanoseconds: nanoseconds,
                changed: Int64(changed), logSize: Int64(logSize), logNanoseconds: logNanoseconds,
                logCommits: logCommits)
        }
        guard let fileCount = reader.count() else { return nil }
        var files: [SourceFile] = []
        files.reserveCapacity(fileCount)
        for _ in 0..<fileCount {
            guard let fullPath = reader.text(), let path = reader.text() else { return nil }
            files.append(SourceFile(fullPath: fullPath, path: path))
        }
        return Listing(files: files, folders: folders, since: Int64(since), made: false)
    }
}
