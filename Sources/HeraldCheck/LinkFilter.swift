import Foundation

/// The links `herald check` leaves alone: those an exclude pattern (`--exclude`, `check:
/// {exclude: […]}`) finds, in the link as written or in where it leads (an outside URL, or a
/// path from the server's root such as `/board/tasks/`).
public struct LinkFilter: @unchecked Sendable {
    // Unchecked: NSRegularExpression is immutable once made and safe to match from any thread.
    private let patterns: [NSRegularExpression]

    /// Throws the first pattern that is no regular expression.
    public init(patterns: [String]) throws(InvalidPattern) {
        var compiled: [NSRegularExpression] = []
        for pattern in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern) else {
                throw InvalidPattern(pattern: pattern)
            }
            compiled.append(expression)
        }
        self.patterns = compiled
    }

    /// A pattern that does not compile.
    public struct InvalidPattern: Error {
        public var pattern: String
    }

    public static let none = LinkFilter(compiled: [])

    private init(compiled: [NSRegularExpression]) {
        patterns = compiled
    }

    func excludes(_ link: String, target: LinkTarget, address: SiteAddress) -> Bool {
        guard !patterns.isEmpty else { return false }
        if matches(link) { return true }
        switch target {
        case .external(let url): return matches(url)
        case .local(let path, _): return matches(address.basePath + path)
        case .outsideBase(let path): return matches(path)
        case .ignored: return false
        }
    }

    private func matches(_ text: String) -> Bool {
        let range = NSRange(location: 0, length: text.utf16.count)
        return patterns.contains { $0.firstMatch(in: text, range: range) != nil }
    }
}
