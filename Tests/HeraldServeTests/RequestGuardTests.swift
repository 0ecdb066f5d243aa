import Foundation
@testable import HeraldServe
import Hummingbird
import Testing

// The guard of the board's actions on its own: which Host names this server, and which
// requests may change the task file. The routes' tests send the same through the server.

private let token = String(repeating: "ab", count: 32)

private func boundGuard(host: String = "127.0.0.1", port: Int = 8080) -> RequestGuard {
    let requestGuard = RequestGuard(host: host, token: token)
    requestGuard.bound(port: port)
    return requestGuard
}

@Test func aHostIsTrustedOnlyWhenItNamesThisServerByAnAddressOrItsOwnNameAndPort() {
    let requestGuard = boundGuard(host: "Workstation")
    for trusted in [
        "127.0.0.1:8080", "localhost:8080", "LocalHost:8080", "[::1]:8080", "10.1.2.3:8080",
        "workstation:8080", "WORKSTATION:8080"
    ] {
        #expect(requestGuard.isTrustedHost(trusted), "\(trusted)")
    }
    // A DNS name of someone else's can be pointed at 127.0.0.1; an address or this port cannot be faked.
    for untrusted: String? in [
        nil, "", "evil.example:8080", "localhost.evil.example:8080", "127.0.0.1.nip.io:8080",
        "127.0.0.1:8081", "127.0.0.1", "localhost", "localhost:", "[::1]", "::1:8080x"
    ] {
        #expect(!requestGuard.isTrustedHost(untrusted), "\(untrusted ?? "nil")")
    }
}

@Test func aChangePassesWithThisServersHostItsOriginAndTheToken() throws {
    let requestGuard = boundGuard()
    for (authority, origin) in [
        ("127.0.0.1:8080", "http://127.0.0.1:8080"), ("localhost:8080", "http://LOCALHOST:8080")
    ] {
        let request = try actionRequest(authority: authority, headers: [("Origin", origin), ("X-Herald-Token", token)])
        #expect(requestGuard.refusal(for: request) == nil, "\(authority) \(origin)")
        #expect(requestGuard.duplicateHeader(in: request) == nil)
    }
}

@Test func aChangeFromAPageOfAnyOtherOriginIsRefused() throws {
    let requestGuard = boundGuard()
    let refusal = "the request does not come from a page of this server (Origin)"
    // The Origin must be the very address the request was sent to: scheme, host and port.
    for origin: String? in [
        nil, "null", "", "http://evil.example", "http://evil.example:8080", "https://127.0.0.1:8080",
        "http://127.0.0.1:8081", "http://localhost:8080", "http://127.0.0.1:8080/", "http://127.0.0.1"
    ] {
        let headers = [("X-Herald-Token", token)] + (origin.map { [("Origin", $0)] } ?? [])
        let request = try actionRequest(authority: "127.0.0.1:8080", headers: headers)
        #expect(requestGuard.refusal(for: request) == refusal, "\(origin ?? "no Origin")")
    }
}

@Test func aChangeWithoutThisRunsTokenOrToAForeignHostIsRefused() throws {
    let requestGuard = boundGuard()
    let origin = ("Origin", "http://127.0.0.1:8080")
    for sent: String? in [
        nil, "", String(repeating: "0", count: 64), String(token.dropLast()), token + "0", token.uppercased()
    ] {
        let request = try actionRequest(
            authority: "127.0.0.1:8080", headers: [origin] + (sent.map { [("X-Herald-Token", $0)] } ?? []))
        #expect(
            requestGuard.refusal(for: request) == "the request lacks this server's token; reload the page",
            "\(sent ?? "no token")")
    }
    // Through a name that is not this server's, even a page's full set of headers is refused.
    let rebound = try actionRequest(
        authority: "evil.example:8080",
        headers: [("Origin", "http://evil.example:8080"), ("X-Herald-Token", token)])
    #expect(requestGuard.refusal(for: rebound) == "the request's Host is not this server's address")
    let noHost = try actionRequest(authority: nil, headers: [origin, ("X-Herald-Token", token)])
    #expect(requestGuard.refusal(for: noHost) == "the request's Host is not this server's address")
}

@Test func aHeaderTheGuardReadsGivenTwiceIsMalformed() throws {
    let requestGuard = boundGuard()
    let good = [("Origin", "http://127.0.0.1:8080"), ("X-Herald-Token", token)]
    // The first Host is the authority; another one stays among the fields.
    for (name, extra) in [
        ("host", ("Host", "evil.example:8080")), ("origin", ("Origin", "http://evil.example")),
        ("x-herald-token", ("x-herald-token", token))
    ] {
        let request = try actionRequest(authority: "127.0.0.1:8080", headers: good + [extra])
        #expect(requestGuard.duplicateHeader(in: request) == "the request has more than one \(name) header")
    }
}

@Test func eachRunHasItsOwnLongRandomToken() {
    let tokens = Set((0..<20).map { _ in RequestGuard.makeToken() })
    #expect(tokens.count == 20)
    #expect(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
}
