import Foundation
import Testing

/// An ISO 8601 instant such as `2026-11-21T10:00:00Z`.
public func instant(_ iso: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: iso), sourceLocation: sourceLocation)
}

/// A time zone by its identifier, such as `Europe/Berlin`.
public func zone(_ identifier: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TimeZone {
    try #require(TimeZone(identifier: identifier), sourceLocation: sourceLocation)
}
