import Foundation
import Glibc
import HeraldConfig
import HeraldCore
import HeraldSite
import Hummingbird
import NIOCore

/// What `herald serve` was asked for: where to listen, and what its builds are asked for.
public struct ServeOptions: Sendable {
    public var host = "127.0.0.1"
    /// 0 lets the system pick a free port.
    public var port = 8080
    /// Print each rebuild's steps and their times.
    public var verbose = false
    /// The options of every rebuild.
    public var session: SessionOptions

    public var site: URL { session.site }

    public init(site: URL) {
        session = SessionOptions(site: site)
    }
}

/// `herald serve`: builds the site in memory, serves it, rebuilds it on every change of its
/// folder and tells the open pages, until SIGINT or SIGTERM stops it gracefully.
public enum DevServer {
    /// Runs the server to its end; the exit status (0 after a graceful stop, 1 when it cannot listen).
    public static func run(_ options: ServeOptions) async -> Int32 {
        let terminal = Terminal()
        // Watching starts before the first build, so that no change falls between the two.
        let changed = ChangedPaths()
        var changes: AsyncStream<ContinuousClock.Instant>?
        do throws(FolderWatcher.Failure) {
            changes = try FolderWatcher(folder: options.site, warn: { terminal.complain([$0]) }, changed: changed)
                .changes()
        } catch {
            terminal.complain(["warning: \(error.message); the site will not rebuild when it changes"])
        }
        let site = ServedSite(options: options, output: terminal, changed: changes == nil ? nil : changed)

        if !isLoopback(options.host) {
            terminal.complain([
                "warning: serving on \(options.host), not on this machine only: anyone who can reach it can read the site "
                    + "and, through the board's actions, change its task file"
            ])
        }
        let first = await site.rebuilder.firstBuild()
        // Before any good build the config may still be readable; its title and path then serve.
        let config = site.session.config ?? (try? SiteConfig.load(site: options.site))?.0
        let title = config?.title ?? options.site.lastPathComponent
        let base = BasePath(baseURL: config?.baseURL)
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        let app = site.application(host: options.host, port: options.port) { port in
            terminal.say("Serving \(title) at http://\(host):\(port)\(base.path)")
            first.stdout.forEach(terminal.say)
            terminal.complain(first.stderr)
        }

        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await app.runService() }
                group.addTask { await site.broadcaster.keepAlive() }
                if let changes {
                    group.addTask {
                        for await instant in changes { await site.rebuilder.rebuild(changesSince: instant) }
                    }
                }
                // The server ends first, on SIGINT or SIGTERM; the rest stops with it.
                try await group.next()
                group.cancelAll()
            }
            return 0
        } catch {
            terminal.complain(["error: cannot serve on \(host):\(options.port): \(describe(error))"])
            return 1
        }
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        if error.errnoCode == EADDRINUSE {
            return "the port is in use; pick another with --port, or --port 0 for a free one"
        }
        return String(cString: strerror(error.errnoCode)).lowercased()
    }
}
