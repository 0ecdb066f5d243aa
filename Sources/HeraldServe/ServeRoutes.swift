import Hummingbird

/// The server's routes: the event stream and the board's actions at their reserved paths,
/// every other `GET` from the site's files.
struct ServeRoutes: HTTPResponder {
    typealias Context = BasicRequestContext

    let files: StaticFiles
    let broadcaster: EventBroadcaster
    let requestGuard: RequestGuard
    let actions: BoardActions

    func respond(to request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        switch path {
        case PageInjection.eventsPath:
            guard request.method == .get else { return Self.notAllowed("GET") }
            return broadcaster.response()
        case PageInjection.tasksPath:
            guard request.method == .post else { return Self.notAllowed("POST") }
            if let problem = requestGuard.duplicateHeader(in: request) {
                return BoardActions.reply(.badRequest, BoardActions.Reply(ok: false, error: "refused: \(problem)"))
            }
            if let refusal = requestGuard.refusal(for: request) {
                return BoardActions.reply(.forbidden, BoardActions.Reply(ok: false, error: "refused: \(refusal)"))
            }
            return await actions.respond(to: request)
        default:
            if path.hasPrefix("/_herald/") { return StaticFiles.text(.notFound, "Not found.\n") }
            guard request.method == .get || request.method == .head else { return Self.notAllowed("GET, HEAD") }
            return files.respond(to: request)
        }
    }

    private static func notAllowed(_ methods: String) -> Response {
        var response = StaticFiles.text(.methodNotAllowed, "Method not allowed.\n")
        response.headers[.allow] = methods
        return response
    }
}
