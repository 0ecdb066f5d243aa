import Foundation

/// The list of files the last successful build wrote, kept in the output folder, so the next build
/// can skip unchanged files and remove the ones it no longer writes without touching anyone else's.
struct Manifest: Sendable {
    static let fileName = ".herald-manifest"
    /// The next manifest, written before a commit moves its first file and removed after the
    /// manifest is saved: when it is found, that commit was interrupted.
    static let journalName = ".herald-journal"
    private static let header = "herald-manifest 1"

    struct Entry: Sendable, Hashable {
        var hash: UInt64
        var size: Int
    }

    var entries: [String: Entry] = [:]
    /// The fingerprint of the inputs the build read, when it could tell them all.
    var inputs: UInt64?

    init(entries: [String: Entry] = [:], inputs: UInt64? = nil) {
        self.entries = entries
        self.inputs = inputs
    }

    /// Reads the manifest named `name` in `folder`; a missing or unreadable one is empty
    /// (everything is rewritten, nothing removed). A manifest naming any path that is not a plain
    /// path inside the folder (`../x`, `/etc/x`, a NUL) was not written by Herald: it is not
    /// trusted at all, and `problem` says why, so that no build ever deletes what it names.
    static func read(in folder: URL, name: String = fileName) -> (manifest: Manifest, problem: String?) {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else {
            return (Manifest(), nil)
        }
        // Lines are split on UTF-8 bytes, not Characters: a manifest has a line per output file,
        // and grapheme breaking 100,000 of them costs more than stat-ing the files.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"))[...]
        guard let first = lines.popFirst(), first.elementsEqual(header.utf8) else { return (Manifest(), nil) }
        var inputs: UInt64?
        if let line = lines.first, line.starts(with: "inputs\t".utf8) {
            inputs = UInt64(Substring(line.dropFirst("inputs\t".count)), radix: 16)
            lines.removeFirst()
        }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(lines.count)
        for line in lines {
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 2)
            guard fields.count == 3, let hash = UInt64(Substring(fields[0]), radix: 16),
                  let size = Int(Substring(fields[1])) else { continue }
            let path = String(Substring(fields[2]))
            guard OutputPath(path) != nil else {
                return (Manifest(), "it names '\(path)', which is not a path inside the output folder, so it was not "
                        + "written by Herald; it is ignored, and no file it names is removed")
            }
            entries[path] = Entry(hash: hash, size: size)
        }
        return (Manifest(entries: entries, inputs: inputs), nil)
    }

    /// Sorted lines, so that the same build always writes the same manifest.
    func serialized() -> [UInt8] {
        // Built as bytes in one buffer: a manifest has a line per output file, 100,000 of them
        // for a large catalog, and a string appended to line by line is copied as it grows.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + entries.count * 72)
        bytes += Manifest.header.utf8
        bytes.append(UInt8(ascii: "\n"))
        if let inputs {
            bytes += "inputs\t".utf8
            bytes += String(inputs, radix: 16).utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            bytes += String(entry.hash, radix: 16).utf8
            bytes.append(UInt8(ascii: "\t"))
            bytes += String(entry.size).utf8
            bytes.append(UInt8(ascii: "\t"))
            bytes += path.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }
}
