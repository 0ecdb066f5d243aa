import AsyncHTTPClient
import Foundation
import HeraldTestSupport
import NIOCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// `herald serve` run as a user runs it, and talked to over HTTP on 127.0.0.1: pages from memory,
// rebuilds on changes, live-reload events, the error overlay, the board's actions and their guard.

/// SmallSite served from the root of its host instead of `/board/`.
private func rootSite() throws -> TemporarySite {
    let config = try #require(SmallSite.files["herald.yml"])
    return try TemporarySite(
        SmallSite.files.merging(
            [
                "herald.yml": config.replacingOccurrences(
                    of: "https://small.example.org/board/", with: "https://small.example.org/")
            ]) { $1 })
}

private let todo = "(A) 2026-11-01 Call Mom +Family @phone\nPick up milk @GroceryStore\nx 2026-11-20 Download the app\n"

private let todoFiles = [
    "herald.yml": "title: Board\ntimezone: Europe/Berlin\ntasks:\n  source: Content/todo.txt\n",
    "Content/todo.txt": todo
]

/// The live-reload settings a served page carries (the JSON before its script).
private func settings(of page: String) throws -> [String: Any] {
    let start = try #require(page.range(of: #"<script type="application/json" id="herald-serve-config">"#))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let json = Data(page[start.upperBound..<end.lowerBound].utf8)
    return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
}

/// The text between `<pre>` and `</pre>` of the page, as the browser shows it.
private func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        .replacingOccurrences(of: "'", with: "&#39;")
}

@Test func servesPagesFoldersRedirectsAndTheSites404() async throws {
    let site = try rootSite()
    let server = try await ServeProcess(in: site.folder)
    #expect(server.url == server.origin + "/")
    #expect(server.stdout.hasPrefix("Serving Small Board at http://127.0.0.1:"))

    let home = try await server.get("/")
    #expect(home.status == 200)
    #expect(home.headers["content-type"] == "text/html; charset=utf-8")
    #expect(home.headers["cache-control"] == "no-store")
    #expect(home.body.hasPrefix("<!doctype html>"))
    let script = try #require(home.body.range(of: #"<script id="herald-serve-script">"#))
    #expect(
        script.lowerBound < (home.body.range(of: "</body>", options: .backwards)?.lowerBound ?? home.body.startIndex))

    let board = try await server.get("/tasks/")
    #expect(board.status == 200)
    #expect(board.body.contains(SmallSite.openTask))
    #expect(try await server.get("/tasks").status == 301)
    #expect(try await server.get("/tasks").headers["location"] == "/tasks/")

    let hero = try await server.get("/heroes/lantern/")
    #expect(hero.status == 200)
    #expect(hero.body.contains("Lantern keeps the city"))

    let stylesheet = try #require(home.body.firstMatch(of: /<link rel="stylesheet" href="([^"]+)">/)?.1)
    let css = try await server.get("/" + stylesheet)
    #expect(css.status == 200)
    #expect(css.headers["content-type"] == "text/css; charset=utf-8")
    #expect(!css.body.contains("herald-serve"))
    #expect(try await server.get("/sitemap.xml").headers["content-type"] == "application/xml; charset=utf-8")

    let missing = try await server.get("/no/such/page/")
    #expect(missing.status == 404)
    #expect(missing.headers["content-type"] == "text/html; charset=utf-8")
    #expect(missing.body.contains("herald-serve-script"))
    #expect(try await server.get("/no-such-file.png").status == 404)
    #expect(try await server.stop() == 0)
}

@Test func aSiteWithASubPathIsServedUnderIt() async throws {
    let site = try TemporarySite.smallSite()
    let server = try await ServeProcess(in: site.folder)
    #expect(server.url == server.origin + "/board/")
    let root = try await server.get("/")
    #expect(root.status == 301)
    #expect(root.headers["location"] == "/board/")
    #expect(try await server.get("/board").headers["location"] == "/board/")
    #expect(try await server.get("/board/").status == 200)
    #expect(try await server.get("/board/tasks/").body.contains(SmallSite.openTask))
    #expect(try await server.get("/board/heroes/lantern/").status == 200)
    #expect(try await server.get("/tasks/").status == 404)
    #expect(try await server.stop() == 0)
}

