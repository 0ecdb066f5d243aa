import ArgumentParser
import Foundation
import HeraldConfig
import HeraldCore
import HeraldDeploy

/// `herald deploy`: publishes the built site to a target named in herald.yml's `deploy:`.
struct DeployCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deploy",
        abstract: "Publish the built site to a target named in herald.yml's deploy: section.",
        discussion: """
            Only files whose bytes differ from what the target holds are sent, and files the site no \
            longer has are deleted there; nothing is sent when nothing changed. A git target \
            ({git: ., branch: gh-pages}) gets one commit per deploy that changed something, made \
            without touching the repository's working tree or index; an S3 target ({s3: BUCKET, \
            region:, endpoint:, path_style:, cache_control:}) takes its credentials from \
            AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN. Each changed path is \
            printed (for a CDN's invalidation), then a summary.
            """)

    @Argument(help: "The target's name under deploy: (may be left out when there is only one).")
    var target: String?

    @Option(help: "The site folder, holding herald.yml.")
    var source: String = "."

    @Option(help: "The built site (default: Output/ in the site folder).")
    var output: String?

    @Flag(name: .customLong("dry-run"), help: "Print what would be sent and deleted, and do nothing.")
    var dryRun = false

    @Option(name: .customLong("max-deletes"), help: "Do nothing when more files than this would be deleted.")
    var maxDeletes: Int = Deployment.defaultMaxDeletes

    @Flag(help: "Push a git target's branch to its remote (the branch's own, else origin) after the commit.")
    var push = false

    func validate() throws {
        if maxDeletes < 0 { throw ValidationError("--max-deletes must be 0 or more") }
    }

    func run() throws {
        let site = URL(fileURLWithPath: source).standardizedFileURL
        let config = try SiteConfig.loadOrExit(site: site)
        let chosen = try chooseTarget(config.deploy)
        if push, case .s3 = chosen.kind {
            Terminal().complain([
                "error: --push is for a git target; '\(chosen.name)' is a bucket, which a deploy updates directly"
            ])
            throw ExitCode(2)
        }
        var deployment = Deployment(
            site: site,
            output: output.map { URL(fileURLWithPath: $0).standardizedFileURL }
                ?? site.appendingPathComponent("Output"), target: chosen)
        deployment.dryRun = dryRun
        deployment.maxDeletes = maxDeletes
        deployment.push = push
        do throws(DiagnosticError) {
            let report = try deployment.run()
            for line in report.lines(basePath: Self.basePath(config.baseURL)) { print(line) }
        } catch {
            Terminal().complain(error.diagnostics.map(\.description) + ["Deploy failed; nothing more was done."])
            throw ExitCode(1)
        }
    }

    /// The named target, or the only one; a name herald.yml lacks is bad usage.
    private func chooseTarget(_ deploy: DeployConfig) throws -> DeployTarget {
        if let found = deploy.target(target) { return found }
        let names = deploy.targets.map(\.name)
        if names.isEmpty {
            Terminal().complain([
                "herald.yml: error: no deploy targets: add a deploy: section, such as "
                    + "deploy: {pages: {git: ., branch: gh-pages}}"
            ])
            throw ExitCode(1)
        }
        let message =
            if let target {
                "no deploy target '\(target)' in herald.yml"
                    + (Suggestion.nearest(to: target, in: names).map { " (did you mean '\($0)'?)" }
                        ?? " (targets: \(names.joined(separator: ", ")))")
            } else {
                "herald.yml has several deploy targets: name one of \(names.joined(separator: ", "))"
            }
        Terminal().complain(["error: " + message])
        throw ExitCode(2)
    }

    /// `https://example.org/board/` → `/board/`; a path stays as it is.
    static func basePath(_ baseURL: String) -> String {
        baseURL.hasPrefix("/") ? baseURL : URLComponents(string: baseURL).map { $0.path.isEmpty ? "/" : $0.path } ?? "/"
    }
}
