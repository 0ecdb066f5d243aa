import Foundation
import HeraldCore
import HeraldModels

/// What a build keeps for the next one of what it read: each data file's hash and size, and the
/// heroes decoded from each file, by the hash of its bytes. The next build then reads only the
/// files that changed (`InputFiles.know`) and decodes only those (`DecodedFiles`). Valid for
/// one `frame` (herald.yml, the binary, the options): under another, it is not used at all.
/// Bytes only: the build state (`BuildState`) keeps them.
///
/// The entries come in blocks, each with its length first, so that a build reads them on every
/// core and writes them one at a time; an entry's heroes are kept as the bytes they were read
/// from, so that a build writes them again with one copy, not by encoding every hero again. A
/// checksum (`Checksum`) of the part before the blocks and of each block ends the archive.
public enum DecodedArchive {
    private static let header = Array("herald-decoded 3\n".utf8)
    /// Entries a block: enough blocks for every core, few enough that a length each costs nothing.
    private static let blockSize = 256

    /// Writes, a piece at a time through `write`, the archive of a build that read `files` (full
    /// path, hash, size), made under `frame` and having looked at its files after `since`
    /// (nanoseconds since 1970), with the heroes that `decoded` kept by hash. A block of entries
    /// is made, handed to `write` and dropped before the next: the archive of 100,000 heroes is
    /// never in memory whole. Stops at the first `write` that returns false.
    public static func write(
        frame: UInt64, since: Int64, files: [(path: String, hash: UInt64, size: Int)], decoded: DecodedFiles,
        to write: ([UInt8]) -> Bool
    ) {
        let entries = decoded.kept(Hero.self)
        var writer = ArchiveWriter(capacity: 64 + files.count * 80)
        writer.append(raw: header)
        writer.write(frame)
        writer.write(Int(since))
        writer.write(UInt64(files.count))
        for file in files {
            writer.write(file.path)
            writer.write(file.hash)
            writer.write(file.size)
        }
        let blocks = stride(from: 0, to: entries.count, by: blockSize).map { $0..<min($0 + blockSize, entries.count) }
        writer.write(UInt64(blocks.count))
        var check = Checksum()
        check.combine(writer.bytes)
        guard write(writer.bytes) else { return }
        // A few blocks at a time, made on every core.
        let batch = 2 * ProcessInfo.processInfo.activeProcessorCount
        for first in stride(from: 0, to: blocks.count, by: batch) {
            let made = Parallel.map(Array(blocks[first..<min(first + batch, blocks.count)]), chunk: 1) { block in
                var writer = ArchiveWriter()
                for entry in entries[block] {
                    writer.write(entry.key)
                    writer.write(entry.digest)
                    writer.write(entry.records)
                    writer.write(entry.comments)
                    if let archived = entry.archived {
                        writer.append(raw: archived)
                    } else {
                        writer.write(UInt64(entry.models.count))
                        for hero in entry.models { hero.archive(into: &writer) }
                    }
                }
                return writer.bytes
            }
            for bytes in made {
                check.combine(bytes)
                var length = ArchiveWriter()
                length.write(UInt64(bytes.count))
                guard write(length.bytes), write(bytes) else { return }
            }
        }
        _ = write(withUnsafeBytes(of: check.value.littleEndian) { Array($0) })
    }

    /// Whether a build should write its archive rather than leave the last one as it is: it
    /// read none, or more than one in 64 of the files or heroes the last one knew were read or
    /// decoded again, or went. A build that changed one file of 10,000 then writes nothing, and
    /// the next build reads and decodes that file again rather than this one writing every hero.
    public static func isWorthWriting(inputs: InputFiles, decoded: DecodedFiles) -> Bool {
        inputs.outgrewKnown || decoded.outgrewArchive(Hero.self)
    }

