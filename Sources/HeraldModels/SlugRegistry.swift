import HeraldCore

/// A model that gets a page of its own at its slug.
public protocol Slugged {
    var slug: String { get }
    /// The name error messages call it by: a hero's name, a page's title.
    var label: String { get }
    var location: SourceLocation { get }
}

extension Hero: Slugged {
    public var label: String { name }
}

extension Page: Slugged {
    public var label: String { title }
}

/// Finds two records that would be written to the same page.
///
/// Slugs are compared without case: on a case-insensitive file system (macOS, Windows)
/// `Batman` and `batman` are one folder, and one page would overwrite the other.
public struct SlugRegistry: Sendable {
    private let kind: String
    private var owners: [String: (label: String, location: SourceLocation)] = [:]

    /// `kind` names the records in messages: "hero", "page".
    public init(kind: String) {
        self.kind = kind
    }

    /// Claims `slug` for a record; when another record holds it already, returns the error,
    /// placed at the second record and naming both.
    public mutating func claim(_ slug: String, label: String, at location: SourceLocation) -> Diagnostic? {
        let key = Self.caseFolded(slug)
        if let owner = owners[key] {
            return .error(at: location,
                          "duplicate slug '\(slug)': \(kind) '\(label)' (\(location)) and \(kind) '\(owner.label)' "
                          + "(\(owner.location)) would be written to the same page")
        }
        owners[key] = (label, location)
        return nil
    }

    /// Every duplicate among `items`, in order, each at the later record.
    public static func duplicates(in items: some Sequence<some Slugged>, kind: String) -> [Diagnostic] {
        var registry = SlugRegistry(kind: kind)
        registry.owners.reserveCapacity(items.underestimatedCount)
        return items.compactMap { registry.claim($0.slug, label: $0.label, at: $0.location) }
    }

    /// Slugs are made lowercase already, so the usual one is its own key: no new string per record.
    private static func caseFolded(_ slug: String) -> String {
        slug.utf8.allSatisfy({ $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) ? slug : slug.lowercased()
    }
}
