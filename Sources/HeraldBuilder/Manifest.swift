import Foundation
import HeraldCore

/// What lets the next build find its inputs unchanged without reading them, kept beside the
/// manifest in the build's state (`BuildState`): the fingerprint of the inputs' bytes, and what
/// was seen of them without reading.
public struct QuickCheck: Sendable, Equatable {
    static let fileName = "inputs"
    private static let header = "herald-inputs 1"

    /// The fingerprint of the inputs' bytes (the manifest's `inputs`).
    public var inputs: UInt64
    /// A hash of the inputs' names and sizes, and of all that the fingerprint hashes but their bytes.
    public var hash: UInt64
    /// Nanoseconds since 1970, a second before that build looked at its inputs: an input changed
    /// or replaced since has a later change time.
    public var since: Int64

    public init(inputs: UInt64, hash: UInt64, since: Int64) {
        self.inputs = inputs
        self.hash = hash
        self.since = since
    }

    /// The one at `path`; nil when there is none or it is not Herald's.
    static func read(path: String) -> QuickCheck? {
        guard let bytes = try? FileBytes.read(path: path, limit: 4096) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard lines.count == 2, lines[0] == header else { return nil }
        let fields = lines[1].split(separator: "\t")
        guard fields.count == 3, let inputs = UInt64(fields[0], radix: 16), let hash = UInt64(fields[1], radix: 16),
            let since = Int64(fields[2])
        else { return nil }
        return QuickCheck(inputs: inputs, hash: hash, since: since)
    }

    var serialized: [UInt8] {
        Array("\(Self.header)\n\(String(inputs, radix: 16))\t\(String(hash, radix: 16))\t\(since)\n".utf8)
    }
}

/// The list of files the last successful build wrote, kept in its state (`BuildState`), so the next build
/// can skip unchanged files and remove the ones it no longer writes without touching anyone else's.
struct Manifest: Sendable {
    static let fileName = "manifest"
    /// The next manifest, written before a commit moves its first file and removed after the
    /// manifest is saved: when it is found, that commit was interrupted.
    static let journalName = "journal"
    private static let header = "herald-manifest 2"
    /// A manifest of the Herald before pages had fingerprints: read, its files kept, no page
    /// taken as made from the same inputs.
    private static let firstHeader = "herald-manifest 1"

    struct Entry: Sendable, Hashable {
        var hash: UInt64
        var size: Int
        /// The fingerprint of what the page was made from (`OutputItem.fingerprint`), under the
        /// manifest's `pages`; nil for a file without one.
        var fingerprint: UInt64?

        /// Whether the two name the same bytes, whatever they were made from.
        func sameBytes(as other: Entry) -> Bool {
            hash == other.hash && size == other.size
        }
    }

    var entries: [String: Entry] = [:]
    /// The paths of a manifest as read, when they came in the order `serialized` writes them:
    /// a manifest of the same paths is then written in that order rather than sorted again.
    var order: [String] = []
    /// The fingerprint of the inputs the build read, when it could tell them all.
    var inputs: UInt64?
    /// A hash of all that the pages' fingerprints leave out (the binary, herald.yml, the
    /// templates, the options and the day): a page's fingerprint tells it unchanged only under the
    /// same. nil when the build left none (it had warnings, which a kept page would not show again).
    var pages: UInt64?

    init(entries: [String: Entry] = [:], inputs: UInt64? = nil, pages: UInt64? = nil, order: [String] = []) {
        self.entries = entries
        self.order = order
        self.inputs = inputs
        self.pages = pages
    }

    /// Reads the manifest at `path`; a missing or unreadable one is empty
    /// (everything is rewritten, nothing removed). A manifest naming any path that is not a plain
    /// path inside the folder (`../x`, `/etc/x`, a NUL) was not written by Herald: it is not
    /// trusted at all, and `problem` says why, so that no build ever deletes what it names.
    static func read(path: String) -> (manifest: Manifest, problem: String?) {
        guard let bytes = try? FileBytes.read(path: path) else {
            return (Manifest(), nil)
        }
        // One pass over the bytes, a field at a time: a manifest has a line per output file, and
        // splitting 100,000 lines into arrays of fields costs more than stat-ing the files.
        return bytes.withUnsafeBufferPointer { buffer in
            var lines = ManifestLines(buffer)
            guard let first = lines.next() else { return (Manifest(), nil) }
            let hasFingerprints = first.elementsEqual(header.utf8)
            guard hasFingerprints || first.elementsEqual(firstHeader.utf8) else { return (Manifest(), nil) }
            var inputs: UInt64?
            var pages: UInt64?
            var entries: [String: Entry] = [:]
            entries.reserveCapacity(buffer.count / 48)
            var order: [String] = []
            order.reserveCapacity(buffer.count / 48)
            // The header's lines come first; an entry starts with a hex digit, which neither name does.
            var inHeader = true
            while let line = lines.next() {
                if inHeader, line.starts(with: "inputs\t".utf8) {
                    inputs = hexNumber(line[(line.startIndex + 7)...])
                    continue
                }
                if inHeader, hasFingerprints, line.starts(with: "pages\t".utf8) {
                    pages = hexNumber(line[(line.startIndex + 6)...])
                    continue
                }
                inHeader = false
                guard let firstTab = line.firstIndex(of: UInt8(ascii: "\t")),
                    let secondTab = line[(firstTab + 1)...].firstIndex(of: UInt8(ascii: "\t")),
                    let hash = hexNumber(line[..<firstTab]),
                    let size = decimalNumber(line[(firstTab + 1)..<secondTab])
                else { continue }
                var pathStart = secondTab + 1
                var fingerprint: UInt64?
                // A line without the fingerprint's field (written by hand) names its path all the
                // same, so that a forged one is caught below.
                if hasFingerprints, let thirdTab = line[pathStart...].firstIndex(of: UInt8(ascii: "\t")) {
                    fingerprint = hexNumber(line[pathStart..<thirdTab])
                    pathStart = thirdTab + 1
                }
                // A manifest that is not UTF-8 is no manifest of Herald's: nothing of it is trusted.
                guard
                    let path = String(
                        validating: UnsafeBufferPointer(rebasing: line[pathStart...]), as: UTF8.self)
                else {
                    return (Manifest(), nil)
                }
                guard OutputPath(path) != nil else {
                    return (
                        Manifest(),
                        "it names '\(path)', which is not a path inside the output folder, so it was not "
                            + "written by Herald; it is ignored, and no file it names is removed"
                    )
                }
                entries[path] = Entry(hash: hash, size: size, fingerprint: fingerprint)
                order.append(path)
            }
            let sorted = zip(order, order.dropFirst()).allSatisfy { precedes($0, $1) }
            return (Manifest(entries: entries, inputs: inputs, pages: pages, order: sorted ? order : []), nil)
        }
    }

