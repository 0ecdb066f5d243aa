import Foundation
@testable import HeraldServe
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

// The routes as `herald serve` answers them, each request handed to the real router in process
// (HummingbirdTesting's `.router` mode: no socket; every request's Host is `localhost`).

private func subPathSite() -> [String: String] {
    boardFiles.merging([
        "herald.yml": "title: Board\nbase_url: https://example.org/board/\ntasks:\n  source: Content/todo.txt\n"
    ]) { $1 }
}

@Test func pagesFoldersRedirectsAndTheSites404AreServedFromMemory() async throws {
    let site = try await ServedTestSite(boardFiles)
    try await site.application().test(.router) { client in
        let home = try await client.execute(uri: "/", method: .get)
        #expect(home.status == .ok)
        #expect(home.headers[.contentType] == "text/html; charset=utf-8")
        #expect(home.headers[.cacheControl] == "no-store")
        let page = text(home.body)
        let script = try #require(page.range(of: #"<script id="herald-serve-script">"#))
        #expect(script.lowerBound < (page.range(of: "</body>", options: .backwards)?.lowerBound ?? page.startIndex))

        let board = try await client.execute(uri: "/tasks/", method: .get)
        #expect(board.status == .ok)
        #expect(text(board.body).contains("Call Mom"))
        let folder = try await client.execute(uri: "/tasks?view=all", method: .get)
        #expect(folder.status == .movedPermanently)
        #expect(folder.headers[.location] == "/tasks/?view=all")

        // HEAD: the GET's headers, no body.
        let head = try await client.execute(uri: "/tasks/", method: .head)
        #expect(head.status == .ok)
        #expect(head.headers[.contentLength] == String(board.body.readableBytes))
        #expect(head.body.readableBytes == 0)

        let missing = try await client.execute(uri: "/no/such/page/", method: .get)
        #expect(missing.status == .notFound)
        #expect(text(missing.body).contains("herald-serve-script"))
        #expect(try await client.execute(uri: "/no-such-file.png", method: .get).status == .notFound)
        #expect(try await client.execute(uri: "/a%00b/", method: .get).status == .badRequest)
    }
    // The served pages are the session's, in memory: nothing was written.
    #expect(!site.folder.exists("Output"))
}

@Test func aSiteWithABasePathIsServedUnderItOnly() async throws {
    let site = try await ServedTestSite(subPathSite())
    try await site.application().test(.router) { client in
        for path in ["/", "/board"] {
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .movedPermanently, "\(path)")
            #expect(response.headers[.location] == "/board/", "\(path)")
        }
        #expect(try await client.execute(uri: "/board/", method: .get).status == .ok)
        #expect(text(try await client.execute(uri: "/board/tasks/", method: .get).body).contains("Call Mom"))
        #expect(try await client.execute(uri: "/tasks/", method: .get).status == .notFound)
    }
}

@Test func eachRouteTakesItsOwnMethodsAndTheReservedPathsNoOthers() async throws {
    let site = try await ServedTestSite(boardFiles)
    try await site.application().test(.router) { client in
        let post = try await client.execute(uri: "/tasks/", method: .post, body: ByteBuffer(string: "x"))
        #expect(post.status == .methodNotAllowed)
        #expect(post.headers[.allow] == "GET, HEAD")
        #expect(post.headers[.connection] == "close")
        let getActions = try await client.execute(uri: PageInjection.tasksPath, method: .get)
        #expect(getActions.status == .methodNotAllowed)
        #expect(getActions.headers[.allow] == "POST")
        let postEvents = try await client.execute(uri: PageInjection.eventsPath, method: .post)
        #expect(postEvents.status == .methodNotAllowed)
        #expect(postEvents.headers[.allow] == "GET")
        // No site can own a page under /_herald/.
        #expect(try await client.execute(uri: "/_herald/other", method: .get).status == .notFound)
    }
}

@Test func anActionIsRefusedBeforeItsBodyIsRead() async throws {
    let site = try await ServedTestSite(boardFiles)
    let token = site.served.requestGuard.token
    try await site.application().test(.router) { client in
        // The router's Host is `localhost` with no port, which no server of ours listens as.
        let foreign = try await client.execute(
            uri: PageInjection.tasksPath, method: .post,
            headers: try HTTPFields([("Origin", "http://localhost"), ("X-Herald-Token", token)]),
            body: ByteBuffer(string: #"{"action":"add","text":"Sneaked in"}"#))
        #expect(foreign.status == .forbidden)
        #expect(
            text(foreign.body) == #"{"error":"refused: the request's Host is not this server's address","ok":false}"#)
        #expect(foreign.headers[.connection] == "close")
        // Two Origins: malformed, whichever of them would pass.
        let twice = try await client.execute(
            uri: PageInjection.tasksPath, method: .post,
            headers: try HTTPFields([
                ("Origin", "http://localhost"), ("Origin", "http://evil.example"),
                ("X-Herald-Token", token)
            ]),
            body: ByteBuffer(string: #"{"action":"add","text":"Sneaked in"}"#))
        #expect(twice.status == .badRequest)
        #expect(text(twice.body).contains("more than one origin header"))
    }
    #expect(try site.folder.read("Content/todo.txt") == todo)
}

@Test func beforeAnyGoodBuildEveryPageShowsTheErrors() async throws {
    let site = try await ServedTestSite(
        boardFiles.merging(["herald.yml": "title: Board\ntasks:\n  source: Content/<missing>.txt\n"]) { $1 })
    try await site.application().test(.router) { client in
        let page = try await client.execute(uri: "/tasks/", method: .get)
        #expect(page.status == .internalServerError)
        let body = text(page.body)
        #expect(body.contains("<title>Build failed</title>"))
        // The errors are shown as text, never as markup.
        #expect(body.contains("&lt;missing&gt;.txt") && !body.contains("<missing>"))
        #expect(body.contains(#""errorPage":true"#))
        let asset = try await client.execute(uri: "/style.css", method: .get)
        #expect(asset.status == .serviceUnavailable)
        #expect(text(asset.body) == "No build has succeeded yet.\n")
    }
}
