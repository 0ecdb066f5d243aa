import Foundation
@testable import HeraldServe
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

// The board's actions through a live server in process (HummingbirdTesting's `.live` mode), each
// request on a connection of its own from HummingbirdTesting's client: the framework's own client
// always names the host `localhost` without its port, and the guard's checks need the Host and
// Origin a browser would send.

/// One request to the live server at `port`, its Host `authority` (this server's address when nil).
private func send(
    _ method: HTTPRequest.Method, _ path: String, port: Int, authority: String? = nil,
    headers: [(String, String)] = [], body: String? = nil
) async throws -> TestClient.Response {
    let fields = try HTTPFields(headers)
    return try await TestClient.withClient(host: "localhost", port: port) { client in
        try await client.execute(
            TestClient.Request(
                path, method: method, authority: authority ?? "localhost:\(port)",
                headers: fields, body: body.map { ByteBuffer(string: $0) }))
    }
}

/// The headers the board's script sends from a page of this server.
private func pageHeaders(port: Int, token: String) -> [(String, String)] {
    [("Origin", "http://localhost:\(port)"), ("X-Herald-Token", token), ("Content-Type", "application/json")]
}

/// The board settings a served page carries, nil when it has none.
private func boardSettings(of page: String) throws -> [String: Any]? {
    let start = try #require(page.range(of: #"<script type="application/json" id="herald-serve-config">"#))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let settings =
        try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
    return settings?["board"] as? [String: Any]
}

