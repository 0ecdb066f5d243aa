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
            return Self.duplicate(slug, kind: kind, label: label, at: location, owner: owner.label, at: owner.location)
        }
        owners[key] = (label, location)
        return nil
    }

    /// Every duplicate among `items`, in order, each at the later record.
    @inlinable  // specialized where it is called: generic code would copy each whole hero to read its slug
    public static func duplicates<Item: Slugged>(in items: [Item], kind: String) -> [Diagnostic] {
        // Only the slug of each record is read, and the first holder kept as an index: at 100,000
        // heroes, touching each one's name and file as well costs more than the check itself.
        var holders: [String: Int] = [:]
        holders.reserveCapacity(items.count)
        var found: [Diagnostic] = []
        for index in items.indices {
            let slug = items[index].slug
            let key = caseFolded(slug)
            guard let holder = holders[key] else {
                holders[key] = index
                continue
            }
            found.append(duplicate(slug, kind: kind, label: items[index].label, at: items[index].location,
                                   owner: items[holder].label, at: items[holder].location))
        }
        return found
    }

    @usableFromInline
    static func duplicate(_ slug: String, kind: String, label: String, at location: SourceLocation,
                          owner: String, at ownerLocation: SourceLocation) -> Diagnostic {
        .error(at: location, "duplicate slug '\(slug)': \(kind) '\(label)' (\(location)) and \(kind) '\(owner)' "
            + "(\(ownerLocation)) would be written to the same page")
    }

    /// Slugs are made lowercase already, so the usual one is its own key: no new string per record.
    @usableFromInline
    static func caseFolded(_ slug: String) -> String {
        slug.utf8.allSatisfy({ $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) ? slug : slug.lowercased()
    }
}