    /// The files of the archive in `bytes`, with its `since`, its heroes given to `decoded`; nil,
    /// and nothing given, when the archive is of another frame, of another Herald, or damaged.
    /// `wanted` is asked before the blocks are checked and before each is decoded: once false,
    /// nothing more is.
    public static func load(
        _ bytes: [UInt8], frame: UInt64, into decoded: DecodedFiles, while wanted: @Sendable () -> Bool = { true }
    )
        -> (files: KnownFiles, since: Int64)?
    {
        guard bytes.count >= header.count + 8 else { return nil }
        let body = bytes.count - 8
        let stored = bytes[body...].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        let read = bytes[..<body].withUnsafeBufferPointer { buffer in
            var reader = ArchiveReader(buffer)
            guard reader.skip(header), reader.number() == frame, let since = reader.integer(),
                let fileCount = reader.count()
            else { return nil as ReadArchive? }
            var files: [KnownFiles.File] = []
            files.reserveCapacity(fileCount)
            for _ in 0..<fileCount {
                guard let path = reader.textRange(), let hash = reader.number(), let size = reader.integer() else {
                    return nil
                }
                files.append(KnownFiles.File(path: path, hash: hash, size: size))
            }
            guard wanted(), let blockCount = reader.count() else { return nil }
            // Checked as written: the part before the blocks, then each block's bytes.
            var check = Checksum()
            check.combine(UnsafeBufferPointer(rebasing: buffer[..<reader.offset]))
            var blocks: [Range<Int>] = []
            for _ in 0..<blockCount {
                guard let length = reader.count() else { return nil }
                let block = reader.offset..<(reader.offset + length)
                guard reader.skip(count: length) else { return nil }
                check.combine(UnsafeBufferPointer(rebasing: buffer[block]))
                blocks.append(block)
            }
            guard reader.isAtEnd, check.value == UInt64(littleEndian: stored) else { return nil }
            return ReadArchive(files: KnownFiles(bytes: bytes, files: files), since: Int64(since), blocks: blocks)
        }
        guard let read else { return nil }
        let entries = Parallel.map(read.blocks, chunk: 1) { block in wanted() ? entriesOfBlock(bytes, block) : nil }
        guard entries.allSatisfy({ $0 != nil }) else { return nil }
        for entry in entries.lazy.compactMap({ $0 }).joined() {
            decoded.keep(
                entry.heroes, key: entry.key, digest: entry.digest, records: entry.records, comments: entry.comments,
                archived: bytes[entry.archived])
        }
        return (read.files, read.since)
    }

    private struct ReadArchive {
        var files: KnownFiles
        var since: Int64
        var blocks: [Range<Int>]
    }

    private typealias Entry = (
        key: String, digest: UInt64, records: Int, comments: Int, heroes: [Hero], archived: Range<Int>
    )

    /// The entries of the block at `range` of `bytes`; nil when it is damaged.
    private static func entriesOfBlock(_ bytes: [UInt8], _ range: Range<Int>) -> [Entry]? {
        bytes.withUnsafeBufferPointer { whole in
            var reader = ArchiveReader(
                UnsafeBufferPointer(rebasing: whole[..<range.upperBound]), offset: range.lowerBound, owner: bytes)
            var entries: [Entry] = []
            // Files of one folder have heroes alike: each hero shares what texts it can with the one before.
            var previous = Hero.SharedTexts()
            while !reader.isAtEnd {
                guard let key = reader.text(), let digest = reader.number(), let records = reader.integer(),
                    let comments = reader.integer()
                else { return nil }
                let start = reader.offset
                guard let heroCount = reader.count() else { return nil }
                var heroes: [Hero] = []
                heroes.reserveCapacity(heroCount)
                for _ in 0..<heroCount {
                    guard let hero = Hero(from: &reader, previous: previous) else { return nil }
                    previous = hero.sharedTexts
                    heroes.append(hero)
                }
                entries.append((key, digest, records, comments, heroes, start..<reader.offset))
            }
            return entries
        }
    }
}
