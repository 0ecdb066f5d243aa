import Foundation
import Hummingbird
import ServiceLifecycle
import Synchronization

/// Server-Sent Events to every open page: one `AsyncStream` per connected client, each fed every
/// event sent; a client is dropped when its connection closes or the server shuts down.
final class EventBroadcaster: Sendable {
    private let clients = Mutex<[UUID: AsyncStream<String>.Continuation]>([:])

    /// How often a comment goes down each stream, so that proxies and browsers keep it open.
    static let keepAliveInterval = Duration.seconds(15)

    /// Sends `event` with `data` (one line: JSON) to every client.
    func send(_ event: String, data: String) {
        broadcast("event: \(event)\ndata: \(data)\n\n")
    }

    /// Sends the keep-alive comment every `keepAliveInterval` until the task is cancelled.
    func keepAlive() async {
        while (try? await Task.sleep(for: Self.keepAliveInterval)) != nil {
            broadcast(": keep-alive\n\n")
        }
    }

    /// The streaming response of one client: a reconnection delay first, then each event as it is sent.
    func response() -> Response {
        let id = UUID()
        // Newest first: a page that cannot keep up only needs the latest state of the site.
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(32))
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        clients.withLock { $0[id] = continuation }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        let body = ResponseBody { writer in
            // A write fails once the page is gone; finishing the stream then drops the client.
            defer { continuation.finish() }
            // A connection still open would hold up the server's graceful shutdown for ever.
            try await withGracefulShutdownHandler {
                try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
                for await chunk in stream {
                    try await writer.write(ByteBuffer(string: chunk))
                }
                try await writer.finish(nil)
            } onGracefulShutdown: {
                continuation.finish()
            }
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    private func broadcast(_ chunk: String) {
        for continuation in clients.withLock({ Array($0.values) }) { continuation.yield(chunk) }
    }

    private func remove(_ id: UUID) {
        clients.withLock { _ = $0.removeValue(forKey: id) }
    }
}
