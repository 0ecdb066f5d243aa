import Foundation
import HeraldCore
@testable import HeraldDeploy
import HeraldTestSupport
import Testing

/// A git repository made by a test in its temporary folder, with one commit on `main` checked
/// out, and the built site beside it in `Output/`.
struct GitRepository {
    let site: TemporarySite
    let git: GitCommand

    init() throws {
        site = try TemporarySite()
        git = GitCommand(repository: site.folder.path, location: SourceLocation(file: "herald.yml", line: 3, column: 3))
        try run(["init", "-q", "-b", "main"])
        try run(["config", "user.name", "Test"])
        try run(["config", "user.email", "test@example.org"])
        try site.write("README.md", "the site's sources\n")
        try site.write(".gitignore", "Output/\n")
        try run(["add", "README.md", ".gitignore"])
        try run(["commit", "-q", "-m", "sources"])
    }

    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        do throws(DiagnosticError) {
            return try git.text(arguments, doing: arguments.joined(separator: " "))
        } catch {
            throw error
        }
    }

    /// Replaces the built site with `files`.
    func build(_ files: [String: String]) throws {
        if site.exists("Output") { try site.remove("Output") }
        for (path, text) in files { try site.write("Output/" + path, text) }
    }

    func deploy(
        dryRun: Bool = false, maxDeletes: Int = 256, push: Bool = false,
        branch: String = "gh-pages"
    ) throws(DiagnosticError) -> DeployReport {
        let target = GitTarget(repository: site.folder, branch: branch, remote: nil, location: git.location)
        return try target.deploy(
            SiteFiles(folder: site.url("Output"), shownAs: "Output"), maxDeletes: maxDeletes,
            dryRun: dryRun, push: push)
    }

    /// The branch's commit, nil when it does not exist.
    func head(_ branch: String = "gh-pages") -> String? {
        try? run(["rev-parse", "--verify", "--quiet", "refs/heads/\(branch)"])
    }

    /// The files of the branch's tree, with their contents.
    func tree(_ branch: String = "gh-pages") throws -> [String: String] {
        let names = try run(["ls-tree", "-r", "--name-only", branch]).split(separator: "\n").map(String.init)
        var files: [String: String] = [:]
        for name in names { files[name] = try run(["show", "\(branch):\(name)"]) }
        return files
    }

    /// What the user sees of their repository: the checked-out branch, its commit, the index and
    /// the working tree's status.
    func userView() throws -> [String] {
        [
            try run(["symbolic-ref", "HEAD"]), try run(["rev-parse", "HEAD"]), try run(["ls-files", "--stage"]),
            try run(["status", "--porcelain", "--ignored"])
        ]
    }
}