    /// The lines of a manifest's bytes, without their line feeds; empty lines are passed over.
    private struct ManifestLines {
        let buffer: UnsafeBufferPointer<UInt8>
        var position = 0

        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
            while position < buffer.count {
                let start = position
                while position < buffer.count, buffer[position] != UInt8(ascii: "\n") { position += 1 }
                let line = buffer[start..<position]
                position += 1
                if !line.isEmpty { return line }
            }
            return nil
        }
    }

    /// 1 to 16 hex digits, any case; nil for anything else.
    private static func hexNumber(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    /// Decimal digits, maybe after a minus (a journal marks files of unknown bytes -1); nil for
    /// anything else, or a number too large for an Int.
    private static func decimalNumber(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        let negative = text.first == UInt8(ascii: "-")
        let digits = negative ? text.dropFirst() : text
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = tens.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    /// Sorted lines, so that the same build always writes the same manifest.
    func serialized() -> [UInt8] {
        // Built as bytes in one buffer: a manifest has a line per output file, 100,000 of them
        // for a large catalog, and a string appended to line by line is copied as it grows.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(80 + entries.count * 90)
        bytes += Manifest.header.utf8
        bytes.append(UInt8(ascii: "\n"))
        if let inputs {
            bytes += "inputs\t".utf8
            bytes += String(inputs, radix: 16).utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        if let pages {
            bytes += "pages\t".utf8
            bytes += String(pages, radix: 16).utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        for (path, entry) in orderedEntries() {
            Self.append(entry.hash, radix: 16, to: &bytes)
            bytes.append(UInt8(ascii: "\t"))
            if entry.size < 0 { bytes.append(UInt8(ascii: "-")) }
            Self.append(UInt64(entry.size.magnitude), radix: 10, to: &bytes)
            bytes.append(UInt8(ascii: "\t"))
            // `-` for none: not a hex number, so read back as nil.
            if pages != nil, let fingerprint = entry.fingerprint {
                Self.append(fingerprint, radix: 16, to: &bytes)
            } else {
                bytes.append(UInt8(ascii: "-"))
            }
            bytes.append(UInt8(ascii: "\t"))
            bytes += path.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// The entries in the order of their paths' bytes: `order`'s, when it names every one.
    private func orderedEntries() -> [(key: String, value: Entry)] {
        if order.count == entries.count {
            var ordered: [(key: String, value: Entry)] = []
            ordered.reserveCapacity(order.count)
            for path in order {
                guard let entry = entries[path] else { break }
                ordered.append((path, entry))
            }
            // As many paths, each distinct (the order is strict) and each an entry's: all of them.
            if ordered.count == entries.count { return ordered }
        }
        return entries.sorted { Self.precedes($0.key, $1.key) }
    }

    /// Whether `a`'s UTF-8 bytes come before `b`'s: the order of their Unicode scalars, without
    /// the normalization `String`'s `<` goes through for each of 100,000 paths' comparisons.
    private static func precedes(_ a: String, _ b: String) -> Bool {
        let fast = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in
                guard let first = a.baseAddress, let second = b.baseAddress else { return a.count < b.count }
                let order = memcmp(first, second, min(a.count, b.count))
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
        return (fast ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// `number`'s digits, lowercase, as `String(number, radix:)` spells them, with no string made.
    private static func append(_ number: UInt64, radix: UInt64, to bytes: inout [UInt8]) {
        // Digits from the last, into a buffer on the stack: a manifest writes three numbers for
        // each of 100,000 lines.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var end = buffer.count
            var rest = number
            repeat {
                let digit = UInt8(truncatingIfNeeded: rest % radix)
                end -= 1
                buffer[end] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                rest /= radix
            } while rest > 0
            bytes.append(contentsOf: buffer[end...])
        }
    }
}
