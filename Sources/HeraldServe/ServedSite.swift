import Foundation
import HeraldSite
import Hummingbird
import Logging

/// One site as `herald serve` serves it: the session kept in memory, what the pages are served
/// with, the rebuilder, the routes, and the Hummingbird application over them. `DevServer` runs
/// it; a test drives the same parts in process.
struct ServedSite: Sendable {
    let session: SiteSession
    let status = ServeStatus()
    let broadcaster = EventBroadcaster()
    let requestGuard: RequestGuard
    let rebuilder: Rebuilder
    let routes: ServeRoutes

    /// `changed` is the watcher's record of changed files; nil without a watcher.
    init(options: ServeOptions, output: any ServeOutput, changed: ChangedPaths?) {
        session = SiteSession(options: options.session)
        requestGuard = RequestGuard(host: options.host)
        rebuilder = Rebuilder(
            session: session, broadcaster: broadcaster, status: status, output: output,
            verbose: options.verbose, changed: changed)
        routes = ServeRoutes(
            files: StaticFiles(session: session, status: status, requestGuard: requestGuard),
            broadcaster: broadcaster, requestGuard: requestGuard,
            actions: BoardActions(site: options.site, rebuilder: rebuilder))
    }

    /// The application listening on `host`:`port`; `running` is told the port it bound, once the
    /// request guard knows it too.
    func application(host: String, port: Int, running: @escaping @Sendable (Int) -> Void) -> Application<ServeRoutes> {
        Application(
            responder: routes,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { [requestGuard] channel in
                let bound = channel.localAddress?.port ?? port
                requestGuard.bound(port: bound)
                running(bound)
            },
            // The terminal shows herald's own lines; the server's log would only repeat them.
            logger: Logger(label: "herald-serve", factory: { _ in SwiftLogNoOpLogHandler() }))
    }
}
