import Foundation
@testable import HeraldServe
import HeraldSite
import HeraldTestSupport
import Hummingbird
import NIOCore
import Synchronization
import Testing

/// A board of three todo.txt tasks, served from the root of its host.
let todo = "(A) 2026-11-01 Call Mom +Family @phone\nPick up milk @GroceryStore\nx 2026-11-20 Download the app\n"

let boardFiles = [
    "herald.yml": "title: Board\ntimezone: Europe/Berlin\ntasks:\n  source: Content/todo.txt\n",
    "Content/todo.txt": todo
]

/// What the server would have printed, line by line, in order.
final class RecordedOutput: ServeOutput {
    private let recorded = Mutex<[String]>([])

    var lines: [String] { recorded.withLock { $0 } }

    func say(_ line: String) {
        recorded.withLock { $0.append(line) }
    }

    func complain(_ lines: [String]) {
        recorded.withLock { $0.append(contentsOf: lines) }
    }
}

/// A served site over a temporary site folder, its first build done, its output recorded.
struct ServedTestSite {
    let folder: TemporarySite
    let output = RecordedOutput()
    let served: ServedSite

    init(_ files: [String: String]) async throws {
        folder = try TemporarySite(files)
        served = ServedSite(options: ServeOptions(site: folder.folder), output: output, changed: nil)
        _ = await served.rebuilder.firstBuild()
    }

    /// The application as `herald serve` makes it; the test framework picks its address.
    func application() -> Application<ServeRoutes> {
        served.application(host: "127.0.0.1", port: 0) { _ in }
    }
}

extension HTTPFields {
    /// Fields from name-value pairs, in order, repeats kept.
    init(_ pairs: [(String, String)]) throws {
        self.init()
        for (name, value) in pairs {
            let field = try #require(HTTPFields.Element.Name(name), "\(name)")
            append(HTTPFields.Element(name: field, value: value))
        }
    }
}

/// A board action as the page's script posts it, with the headers it sends.
func actionRequest(authority: String?, headers: [(String, String)], body: String = #"{"action":"add","text":"x"}"#)
    throws -> Request
{
    var fields = try HTTPFields(headers)
    fields[.contentType] = "application/json"
    let head = HTTPRequest(
        method: .post, scheme: "http", authority: authority, path: PageInjection.tasksPath, headerFields: fields)
    return Request(head: head, body: RequestBody(buffer: ByteBuffer(string: body)))
}

/// The text of a response body.
func text(_ body: ByteBuffer) -> String {
    String(buffer: body)
}

/// The Server-Sent Events one page would get, read from the broadcaster's own response.
final class EventListener: Sendable {
    /// The chunks written to the page, in order.
    let chunks: AsyncStream<String>
    private let reader: Task<Void, any Error>

    init(_ broadcaster: EventBroadcaster) {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        chunks = stream
        let response = broadcaster.response()
        reader = Task {
            defer { continuation.finish() }
            try await response.body.write(ChunkWriter(continuation: continuation))
        }
    }

    deinit {
        reader.cancel()
    }

    private struct ChunkWriter: ResponseBodyWriter {
        let continuation: AsyncStream<String>.Continuation

        func write(_ buffer: ByteBuffer) async throws {
            continuation.yield(String(buffer: buffer))
        }

        func finish(_ trailingHeaders: HTTPFields?) async throws {
            continuation.finish()
        }
    }
}

/// The next event's name and data from a listener's chunks, past the stream's opening `retry:`.
func nextEvent(_ chunks: inout AsyncStream<String>.AsyncIterator) async -> (event: String, data: String)? {
    while let chunk = await chunks.next() {
        let lines = chunk.split(separator: "\n")
        guard let name = lines.first(where: { $0.hasPrefix("event: ") }),
            let data = lines.first(where: { $0.hasPrefix("data: ") })
        else { continue }
        return (String(name.dropFirst("event: ".count)), String(data.dropFirst("data: ".count)))
    }
    return nil
}
