import Foundation

/// Reads what `ArchiveWriter` wrote. Every read checks its bounds and returns nil past the end
/// or on a malformed number, so a damaged archive is refused, never trusted or crashed on.
public struct ArchiveReader: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The array `bytes` is the start of, when the reader was given it: `textBytes()` then
    /// slices it instead of copying.
    private let owner: [UInt8]?
    public private(set) var offset = 0

    /// Reads `bytes`, which must outlive the reader; `owner`, when given, is the array whose
    /// storage `bytes` starts at.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int = 0, owner: [UInt8]? = nil) {
        self.bytes = bytes
        self.offset = offset
        self.owner = owner
    }

    public var isAtEnd: Bool { offset == bytes.count }

    public mutating func number() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            guard shift < 64 else { return nil }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    public mutating func integer() -> Int? {
        guard let raw = number() else { return nil }
        return Int(truncatingIfNeeded: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// A count of things still to read: nil when it is more than the bytes left could hold, so
    /// a damaged count never makes a reader reserve room for billions.
    public mutating func count() -> Int? {
        guard let raw = number(), raw <= UInt64(bytes.count - offset) else { return nil }
        return Int(raw)
    }

    public mutating func double() -> Double? {
        guard bytes.count - offset >= 8 else { return nil }
        let raw = UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
        return Double(bitPattern: UInt64(littleEndian: raw))
    }

    public mutating func flag() -> Bool? {
        guard offset < bytes.count, bytes[offset] <= 1 else { return nil }
        offset += 1
        return bytes[offset - 1] == 1
    }

    public mutating func text() -> String? {
        guard let length = count() else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
        offset += length
        return text
    }

    /// A text, as `text()` reads it, but `known` itself when it has the bytes read: heroes read
    /// one after another name the same stats and traits, and a string shared costs no
    /// allocation, no check of its UTF-8 and no free.
    public mutating func text(reusing known: String?) -> String? {
        guard var known else { return text() }
        guard let length = count() else { return nil }
        let read = UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)])
        offset += length
        // memcmp: the generic `elementsEqual` costs more than the string it spares.
        let same = known.withUTF8 { own in
            guard own.count == length else { return false }
            guard let first = own.baseAddress, let second = read.baseAddress else { return true }
            return memcmp(first, second, length) == 0
        }
        return same ? known : String(decoding: read, as: UTF8.self)
    }

    /// A count, then as many texts, each `known`'s text at the same place when it has the same
    /// bytes (`text(reusing:)`).
    public mutating func texts(reusing known: [String]) -> [String]? {
        guard let count = count() else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(count)
        for index in 0..<count {
            guard let text = text(reusing: known.indices.contains(index) ? known[index] : nil) else { return nil }
            texts.append(text)
        }
        return texts
    }

    /// Where the bytes of a text are, read past without making it a `String`.
    public mutating func textRange() -> Range<Int>? {
        guard let length = count() else { return nil }
        defer { offset += length }
        return offset..<(offset + length)
    }

    /// The bytes of a text, not yet made a `String`: a slice of the owner's storage, with no
    /// copy, when the reader has an owner.
    public mutating func textBytes() -> ArraySlice<UInt8>? {
        guard let length = count() else { return nil }
        let range = offset..<(offset + length)
        offset += length
        guard let owner, owner.count >= range.upperBound else { return Array(bytes[range])[...] }
        return owner[range]
    }

    /// A text that may be absent: `.some(nil)` when it was written as nil, nil when damaged.
    public mutating func optionalText() -> String?? {
        guard let present = flag() else { return nil }
        guard present else { return .some(nil) }
        return text().map { .some($0) }
    }

    /// A count, then as many texts.
    public mutating func texts() -> [String]? {
        texts(reusing: [])
    }

    /// Reads past `count` bytes; false when fewer are left.
    public mutating func skip(count: Int) -> Bool {
        guard count >= 0, bytes.count - offset >= count else { return false }
        offset += count
        return true
    }

    /// Whether the next bytes are `expected`, reading past them when they are.
    public mutating func skip(_ expected: some Collection<UInt8>) -> Bool {
        guard bytes.count - offset >= expected.count,
            bytes[offset..<(offset + expected.count)].elementsEqual(expected)
        else { return false }
        offset += expected.count
        return true
    }
}
