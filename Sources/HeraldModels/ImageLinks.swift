import Foundation
import HeraldCore

/// Where the relative image paths of a source's records point: joined to `image_base:`, resolved
/// against a URL source's own address, or else paths inside the site.
public enum ImageBase: Sendable, Hashable {
    /// `image_base:`: a path such as `/apps/a.png` is appended to it.
    case join(String)
    /// The URL the records came from, which relative links are resolved against as a browser would.
    case source(String)
}

/// Makes each image link of a record one a page can use as it is: absolute, or a site route.
enum ImageLinks {
    /// `link` resolved; a problem to report when a path inside the site would climb out of it.
    static func resolve(_ link: String, base: ImageBase?) -> Result<String, ImageProblem> {
        if isAbsolute(link) { return .success(link) }
        switch base {
        case .join(let prefix):
            let path = link.drop { $0 == "/" }
            return .success(prefix.hasSuffix("/") ? prefix + path : prefix + "/" + path)
        case .source(let address):
            if let url = URL(string: link, relativeTo: URL(string: address)), url.absoluteURL.scheme != nil {
                return .success(url.absoluteString)
            }
            return .failure(.unreadable)
        case nil:
            return route(link).map(Result.success) ?? .failure(.leavesSite)
        }
    }

    /// What is wrong with an image link.
    enum ImageProblem: Error {
        case leavesSite
        case unreadable
    }

    /// A link with a scheme or a host of its own (`https:`, `mailto:`, `//cdn.example.org/`).
    static func isAbsolute(_ link: String) -> Bool {
        if link.hasPrefix("//") { return true }
        let head = link.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return head.contains(":")
    }

    /// The site route of a path: `/apps/a.png` and `./apps/a.png` are `apps/a.png`; nil when its
    /// `..` would climb above the site's root.
    static func route(_ link: String) -> String? {
        let end = link.firstIndex { $0 == "?" || $0 == "#" } ?? link.endIndex
        var parts: [Substring] = []
        for part in link[..<end].split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard parts.popLast() != nil else { return nil }
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/") + link[end...]
    }
}
