import Foundation

extension Day {
    /// Whether `text` is written `YYYY-MM-DD`, digits and dashes, whether or not that day exists:
    /// todo.txt tells a date it must check from a word by this shape.
    ///
    /// Inlinable, as `init(iso:)`: a reader in another module gets it compiled for its own kind of
    /// text, not through the protocol's witnesses.
    @inlinable
    public static func isISOShaped(_ text: some StringProtocol) -> Bool {
        withBytes(of: text, isISOShaped)
    }

    @usableFromInline
    static func isISOShaped(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 10 else { return false }
        return bytes.indices.allSatisfy { index in
            index == 4 || index == 7
                ? bytes[index] == UInt8(ascii: "-")
                : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        }
    }

    /// Exactly `YYYY-MM-DD`; nil for any other text or a day that does not exist (`2014-02-32`).
    @inlinable
    public init?(iso text: some StringProtocol) {
        guard let day = Day.withBytes(of: text, Day.iso) else { return nil }
        self = day
    }

    @usableFromInline
    static func iso(_ bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        guard isISOShaped(bytes) else { return nil }
        var scanner = DigitScanner(bytes)
        guard let year = scanner.number(digits: 4), scanner.skip("-"), let month = scanner.number(digits: 2),
            scanner.skip("-"), let day = scanner.number(digits: 2)
        else { return nil }
        return Day(year: year, month: month, day: day)
    }

    /// The text's UTF-8 bytes in place when it keeps them contiguous (a native string does), so
    /// that reading a date copies nothing: a large task file has a few million of them.
    @inlinable
    static func withBytes<Result>(
        of text: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Reads `YYYY-MM-DD`, or an ISO 8601 timestamp (`2026-11-03T10:00:00Z`,
    /// `2026-11-03 10:00:00+02:00`), and returns nil for anything else or a day that does not exist.
    /// ISO 8601's basic form is read too (`20261103`, `20261103T100000Z`): Taskwarrior's export
    /// and iCalendar write their dates so. A date in one form takes its time in the same form.
    ///
    /// A timestamp with a zone is an instant, so its day is the one it falls on in `timeZone` (the
    /// site's): `2026-11-03T23:30:00Z` is November 4 in Berlin. A timestamp without a zone is
    /// already local time, so its date part is taken as written.
    public static func parse(_ text: String, in timeZone: TimeZone) -> Day? {
        withBytes(of: text) { parse($0, in: timeZone) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, in timeZone: TimeZone) -> Day? {
        var scanner = DigitScanner(bytes)
        guard let year = scanner.number(digits: 4) else { return nil }
        let extended = scanner.skip("-")
        guard let month = scanner.number(digits: 2), !extended || scanner.skip("-"),
            let dayOfMonth = scanner.number(digits: 2),
            let day = Day(year: year, month: month, day: dayOfMonth)
        else { return nil }
        if scanner.isAtEnd { return day }

        guard scanner.skip("T") || scanner.skip("t") || (extended && scanner.skip(" ")),
            let hour = scanner.number(digits: 2), hour < 24, !extended || scanner.skip(":"),
            let minute = scanner.number(digits: 2), minute < 60
        else { return nil }
        var second = 0
        // Seconds are optional: after a colon in the extended form, as two more digits in the basic.
        if extended ? scanner.skip(":") : scanner.isAtDigit {
            guard let value = scanner.number(digits: 2), value <= 60 else { return nil }
            second = value
            if scanner.skip(".") || scanner.skip(",") {
                guard scanner.skipDigits() else { return nil }
            }
        }
        if scanner.isAtEnd { return day }

        let offset: Int
        if scanner.skip("Z") || scanner.skip("z") {
            offset = 0
        } else {
            let sign: Int
            if scanner.skip("+") { sign = 1 } else if scanner.skip("-") { sign = -1 } else { return nil }
            guard let hours = scanner.number(digits: 2), hours < 24 else { return nil }
            _ = scanner.skip(":")
            guard let minutes = scanner.number(digits: 2), minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.isAtEnd else { return nil }
        let seconds = day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Day(Date(timeIntervalSince1970: TimeInterval(seconds)), in: timeZone)
    }
}

/// Reads fixed-width ASCII numbers and separators from the front of a string.
private struct DigitScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    /// Whether the next byte is a digit.
    var isAtDigit: Bool {
        index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Skips one or more digits; false when there is none.
    mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index > start
    }
}
