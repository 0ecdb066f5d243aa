import Foundation

/// What tells this herald binary from another for the up-to-date check: the linker's build ID
/// (a hash of the linked code, in the ELF note NT_GNU_BUILD_ID), read from the first pages of the
/// executable instead of hashing all of it: with the HTTP stack linked in, the file is large, and
/// every build would read it whole.
enum ProgramIdentity {
    /// `NT_GNU_BUILD_ID` of the ELF file at `path`, as hex; nil when it has none (then the
    /// caller hashes the whole file).
    static func buildID(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 64), header.count == 64,
            header.starts(with: [0x7F, 0x45, 0x4C, 0x46]), header[4] == 2, header[5] == 1
        else { return nil }
        // ELF64, little-endian: where the program headers are, their size and number.
        let programHeaders = Int(integer(header, at: 0x20, size: 8))
        let entrySize = Int(integer(header, at: 0x36, size: 2))
        let count = Int(integer(header, at: 0x38, size: 2))
        guard entrySize >= 56, count > 0, count < 256,
            (try? handle.seek(toOffset: UInt64(programHeaders))) != nil,
            let table = try? handle.read(upToCount: entrySize * count), table.count == entrySize * count
        else { return nil }
        for index in 0..<count {
            let entry = Data(table[(index * entrySize)..<((index + 1) * entrySize)])
            guard integer(entry, at: 0, size: 4) == 4 else { continue }  // PT_NOTE
            let offset = integer(entry, at: 0x08, size: 8)
            let size = Int(integer(entry, at: 0x20, size: 8))
            guard size > 0, size < 65_536, (try? handle.seek(toOffset: offset)) != nil,
                let notes = try? handle.read(upToCount: size), notes.count == size
            else { continue }
            if let id = gnuBuildID(in: Data(notes)) { return id }
        }
        return nil
    }

    /// Walks the notes of one segment: each a name size, a description size, a type, then the
    /// name and the description, each padded to 4 bytes.
    private static func gnuBuildID(in notes: Data) -> String? {
        var at = 0
        while at + 12 <= notes.count {
            let nameSize = Int(integer(notes, at: at, size: 4))
            let descriptionSize = Int(integer(notes, at: at + 4, size: 4))
            let type = integer(notes, at: at + 8, size: 4)
            let name = at + 12
            let description = name + (nameSize + 3) / 4 * 4
            guard nameSize >= 0, descriptionSize >= 0, description + descriptionSize <= notes.count else { return nil }
            if type == 3, nameSize == 4, notes[name..<name + 3].elementsEqual("GNU".utf8), descriptionSize > 0 {
                // Not `String(format:)`, whose variadic arguments cost a conformance search each.
                return notes[description..<description + descriptionSize].map {
                    ($0 < 16 ? "0" : "") + String($0, radix: 16)
                }.joined()
            }
            at = description + (descriptionSize + 3) / 4 * 4
        }
        return nil
    }

    private static func integer(_ data: Data, at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in (0..<size).reversed() { value = value << 8 | UInt64(data[data.startIndex + offset + index]) }
        return value
    }
}