/// The day in the small site's time zone: serve builds with the clock, so its task pages change
/// when the day does.
private func siteDay() -> DateComponents {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    return calendar.dateComponents([.year, .month, .day], from: Date())
}

@Test func editingOneHeroRerendersItsPageAndReloadsIt() async throws {
    let site = try rootSite()
    let firstDay = siteDay()
    let server = try await ServeProcess(in: site.folder)
    let events = try await server.events()
    try site.edit(
        "Content/heroes/lantern.md", replacing: "Lantern keeps the city's lights on.",
        with: "Lantern guards the harbour at night.")
    let page = try await poll(ServeProcess.patience) {
        let hero = try await server.get("/heroes/lantern/")
        return hero.body.contains("Lantern guards the harbour at night.") ? hero : nil
    }
    #expect(page.status == 200)
    let reload = try await events.waitFor("reload", containing: "lantern")
    let changed = try #require(try JSONSerialization.jsonObject(with: Data(reload.utf8)) as? [String: [String]])[
        "changed"]
    let output = try await server.waitForOutput { $0.contains("Rebuilt ") }
    // A run that crosses midnight also rebuilds the pages that show the day; only the hero is
    // then certain.
    if siteDay() == firstDay {
        #expect(changed == ["/heroes/lantern/"])
        #expect(output.contains("Rebuilt 1 pages in "))
    } else {
        #expect(changed?.contains("/heroes/lantern/") == true)
    }
    // The page of a hero no edit touched kept its bytes.
    #expect(try await server.get("/heroes/granite/").body.contains("Granite keeps the city"))
    #expect(try await server.stop() == 0)
}

@Test func aTemplateErrorShowsTheOverlayUntilItIsFixed() async throws {
    let site = try rootSite()
    let server = try await ServeProcess(in: site.folder)
    let events = try await server.events()
    // The first build's page is served before the template breaks: it is the last good one.
    _ = try await poll(ServeProcess.patience) { () async throws -> String? in
        let page = try await server.get("/heroes/lantern/").body
        return page.contains("Lantern keeps the city") ? page : nil
    }
    let good = "{{<base.html}}{{$content}}<h1>Hero: {{hero.name}}</h1>{{/content}}{{/base.html}}\n"
    try site.write("Templates/hero.html.mustache", good.replacingOccurrences(of: "{{hero.name}}", with: "{{hero.name}"))
    let failed = try await events.waitFor("failed", containing: "hero.html.mustache")
    #expect(failed.contains("error"))
    _ = try await server.waitForOutput { _ in server.stderr.contains("still serving the last good pages.") }
    #expect(server.stderr.contains("Templates/hero.html.mustache:1:"))

    // The last good page is still served, carrying the errors for the overlay.
    let stale = try await server.get("/heroes/lantern/")
    #expect(stale.status == 200)
    #expect(stale.body.contains("Lantern keeps the city"))
    let errors = try #require(try settings(of: stale.body)["errors"] as? [String])
    #expect(errors.contains { $0.hasPrefix("Templates/hero.html.mustache:1:") })

    try site.write("Templates/hero.html.mustache", good)
    _ = try await events.waitFor("reload", containing: "lantern")
    let fixed = try await server.get("/heroes/lantern/")
    #expect(fixed.body.contains("<h1>Hero: Lantern</h1>"))
    #expect(try settings(of: fixed.body)["errors"] == nil)
    #expect(try await server.stop() == 0)
}

