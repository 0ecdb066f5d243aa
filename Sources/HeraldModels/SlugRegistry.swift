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
public enum SlugRegistry {
    /// Every duplicate among `items`, in order, each at the later record and naming both;
    /// `kind` names the records in messages: "hero", "page". `remedy`, when given, ends each
    /// message: how the site's author gives the records slugs of their own.
    @inlinable  // specialized where it is called: generic code would copy each whole hero to read its slug
    public static func duplicates<Item: Slugged>(in items: [Item], kind: String, remedy: String? = nil)
        -> [Diagnostic]
    {
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
            found.append(
                .error(
                    at: items[index].location,
                    "duplicate slug '\(slug)': \(kind) '\(items[index].label)' (\(items[index].location)) and "
                        + "\(kind) '\(items[holder].label)' (\(items[holder].location)) would be written to the same page"
                        + (remedy.map { "; \($0)" } ?? "")
                ))
        }
        return found
    }

    /// Slugs are made lowercase already, so the usual one is its own key: no new string per record.
    @usableFromInline
    static func caseFolded(_ slug: String) -> String {
        // Read in the string's storage: the generic walk through `utf8` cost more than the check.
        var slug = slug
        let isFolded = slug.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        }
        return isFolded ? slug : slug.lowercased()
    }
}
