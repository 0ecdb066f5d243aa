import AsyncHTTPClient
import Foundation
import HeraldTestSupport
import NIOCore
import Testing

// The third probe's remote cases: where a paged or redirected source may lead, what it may take
// along, and what an empty answer or a strange redirect means. Two servers on 127.0.0.1 are two
// origins (their ports differ); each test runs the binary as a user would.

private let secretHeaders =
    "  headers: {Authorization: \"Bearer ${HERALD_TEST_TOKEN}\", X-Api-Key: \"${HERALD_TEST_KEY}\"}\n"

private func secrets() -> [String: String] {
    ["HERALD_TEST_TOKEN": "token-\(UUID().uuidString)", "HERALD_TEST_KEY": "key-\(UUID().uuidString)"]
}

/// A site whose heroes come from `url`; `settings` are more lines of `heroes:`.
private func site(_ url: String, _ settings: String = "") throws -> TemporarySite {
    try TemporarySite(["herald.yml": "title: Remote\nheroes:\n  source: \"\(url)\"\n  max_age: 1h\n\(settings)"])
}

private extension TemporarySite {
    func build(
        at instant: String = "2026-11-21T10:00:00Z", _ arguments: [String] = [],
        environment: [String: String] = [:]
    ) async throws -> CLI.Result {
        try await herald(["build", "--now", instant] + arguments, environment: environment)
    }

    /// Every regular file under the site folder whose bytes hold `text`.
    func files(holding text: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { path in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url(path).path, isDirectory: &isFolder), !isFolder.boolValue
            else {
                return false
            }
            return try Data(contentsOf: url(path)).range(of: Data(text.utf8)) != nil
        }
    }
}

private func sentSecrets(_ request: TestServer.Request) -> Bool {
    request.headers["authorization"] != nil || request.headers["x-api-key"] != nil
}

@Test(arguments: ["Link", "body"])
func aNextPageOnAnotherOriginIsAskedWithoutTheSourcesSecrets(_ how: String) async throws {
    let home = try TestServer()
    let other = try TestServer()
    let environment = secrets()
    let source =
        how == "Link"
        ? home.url("/link-next.json", to: other.url("/last.json"))
        : home.url("/body-next.json", to: other.url("/last-items.json"))
    let remote = try site(source, secretHeaders + (how == "body" ? "  root: items\n  next: next\n" : ""))
    let result = try await remote.build(environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try remote.read("Output/heroes/last/index.html").contains("Last"))
    let first = try #require(try home.requests(to: how == "Link" ? "/link-next.json" : "/body-next.json").first)
    #expect(first.headers["authorization"] == "Bearer \(environment["HERALD_TEST_TOKEN"] ?? "")")
    #expect(first.headers["x-api-key"] == environment["HERALD_TEST_KEY"])
    let elsewhere = try other.requests(to: how == "Link" ? "/last.json" : "/last-items.json")
    #expect(elsewhere.count == 1)
    #expect(!elsewhere.contains(where: sentSecrets), "\(elsewhere.map(\.headers))")
}

@Test func aRedirectCarriesTheSecretsOnlyWithinTheSourcesOrigin() async throws {
    let home = try TestServer()
    let other = try TestServer()
    let environment = secrets()
    let away = try site(home.url("/moved.json", to: other.url("/last.json")), secretHeaders)
    #expect(try await away.build(environment: environment).status == 0)
    #expect(try home.requests(to: "/moved.json").allSatisfy(sentSecrets))
    #expect(try other.requests(to: "/last.json").count == 1)
    #expect(try !other.requests(to: "/last.json").contains(where: sentSecrets))

    let within = try site(home.url("/moved.json", to: home.url("/last.json")), secretHeaders)
    #expect(try await within.build(environment: environment).status == 0)
    #expect(try home.requests(to: "/last.json").count == 1)
    #expect(try home.requests(to: "/last.json").allSatisfy(sentSecrets))
}

@Test func aNextPageOrRedirectToAUnixSocketIsRefusedAndTheSocketNeverAsked() async throws {
    let server = try TestServer()
    let socket =
        "http+unix://" + (server.socketPath.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") + "/x"
    // The socket answers whoever asks it: the test would see a request that reached it.
    let direct = try await HTTPClient.shared.execute(HTTPClientRequest(url: socket), timeout: .seconds(10))
    #expect(direct.status.code == 404)
    #expect(try server.requests().filter(\.socket).count == 1)

    let paged = try site(server.url("/link-next.json", to: socket), secretHeaders)
    let refused = try await paged.build(environment: secrets())
    #expect(refused.status == 1)
    #expect(
        refused.stderr.contains(
            "error: page 1 names a 'http+unix:' URL as its next page; pages are followed over http(s) only"),
        "\(refused.stderr)")
    let body = try site(server.url("/body-next.json", to: socket), "  root: items\n  next: next\n")
    #expect(try await body.build().stderr.contains("page 1 names a 'http+unix:' URL as its next page"))
    let moved = try await site(server.url("/moved.json", to: socket)).build()
    #expect(moved.status == 1)
    #expect(
        moved.stderr.contains("cannot fetch the source (a redirect to a 'http+unix:' URL, which is not http(s))"),
        "\(moved.stderr)")
    let file = try await site(server.url("/moved.json", to: "file:///etc/passwd")).build()
    #expect(file.stderr.contains("(a redirect to a 'file:' URL, which is not http(s))"))
    #expect(try server.requests().filter(\.socket).count == 1)
    #expect(!refused.stderr.contains(server.socketPath) && !moved.stderr.contains(server.socketPath))
}

