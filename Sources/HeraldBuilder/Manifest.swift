import Foundation

/// The list of files the last successful build wrote, kept in the output folder, so the next build
/// can skip unchanged files and remove the ones it no longer writes without touching anyone else's.
struct Manifest: Sendable {
    static let fileName = ".herald-manifest"
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

    /// Reads the manifest of `folder`; a missing or unreadable one is empty (everything is rewritten).
    static func read(in folder: URL) -> Manifest {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(fileName), encoding: .utf8) else {
            return Manifest()
        }
        var lines = text.split(separator: "\n")
        guard lines.first == Substring(header) else { return Manifest() }
        lines.removeFirst()
        var inputs: UInt64?
        if let first = lines.first, first.hasPrefix("inputs\t") {
            inputs = UInt64(first.dropFirst("inputs\t".count), radix: 16)
            lines.removeFirst()
        }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(lines.count)
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 2)
            guard fields.count == 3, let hash = UInt64(fields[0], radix: 16), let size = Int(fields[1]) else { continue }
            entries[String(fields[2])] = Entry(hash: hash, size: size)
        }
        return Manifest(entries: entries, inputs: inputs)
    }

    /// Sorted lines, so that the same build always writes the same manifest.
    func serialized() -> [UInt8] {
        var text = Manifest.header + "\n"
        if let inputs { text += "inputs\t" + String(inputs, radix: 16) + "\n" }
        for path in entries.keys.sorted() {
            guard let entry = entries[path] else { continue }
            text += String(entry.hash, radix: 16) + "\t" + String(entry.size) + "\t" + path + "\n"
        }
        return Array(text.utf8)
    }
}