@Test func aFailedFirstBuildStillServesTheErrors() async throws {
    let site = try rootSite()
    let config = try site.read("herald.yml")
    try site.write("herald.yml", config.replacingOccurrences(of: "title: Small Board", with: "titel: <Small> Board"))
    let server = try await ServeProcess(in: site.folder)
    let stderr = try await poll(ServeProcess.patience) { server.stderr.contains("Build failed") ? server.stderr : nil }
    let message = try #require(stderr.split(separator: "\n").first { $0.hasPrefix("herald.yml:") })
    for path in ["/", "/tasks/", "/heroes/lantern/"] {
        let page = try await server.get(path)
        #expect(page.status == 500)
        #expect(page.body.contains(escaped(String(message))), "\(path)")
        #expect(try settings(of: page.body)["errorPage"] as? Bool == true)
    }
    let events = try await server.events()
    try site.write("herald.yml", config)
    _ = try await events.waitFor("reload")
    let home = try await server.get("/")
    #expect(home.status == 200)
    #expect(home.body.contains("Small Board"))
    #expect(try await server.stop() == 0)
}

@Test func sigtermAndSigintStopItCleanlyLeavingNoFiles() async throws {
    let site = try rootSite()
    let before = try FileManager.default.subpathsOfDirectory(atPath: site.folder.path).sorted()
    for signal in [SIGTERM, SIGINT] {
        let server = try await ServeProcess(in: site.folder)
        let events = try await server.events()
        #expect(try await server.get("/").status == 200)
        #expect(try await server.stop(signal) == 0, "\(server.stderr)")
        #expect(events.received.hasPrefix("retry: "))
    }
    #expect(try FileManager.default.subpathsOfDirectory(atPath: site.folder.path).sorted() == before)
}

@Test func aTakenPortIsAOneLineError() async throws {
    let site = try rootSite()
    let server = try await ServeProcess(in: site.folder)
    let port = try #require(server.origin.split(separator: ":").last.map(String.init))
    let second = try await CLI.run(["serve", "--port", port], in: site.folder)
    #expect(second.status == 1)
    #expect(second.output.isEmpty)
    #expect(
        second.stderr
            == "error: cannot serve on 127.0.0.1:\(port): the port is in use; pick another with --port, or --port 0 for a free one\n"
    )
    #expect(try await server.stop() == 0)
}

