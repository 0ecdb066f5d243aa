import Foundation
import Glibc
import Hummingbird
import Synchronization

/// Decides whether a request may change the task file. A page of another site can make the
/// browser send requests here; it gets none of the three things every change needs: the random
/// token of this run (only in pages this server served), an `Origin` of this server, and a
/// `Host` that no one else's DNS name can point here (the defence against DNS rebinding).
final class RequestGuard: Sendable {
    /// The header the page's script sends the token in.
    static let tokenHeader = "X-Herald-Token"

    let token: String
    /// The host the server listens on, as given to `--host`.
    private let host: String
    private let port = Atomic(0)

    init(host: String, token: String = RequestGuard.makeToken()) {
        self.host = host.lowercased()
        self.token = token
    }

    /// 32 random bytes as hex, new for every run of the server.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// The port the server listens on, known once it is bound.
    func bound(port: Int) {
        self.port.store(port, ordering: .relaxed)
    }

    /// Whether `authority` (the request's `Host`) names this server: the host it listens on,
    /// `localhost`, or an IP address, with its port. A DNS name of someone else's does not.
    func isTrustedHost(_ authority: String?) -> Bool {
        guard let authority = authority?.lowercased(), let split = Self.split(authority),
            split.port == String(port.load(ordering: .relaxed))
        else { return false }
        return split.host == host || split.host == "localhost" || Self.isAddress(split.host)
    }

    /// Why a change request is refused; nil when it passes.
    func refusal(for request: Request) -> String? {
        let authority = request.head.authority
        guard isTrustedHost(authority), let authority else {
            return "the request's Host is not this server's address"
        }
        guard let origin = Self.value(of: "origin", in: request.headers),
            origin.lowercased() == "http://" + authority.lowercased()
        else {
            return "the request does not come from a page of this server (Origin)"
        }
        guard let sent = Self.value(of: Self.tokenHeader.lowercased(), in: request.headers),
            Self.equalInConstantTime(Array(sent.utf8), Array(token.utf8))
        else {
            return "the request lacks this server's token; reload the page"
        }
        return nil
    }

    /// Why a change request is malformed: a header the guard reads given twice, which leaves it
    /// to each reader which one counts. The first Host became the authority; any other is still
    /// among the fields.
    func duplicateHeader(in request: Request) -> String? {
        for name in ["host", "origin", Self.tokenHeader.lowercased()]
        where request.headers.filter({ $0.name.canonicalName == name }).count > (name == "host" ? 0 : 1) {
            return "the request has more than one \(name) header"
        }
        return nil
    }

    private static func value(of name: String, in headers: HTTPFields) -> String? {
        headers.first { $0.name.canonicalName == name }?.value
    }

    /// `host:port` or `[v6]:port` → its parts.
    private static func split(_ authority: String) -> (host: String, port: String)? {
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        var host = String(authority[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return (host, String(authority[authority.index(after: colon)...]))
    }

    private static func isAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// Compares without stopping at the first difference, so timing tells nothing of the token.
    private static func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
