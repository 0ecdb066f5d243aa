import Foundation
import HeraldCore

/// The hops of one request's redirects, followed by Herald rather than the HTTP client so that
/// each hop is checked: only http(s), at most `limit` hops, never the same URL twice.
public struct RedirectChain: Sendable {
    /// The statuses that send a client elsewhere with a `Location` header.
    public static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The URL to ask now: the first one, then each redirect's target, absolute.
    public private(set) var current: String
    private let limit: Int
    private var visited: Set<String>

    public init(start url: String, limit: Int) {
        current = url
        self.limit = limit
        visited = [url]
    }

    /// Moves on to where a redirect answer from `current` leads; the failure says, in words for
    /// a message, why it is not followed.
    public mutating func follow(location: String?) -> Result<String, RedirectRefusal> {
        guard let location = location?.trimmingCharacters(in: .whitespaces), !location.isEmpty,
            let target = URL(string: location, relativeTo: URL(string: current))?.absoluteString
        else {
            return .failure(RedirectRefusal(cause: "a redirect with no usable Location header"))
        }
        guard WebOrigin(target) != nil else {
            return .failure(
                RedirectRefusal(cause: "a redirect to \(WebOrigin.schemeText(of: target)), which is not http(s)"))
        }
        guard visited.count <= limit else { return .failure(RedirectRefusal(cause: "more than \(limit) redirects")) }
        guard visited.insert(target).inserted else { return .failure(RedirectRefusal(cause: "a redirect loop")) }
        current = target
        return .success(target)
    }
}

/// Why a redirect is not followed, in words for a message.
public struct RedirectRefusal: Error, Sendable, Equatable {
    public var cause: String
}