@Test func boardActionsEditTheTaskFileAsHeraldTasksDoes() async throws {
    let site = try TemporarySite(todoFiles)
    let twin = try TemporarySite(todoFiles)
    let server = try await ServeProcess(in: site.folder)
    let board = try await server.get("/tasks/")
    let actions = try #require(try settings(of: board.body)["board"] as? [String: Any])
    let token = try #require(actions["token"] as? String)
    #expect(token.count == 64)
    #expect(actions["readOnly"] == nil)
    let columns = try #require(actions["columns"] as? [[String: String]]).compactMap { $0["name"] }
    #expect(columns.count >= 3)
    let list = try await CLI.run(["tasks", "list"], in: twin.folder)
    let ids = list.output.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    try #require(ids.count == 3)
    let headers = ["X-Herald-Token": token, "Origin": server.origin]

    let steps: [(json: String, command: [String])] = [
        (#"{"action":"done","id":"\#(ids[0])"}"#, ["tasks", "done", ids[0]]),
        (#"{"action":"move","id":"\#(ids[1])","status":"\#(columns[1])"}"#, ["tasks", "move", ids[1], columns[1]]),
        (#"{"action":"reopen","id":"\#(ids[0])"}"#, ["tasks", "reopen", ids[0]]),
        (#"{"action":"remove","id":"\#(ids[2])"}"#, ["tasks", "remove", ids[2]]),
        (
            #"{"action":"add","text":"Water the plants @home","status":"\#(columns[1])"}"#,
            ["tasks", "add", "Water the plants @home", "--status", columns[1]]
        )
    ]
    let events = try await server.events()
    for step in steps {
        let reply = try await server.post("/_herald/tasks", json: step.json, headers: headers)
        #expect(reply.status == 200, "\(step.json): \(reply.body)")
        #expect(reply.body.hasPrefix(#"{"id":""#), "\(reply.body)")
        // A removal's answer names it, to undo it by; no other answer has anything to undo.
        #expect(reply.body.hasSuffix(#","ok":true}"#) != step.json.contains(#""remove""#), "\(reply.body)")
        let command = try await CLI.run(step.command, in: twin.folder)
        #expect(command.status == 0, "\(command.stderr)")
        #expect(
            try Data(contentsOf: site.url("Content/todo.txt")) == Data(contentsOf: twin.url("Content/todo.txt")),
            "\(step.json)")
    }
    // The answer comes after the rebuild: the board shows the new task at once.
    #expect(try await server.get("/tasks/").body.contains("Water the plants"))
    _ = try await events.waitFor("reload", containing: "/tasks/")

    let bad = try await server.post(
        "/_herald/tasks", json: #"{"action":"move","id":"\#(ids[1])","status":"someday"}"#, headers: headers)
    #expect(bad.status == 422)
    #expect(bad.body.contains("'someday' is not a column of the board"))
    #expect(try await server.post("/_herald/tasks", json: "not json", headers: headers).status == 400)
    #expect(try await server.stop() == 0)
}

@Test func aChangeWithoutTheTokenOrFromAnotherOriginIsRefused() async throws {
    let site = try TemporarySite(todoFiles)
    let server = try await ServeProcess(in: site.folder)
    let board = try #require(try settings(of: try await server.get("/tasks/").body)["board"] as? [String: Any])
    let token = try #require(board["token"] as? String)
    let list = try await CLI.run(["tasks", "list"], in: site.folder)
    let id = String(try #require(list.output.split(separator: "\n").first).prefix { $0 != " " })
    let done = #"{"action":"done","id":"\#(id)"}"#
    let port = try #require(server.origin.split(separator: ":").last)
    let refused: [[String: String]] = [
        ["Origin": server.origin],
        ["Origin": server.origin, "X-Herald-Token": String(repeating: "0", count: 64)],
        ["X-Herald-Token": token],
        ["Origin": "http://evil.example", "X-Herald-Token": token],
        ["Origin": "null", "X-Herald-Token": token],
        ["Origin": "http://evil.example:\(port)", "X-Herald-Token": token, "Host": "evil.example:\(port)"]
    ]
    for headers in refused {
        let reply = try await server.post("/_herald/tasks", json: done, headers: headers)
        #expect(reply.status == 403, "\(headers)")
        #expect(reply.body.hasPrefix(#"{"error":"refused: "#), "\(reply.body)")
    }
    // A header the guard reads, given twice: malformed, whichever copy would pass.
    let host = server.origin.dropFirst("http://".count)
    for (twice, other) in [("Origin", "http://evil.example"), ("Host", "evil.example:\(port)"), ("X-Herald-Token", "0")]
    {
        var request = HTTPClientRequest(url: server.origin + "/_herald/tasks")
        request.method = .POST
        request.headers.add(name: "Host", value: String(host))
        request.headers.add(name: "Origin", value: server.origin)
        request.headers.add(name: "X-Herald-Token", value: token)
        request.headers.add(name: twice, value: other)
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: done))
        let reply = try await server.client.execute(request, timeout: .seconds(30))
        #expect(reply.status.code == 400, "\(twice)")
    }
    #expect(try site.read("Content/todo.txt") == todo)
    // A page fetched through another name (DNS rebinding) gets no token to send.
    var foreign = HTTPClientRequest(url: server.origin + "/tasks/")
    foreign.headers.replaceOrAdd(name: "Host", value: "evil.example:\(port)")
    let rebound = try await server.client.execute(foreign, timeout: .seconds(30))
    let page = String(buffer: try await rebound.body.collect(upTo: 1 << 24))
    #expect(rebound.status.code == 200)
    #expect(try settings(of: page)["board"] == nil)
    #expect(!page.contains(token))
    let localhost = try await server.post(
        "/_herald/tasks", json: done,
        headers: ["Origin": "http://localhost:\(port)", "Host": "localhost:\(port)", "X-Herald-Token": token])
    #expect(localhost.status == 200)
    #expect(try site.read("Content/todo.txt") != todo)
    #expect(try await server.stop() == 0)
}

@Test func builtPagesCarryNoReloadScriptAndNoActions() async throws {
    let site = try TemporarySite.smallSite()
    let build = try await CLI.run(["build"], in: site.folder)
    #expect(build.status == 0, "\(build.stderr)")
    let files = try FileManager.default.subpathsOfDirectory(atPath: site.output.path)
    for file in files {
        let bytes = (try? Data(contentsOf: site.output.appendingPathComponent(file))) ?? Data()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            !text.contains("herald-serve") && !text.contains("/_herald/") && !text.contains("EventSource"), "\(file)")
    }
}

@Test func eachBoardActionIsOnTheServedBoardWhenItsAnswerComes() async throws {
    let site = try TemporarySite(todoFiles)
    let server = try await ServeProcess(in: site.folder)
    let board = try await server.get("/tasks/")
    let token = try #require((try settings(of: board.body)["board"] as? [String: Any])?["token"] as? String)
    let list = try await CLI.run(["tasks", "list", "--source", site.folder.path], in: site.folder)
    let open = list.output.split(separator: "\n").filter { $0.contains(" todo ") }.map {
        String($0.prefix { $0 != " " })
    }
    try #require(open.count == 2)
    // One action right after another: each answer comes after a rebuild that saw its own write,
    // whether or not the watcher has read that write yet.
    for id in open {
        let reply = try await server.post(
            "/_herald/tasks", json: #"{"action":"done","id":"\#(id)"}"#,
            headers: ["X-Herald-Token": token, "Origin": server.origin])
        #expect(reply.status == 200, "\(reply.body)")
        #expect(try await server.get("/tasks/").body.contains(#"<li class="card completed" id="task-\#(id)""#))
    }
    #expect(try await server.stop() == 0)
}

@Test func theBoardsDoneOnARepeatingTaskAddsItsNextOccurrenceAsHeraldTasksDoes() async throws {
    let files = [
        "herald.yml": "title: Board\ntasks:\n  source: Content/todo.txt\n",
        "Content/todo.txt": "2026-11-01 Water the plants due:2026-11-20 rec:+1w\nCall Mom\n"
    ]
    let site = try TemporarySite(files)
    let twin = try TemporarySite(files)
    let server = try await ServeProcess(in: site.folder)
    let token = try #require(
        (try settings(of: try await server.get("/tasks/").body)["board"] as? [String: Any])?["token"] as? String)
    let list = try await CLI.run(["tasks", "list"], in: site.folder)
    let plants = String(try #require(list.output.split(separator: "\n").first).prefix { $0 != " " })
    let reply = try await server.post(
        "/_herald/tasks", json: #"{"action":"done","id":"\#(plants)"}"#,
        headers: ["X-Herald-Token": token, "Origin": server.origin])
    #expect(reply.status == 200, "\(reply.body)")
    // The same editor as the command: the same bytes, and the answer names both tasks.
    let command = try await CLI.run(["tasks", "done", plants], in: twin.folder)
    #expect(command.status == 0, "\(command.stderr)")
    #expect(try site.read("Content/todo.txt") == twin.read("Content/todo.txt"))
    // Strict: a week from its due date, whatever day the test runs.
    #expect(try site.read("Content/todo.txt").hasSuffix(" Water the plants due:2026-11-27 rec:+1w\n"))
    let lines = command.output.split(separator: "\n")
    try #require(lines.count == 2)
    let done = String(lines[0].dropFirst("Done ".count).prefix { $0 != ":" })
    let next = String(lines[1].dropFirst("Added the next occurrence ".count).prefix { $0 != ":" })
    #expect(reply.body == #"{"id":"\#(done)","next":"\#(next)","ok":true}"#)
    #expect(try await server.stop() == 0)
}

@Test func aTaskSourceTheEditorCannotWriteShowsTheActionsOffWithTheReason() async throws {
    let site = try TemporarySite([
        "herald.yml": "title: Board\ntasks:\n  source: Content/*.txt\n",
        "Content/todo.txt": todo
    ])
    let server = try await ServeProcess(in: site.folder)
    let board = try #require(try settings(of: try await server.get("/tasks/").body)["board"] as? [String: Any])
    let reason = try #require(board["readOnly"] as? String)
    #expect(reason.contains("the files of the pattern 'Content/*.txt', and herald tasks edits one file"))
    let token = try #require(board["token"] as? String)
    let reply = try await server.post(
        "/_herald/tasks", json: #"{"action":"add","text":"Nope"}"#,
        headers: ["X-Herald-Token": token, "Origin": server.origin])
    #expect(reply.status == 422)
    #expect(reply.body.contains("the files of the pattern 'Content/*.txt'"))
    #expect(try site.read("Content/todo.txt") == todo)
    #expect(try await server.stop() == 0)
}

/// Sends `head` and then `body` on a new connection to 127.0.0.1:`port`, and reads until the
/// server closes it or `limit` passes: what came back, and whether the server closed it.
private func exchange(port: UInt16, head: String, body: [UInt8], limit: Int) throws -> (answer: String, closed: Bool) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(socket >= 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    try #require(connected == 0)
    var timeout = timeval(tv_sec: limit, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let request = Array(head.utf8) + body
    _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = recv(socket, &buffer, buffer.count, 0)
        if count == 0 { return (String(decoding: answer, as: UTF8.self), true) }
        if count < 0 { return (String(decoding: answer, as: UTF8.self), false) }
        answer += buffer[..<count]
    }
}

@Test func anActionTooLargeIsRefusedAndItsConnectionEnds() async throws {
    let site = try TemporarySite(todoFiles)
    let server = try await ServeProcess(in: site.folder)
    let board = try #require(try settings(of: try await server.get("/tasks/").body)["board"] as? [String: Any])
    let token = try #require(board["token"] as? String)
    let portText = try #require(server.origin.split(separator: ":").last)
    let port = try #require(UInt16(portText))
    let host = server.origin.dropFirst("http://".count)
    // A body announced far beyond the limit, of which only a part is ever sent: a server that
    // read it to its end would wait for the rest, and the connection would stay open.
    let head =
        "POST /_herald/tasks HTTP/1.1\r\nHost: \(host)\r\nOrigin: \(server.origin)\r\nX-Herald-Token: \(token)\r\n"
        + "Content-Type: application/json\r\nContent-Length: 100000000\r\n\r\n"
    let tooLarge = try exchange(
        port: port, head: head, body: Array(repeating: UInt8(ascii: " "), count: 200_000), limit: 20)
    #expect(tooLarge.answer.hasPrefix("HTTP/1.1 413"), "\(tooLarge.answer)")
    #expect(tooLarge.answer.contains("larger than"))
    #expect(tooLarge.closed)
    // So does a request refused before its body is read.
    let foreign = head.replacingOccurrences(of: "Origin: \(server.origin)", with: "Origin: http://evil.example")
    let refused = try exchange(
        port: port, head: foreign, body: Array(repeating: UInt8(ascii: " "), count: 1000), limit: 20)
    #expect(refused.answer.hasPrefix("HTTP/1.1 403"), "\(refused.answer)")
    #expect(refused.closed)
    #expect(try site.read("Content/todo.txt") == todo)
    // The server goes on answering.
    #expect(try await server.get("/tasks/").status == 200)
    #expect(try await server.stop() == 0)
}

@Test func aRemovalIsUndoneByTheNameItsAnswerGaveAndOnlyOnce() async throws {
    let site = try TemporarySite(todoFiles)
    let server = try await ServeProcess(in: site.folder)
    let token = try #require(
        (try settings(of: try await server.get("/tasks/").body)["board"] as? [String: Any])?["token"] as? String)
    let headers = ["X-Herald-Token": token, "Origin": server.origin]
    let list = try await CLI.run(["tasks", "list"], in: site.folder)
    let id = String(try #require(list.output.split(separator: "\n").dropFirst().first).prefix { $0 != " " })
    let removed = try await server.post("/_herald/tasks", json: #"{"action":"remove","id":"\#(id)"}"#, headers: headers)
    #expect(removed.status == 200, "\(removed.body)")
    #expect(
        try site.read("Content/todo.txt") == todo.replacingOccurrences(of: "Pick up milk @GroceryStore\n", with: ""))
    let reply = try #require(try JSONSerialization.jsonObject(with: Data(removed.body.utf8)) as? [String: Any])
    let name = try #require(reply["undo"] as? String)
    #expect(name.count == 64)
    // A name the server did not give puts nothing back.
    let forged = try await server.post(
        "/_herald/tasks", json: #"{"action":"restore","undo":"\#(String(repeating: "0", count: 64))"}"#,
        headers: headers)
    #expect(forged.status == 400)
    #expect(forged.body.contains("no removal to undo by that name"))
    let restored = try await server.post(
        "/_herald/tasks", json: #"{"action":"restore","undo":"\#(name)"}"#, headers: headers)
    #expect(restored.status == 200, "\(restored.body)")
    #expect(try site.read("Content/todo.txt") == todo)
    #expect(try await server.get("/tasks/").body.contains("Pick up milk"))
    let again = try await server.post(
        "/_herald/tasks", json: #"{"action":"restore","undo":"\#(name)"}"#, headers: headers)
    #expect(again.status == 400)
    #expect(try site.read("Content/todo.txt") == todo)
    #expect(try await server.stop() == 0)
}

@Test func aMoveIntoAnotherPriorityLaneWritesTheColumnAndThePriorityAtOnce() async throws {
    let site = try TemporarySite([
        "herald.yml": "title: Board\ntimezone: Europe/Berlin\ntasks:\n  source: Content/todo.txt\n"
            + "  columns: [todo, doing, done]\n  swimlanes: priority\n",
        "Content/todo.txt": todo
    ])
    let server = try await ServeProcess(in: site.folder)
    let board = try #require(try settings(of: try await server.get("/tasks/").body)["board"] as? [String: Any])
    let lanes = try #require(board["lanes"] as? [String: Any])
    #expect(lanes["field"] as? String == "priority" && lanes["writes"] as? Bool == true, "\(lanes)")
    let headers = ["X-Herald-Token": try #require(board["token"] as? String), "Origin": server.origin]
    let list = try await CLI.run(["tasks", "list"], in: site.folder)
    let id = String(try #require(list.output.split(separator: "\n").dropFirst().first).prefix { $0 != " " })
    let reply = try await server.post(
        "/_herald/tasks", json: #"{"action":"move","id":"\#(id)","status":"doing","priority":"B"}"#,
        headers: headers)
    #expect(reply.status == 200, "\(reply.body)")
    #expect(
        try site.read("Content/todo.txt")
            == todo.replacingOccurrences(
                of: "Pick up milk @GroceryStore\n",
                with: "(B) Pick up milk @GroceryStore status:doing\n"))
    #expect(try await server.stop() == 0)

    // Lanes by a field the editor does not write are said to be so.
    try site.write("herald.yml", "title: Board\ntasks:\n  source: Content/todo.txt\n  swimlanes: project\n")
    let other = try await ServeProcess(in: site.folder)
    let otherBoard = try #require(try settings(of: try await other.get("/tasks/").body)["board"] as? [String: Any])
    let otherLanes = try #require(otherBoard["lanes"] as? [String: Any])
    #expect(otherLanes["field"] as? String == "project" && otherLanes["writes"] as? Bool == false, "\(otherLanes)")
    #expect(try await other.stop() == 0)
}
