import ArgumentParser
import Foundation
import HeraldServe

/// `herald serve`: the site served from memory, rebuilt and reloaded as its files change.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it, and rebuild and reload it as its files change.",
        discussion: """
            The first line printed is the address: Serving <title> at http://127.0.0.1:8080/. Pages are \
            built in memory (Output/ is not touched), open tabs reload when their page changes, and build \
            errors show over the page while the last good pages stay served. On the served board only, \
            cards can be marked done, moved and removed, and tasks added, through the same editor as \
            herald tasks. Ctrl-C stops it.
            """)

    @Option(help: "The site folder, holding herald.yml.")
    var source: String = "."

    @Option(help: "The address to listen on. Anything but 127.0.0.1 lets others reach the board's actions.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Flag(help: "Build pages marked draft: true too.")
    var drafts = false

    @Flag(name: [.short, .long], help: "Print the time of each step of every rebuild too.")
    var verbose = false

    @Flag(help: "Never fetch remote data; use the cache only.")
    var offline = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
    }

    func run() async throws {
        var options = ServeOptions(site: URL(fileURLWithPath: source).standardizedFileURL)
        options.host = host
        options.port = port
        options.session.drafts = drafts
        options.session.offline = offline
        options.verbose = verbose
        let code = await DevServer.run(options)
        if code != 0 { throw ExitCode(code) }
    }
}
