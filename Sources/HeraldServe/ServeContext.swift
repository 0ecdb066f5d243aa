import Hummingbird
import NIOCore

/// The request context of the dev server: Hummingbird's basic one, and the connection the
/// request came on, so that an answer can end it.
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

extension Response {
    /// This answer, after which the connection ends. A request refused before its body is read
    /// would otherwise have the server read and drop that body to its end, however long it is:
    /// the answer goes out, then the server stops sending, and a moment later closes the socket
    /// whatever the client still sends. Closing at once could reset the connection before the
    /// client has read the answer.
    func endingConnection(_ channel: any Channel) -> Response {
        var response = self
        response.headers[.connection] = "close"
        let body = self.body
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            try await body.write(writer)
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
        }
        return response
    }
}
