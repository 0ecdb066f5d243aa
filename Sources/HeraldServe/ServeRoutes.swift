import Hummingbird

/// The server's routes: the event stream and the board's actions at their reserved paths,
/// every other `GET` from the site's files.
struct ServeRoutes: HTTPResponder {
    typealias Context = ServeContext

    let files: StaticFiles
    let broadcaster: EventBroadcaster
    let requestGuard: RequestGuard
    let actions: BoardActions

    func respond(to request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        switch path {
        case PageInjection.eventsPath:
            guard request.method == .get else { return Self.notAllowed("GET").endingConnection(context.channel) }
            return broadcaster.response()
        case PageInjection.tasksPath:
            guard request.method == .post else { return Self.notAllowed("POST").endingConnection(context.channel) }
            if let problem = requestGuard.duplicateHeader(in: request) {
                return BoardActions.reply(.badRequest, BoardActions.Reply(ok: false, error: "refused: \(problem)"))
                    .endingConnection(context.channel)
            }
            if let refusal = requestGuard.refusal(for: request) {
                return BoardActions.reply(.forbidden, BoardActions.Reply(ok: false, error: "refused: \(refusal)"))
                    .endingConnection(context.channel)
            }
            let response = await actions.respond(to: request)
            // An action too large is refused before its body is read to the end.
            return response.status == .contentTooLarge ? response.endingConnection(context.channel) : response
        default:
            if path.hasPrefix("/_herald/") { return StaticFiles.text(.notFound, "Not found.\n") }
            guard request.method == .get || request.method == .head else {
                return Self.notAllowed("GET, HEAD").endingConnection(context.channel)
            }
            return files.respond(to: request)
        }
    }

    private static func notAllowed(_ methods: String) -> Response {
        var response = StaticFiles.text(.methodNotAllowed, "Method not allowed.\n")
        response.headers[.allow] = methods
        return response
    }
}