@Test func anEmptyAnswerIsAFailedFetchNotAnEmptySite() async throws {
    let server = try TestServer()
    let empty = try await site(server.url("/empty.json")).build()
    #expect(empty.status == 1)
    #expect(
        empty.stderr.contains(
            "cannot fetch the source (HTTP 200 OK with an empty body), and there is no cached copy to build from"),
        "\(empty.stderr)")

    try server.serve("heroes.json", #"[{"name": "Ada"}]"#)
    let remote = try site(server.url("/heroes.json"))
    #expect(try await remote.build().status == 0)
    try server.serve("heroes.json", "\n")
    let stale = try await remote.build(at: "2026-11-21T12:00:00Z")
    #expect(stale.status == 0)
    #expect(
        stale.stderr.contains(
            "warning: cannot fetch the source (HTTP 200 OK with an empty body); building from the copy of"))
    #expect(try remote.read("Output/heroes/ada/index.html").contains("Ada"))
    #expect(try await remote.build(at: "2026-11-21T14:00:00Z", ["--strict"]).status == 1)
}

@Test func aVariableInTheSourceURLIsSentButNeverKeptOrShown() async throws {
    let server = try TestServer()
    let environment = secrets()
    let key = try #require(environment["HERALD_TEST_KEY"])
    // The first page's Link names the next page with the key in its query, as some APIs do.
    let next = (server.url("/last.json") + "?key=").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    let remote = try site(server.url("/link-next.json") + "?key=${HERALD_TEST_KEY}&to=\(next)${HERALD_TEST_KEY}")
    let result = try await remote.build(["--verbose", "--report", "report.json"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try server.requests(to: "/link-next.json").first?.path.contains("key=\(key)") == true)
    #expect(try server.requests(to: "/last.json").first?.path == "/last.json?key=\(key)")
    #expect(!result.output.contains(key) && !result.stderr.contains(key))
    #expect(try remote.files(holding: key) == [])
    #expect(try !remote.files(holding: "${HERALD_TEST_KEY}").isEmpty)

    let unset = try await remote.build(at: "2026-11-22T10:00:00Z")
    #expect(unset.stderr.contains("the source's URL uses the environment variable HERALD_TEST_KEY, which is not set"))
}

@Test func aTimeoutTooLongToCountIsAConfigErrorNotACrash() async throws {
    let server = try TestServer()
    let remote = try site(server.url("/heroes.json"), "  timeout: 300000d\n")
    let result = try await remote.build()
    #expect(result.status == 1)
    #expect(
        result.stderr.contains("herald.yml:5:12: error: 'timeout' may be at most 1d, found '300000d'"),
        "\(result.stderr)")
    let check = try await remote.herald(["check", "--external", "--timeout", "300000d"])
    #expect(
        check.status == 2 && check.stderr.contains("--timeout may be at most 1d, found '300000d'"), "\(check.stderr)")
}

@Test func theLinkCheckerCountsNoStrangeRedirectOrUnaskedNotModifiedAsWorking() async throws {
    let server = try TestServer()
    let socket =
        "http+unix://" + (server.socketPath.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") + "/x"
    let links = [
        server.url("/links/elsewhere", to: "file:///etc/passwd"), server.url("/links/elsewhere", to: socket),
        server.url("/links/not-modified"), server.url("/links/elsewhere", to: server.url("/links/ok"))
    ]
    let site = try TemporarySite([
        "herald.yml": "title: Outside\n",
        "Output/index.html": "<!doctype html><title>Links</title>\n"
            + links.map { #"<a href="\#($0)">x</a>"# }.joined(separator: "\n") + "\n"
    ])
    let result = try await site.herald(["check", "--external", "--timeout", "5s"])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(
        lines.contains(
            "Output/index.html:2:10: error: broken link '\(links[0])' (a redirect to a 'file:' URL, which is not http(s))"
        ),
        "\(result.stderr)")
    #expect(
        lines.contains(
            "Output/index.html:3:10: error: broken link '\(links[1])' (a redirect to a 'http+unix:' URL, which is not http(s))"
        ))
    #expect(
        lines.contains(
            "Output/index.html:4:10: error: broken link '\(links[2])' (HTTP 304 Not Modified to a request that asked for no copy)"
        ))
    #expect(!result.stderr.contains("links/ok"))
    #expect(try server.requests(to: "/links/ok").count == 1)
    #expect(try server.requests().filter(\.socket).isEmpty)
}
