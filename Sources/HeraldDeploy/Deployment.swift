import Foundation
import HeraldBuilder
import HeraldConfig
import HeraldCore

/// One `herald deploy`: the built site in the output folder published to one of herald.yml's
/// targets, under the output folder's lock, so that no build changes the files while they are read.
public struct Deployment: Sendable {
    /// The site folder, holding herald.yml.
    public var site: URL
    /// The built site.
    public var output: URL
    public var target: DeployTarget
    public var dryRun = false
    /// More deletions than this and nothing is done.
    public var maxDeletes = Deployment.defaultMaxDeletes
    /// Whether a git target's branch is pushed to its remote.
    public var push = false
    /// Where an S3 target's credentials come from.
    public var environment = ProcessInfo.processInfo.environment

    /// The deletions a deploy may make unless told otherwise.
    public static let defaultMaxDeletes = 256

    public init(site: URL, output: URL, target: DeployTarget) {
        self.site = site
        self.output = output
        self.target = target
    }

    /// Publishes the site; every problem is an error placed at the target in herald.yml or at
    /// the file it concerns.
    public func run() throws(DiagnosticError) -> DeployReport {
        let shown = output.standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: shown) else {
            throw DiagnosticError(
                .error(at: SourceLocation(file: shown), "there is no built site here: run herald build first"))
        }
        let lock = try OutputLock(folder: output, wait: true)
        defer { withExtendedLifetime(lock) {} }
        let files = try SiteFiles(folder: output, shownAs: shown)
        switch target.kind {
        case .git(let repository, let branch, let remote):
            let folder =
                repository.hasPrefix("/") ? URL(fileURLWithPath: repository) : site.appendingPathComponent(repository)
            return try GitTarget(repository: folder, branch: branch, remote: remote, location: target.location)
                .deploy(files, maxDeletes: maxDeletes, dryRun: dryRun, push: push)
        case .s3(let settings):
            return try S3Target(settings, environment: environment, location: target.location)
                .deploy(files, maxDeletes: maxDeletes, dryRun: dryRun)
        }
    }
}