@Test func theTokenGoesOnlyToPagesAskedForByThisServersOwnAddress() async throws {
    let site = try await ServedTestSite(boardFiles)
    let token = site.served.requestGuard.token
    try await site.application().test(.live) { client in
        let port = try #require(client.port)
        let ownPage = try #require(try await send(.get, "/tasks/", port: port).body)
        let own = try #require(try boardSettings(of: text(ownPage)))
        #expect(own["token"] as? String == token)
        #expect(own["columns"] as? [[String: String]] != nil)
        // A page fetched through someone else's DNS name (rebinding) gets no token to send back.
        let rebound = try await send(.get, "/tasks/", port: port, authority: "evil.example:\(port)")
        #expect(rebound.status == .ok)
        let page = text(try #require(rebound.body))
        #expect(try boardSettings(of: page) == nil)
        #expect(!page.contains(token))
    }
}

@Test func anActionThatPassesTheGuardIsWrittenAndOnTheBoardWhenItsAnswerComes() async throws {
    let site = try await ServedTestSite(boardFiles)
    let token = site.served.requestGuard.token
    try await site.application().test(.live) { client in
        let port = try #require(client.port)
        let added = try await send(
            .post, PageInjection.tasksPath, port: port, headers: pageHeaders(port: port, token: token),
            body: #"{"action":"add","text":"Water the plants"}"#)
        #expect(added.status == .ok)
        #expect(text(try #require(added.body)).hasPrefix(#"{"id":""#))
        #expect(try site.folder.read("Content/todo.txt").hasPrefix(todo))
        #expect(try site.folder.read("Content/todo.txt").contains("Water the plants"))
        // The answer waited for the rebuild: the board already shows the new card.
        let board = try #require(try await send(.get, "/tasks/", port: port).body)
        #expect(text(board).contains("Water the plants"))
        #expect(site.output.lines.contains { $0.hasPrefix("Rebuilt ") })
    }
}

@Test func anActionWithoutAllThreeOfHostOriginAndTokenChangesNothing() async throws {
    let site = try await ServedTestSite(boardFiles)
    let token = site.served.requestGuard.token
    try await site.application().test(.live) { client in
        let port = try #require(client.port)
        let add = #"{"action":"add","text":"Sneaked in"}"#
        let refused: [(authority: String?, headers: [(String, String)])] = [
            (nil, [("Origin", "http://localhost:\(port)")]),
            (nil, [("Origin", "http://localhost:\(port)"), ("X-Herald-Token", String(repeating: "0", count: 64))]),
            (nil, [("X-Herald-Token", token)]),
            (nil, [("Origin", "http://evil.example"), ("X-Herald-Token", token)]),
            (nil, [("Origin", "null"), ("X-Herald-Token", token)]),
            (nil, [("Origin", "http://127.0.0.1:\(port)"), ("X-Herald-Token", token)]),
            ("evil.example:\(port)", [("Origin", "http://evil.example:\(port)"), ("X-Herald-Token", token)])
        ]
        for (authority, headers) in refused {
            let reply = try await send(
                .post, PageInjection.tasksPath, port: port, authority: authority, headers: headers, body: add)
            #expect(reply.status == .forbidden, "\(headers)")
            #expect(text(try #require(reply.body)).hasPrefix(#"{"error":"refused: "#))
            #expect(reply.headers[.connection] == "close")
        }
        // A header the guard reads, given twice: malformed, whichever copy would pass.
        for twice in [("Host", "evil.example:\(port)"), ("Origin", "http://evil.example"), ("X-Herald-Token", "0")] {
            let reply = try await send(
                .post, PageInjection.tasksPath, port: port,
                headers: pageHeaders(port: port, token: token) + [twice], body: add)
            #expect(reply.status == .badRequest, "\(twice.0)")
        }
    }
    #expect(try site.folder.read("Content/todo.txt") == todo)
    #expect(!site.output.lines.contains { $0.hasPrefix("Rebuilt ") })
}

@Test func anActionTooLargeIsRefusedAndItsConnectionEnds() async throws {
    let site = try await ServedTestSite(boardFiles)
    let token = site.served.requestGuard.token
    try await site.application().test(.live) { client in
        let port = try #require(client.port)
        let padded = #"{"action":"add","text":"Too much"}"# + String(repeating: " ", count: BoardActions.maxBody)
        let reply = try await send(
            .post, PageInjection.tasksPath, port: port, headers: pageHeaders(port: port, token: token),
            body: padded)
        #expect(reply.status == .contentTooLarge)
        #expect(text(try #require(reply.body)).contains("larger than \(BoardActions.maxBody) bytes"))
        #expect(reply.headers[.connection] == "close")
        // The largest body still read is an action like any other.
        let largest = #"{"action":"add","text":"Just fits"}"#
        let fits = largest + String(repeating: " ", count: BoardActions.maxBody - largest.utf8.count)
        let accepted = try await send(
            .post, PageInjection.tasksPath, port: port, headers: pageHeaders(port: port, token: token),
            body: fits)
        #expect(accepted.status == .ok)
    }
    let file = try site.folder.read("Content/todo.txt")
    #expect(!file.contains("Too much") && file.contains("Just fits"))
}

@Test func anActionThePageCouldNotHaveMeantIsAnsweredWithTheReason() async throws {
    let site = try await ServedTestSite(boardFiles)
    let token = site.served.requestGuard.token
    try await site.application().test(.live) { client in
        let port = try #require(client.port)
        let headers = pageHeaders(port: port, token: token)
        for (body, status, reason) in [
            ("not json", HTTPResponse.Status.badRequest, "is not a JSON action"),
            (#"{"action":"fly","id":"1"}"#, .badRequest, "unknown action 'fly'"),
            (#"{"action":"done"}"#, .badRequest, #"'done' needs the task's \"id\""#),
            (#"{"action":"edit","id":"1","due":"soon"}"#, .badRequest, "'soon' is not a date"),
            (#"{"action":"restore","undo":"nothing"}"#, .badRequest, "there is no removal to undo by that name"),
            (#"{"action":"done","id":"zzzz"}"#, .unprocessableContent, "zzzz")
        ] {
            let reply = try await send(.post, PageInjection.tasksPath, port: port, headers: headers, body: body)
            #expect(reply.status == status, "\(body)")
            let answer = text(try #require(reply.body))
            #expect(answer.contains(reason) && answer.contains(#""ok":false"#), "\(answer)")
        }
    }
    #expect(try site.folder.read("Content/todo.txt") == todo)
}
