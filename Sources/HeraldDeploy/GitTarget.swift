import Foundation
import HeraldCore

/// Deploys to a branch of a git repository: the site becomes the branch's whole tree, one commit
/// per deploy that changed something. Only git's plumbing is used (blobs, a temporary index,
/// `commit-tree`, `update-ref`), so the repository's working tree, index and checked-out branch
/// are never touched.
public struct GitTarget: Sendable {
    let git: GitCommand
    let branch: String
    /// The remote `--push` pushes to; nil for the branch's own remote, else origin.
    let remote: String?

    /// The branch `branch` of the repository in `repository`; errors are placed at `location`.
    public init(repository: URL, branch: String, remote: String?, location: SourceLocation) {
        git = GitCommand(repository: repository.standardizedFileURL.path, location: location)
        self.branch = branch
        self.remote = remote
    }

    var ref: String { "refs/heads/" + branch }

    /// Publishes `site` (or, with `dryRun`, only works out what would be published) and pushes
    /// the branch when `push` is set.
    public func deploy(_ site: SiteFiles, maxDeletes: Int, dryRun: Bool, push: Bool) throws(DiagnosticError)
        -> DeployReport
    {
        _ = try git.text(["rev-parse", "--absolute-git-dir"], doing: "open the repository '\(git.repository)'")
        try refuseCheckedOut()
        let parent = try currentCommit()
        let remoteFiles = try parent.map(tree(of:)) ?? [:]
        let paths = Data(site.files.map { site.folder + "/" + $0.path + "\n" }.joined().utf8)
        let hashes = try lines(
            git.output(["hash-object", "--no-filters", "--stdin-paths"], input: paths, doing: "hash the site's files"))
        guard hashes.count == site.files.count else {
            throw DiagnosticError(
                .error(at: git.location, "git hashed \(hashes.count) of the site's \(site.files.count) files"))
        }
        let plan = DeployPlan(files: site.files, local: hashes, remote: remoteFiles)
        try plan.checkDeletes(max: maxDeletes, at: git.location)
        var report = DeployReport(target: "branch \(branch) of \(git.repository)", plan: plan, dryRun: dryRun)
        guard !dryRun else { return report }
        if !plan.isEmpty {
            report.commit = try commit(site, hashes: hashes, plan: plan, parent: parent)
        }
        if push { report.pushedTo = try pushBranch() }
        return report
    }

    /// A branch checked out in some worktree would see its files change under it.
    private func refuseCheckedOut() throws(DiagnosticError) {
        let listing = try git.text(["worktree", "list", "--porcelain"], doing: "list the repository's worktrees")
        guard listing.split(separator: "\n").contains(where: { $0 == "branch \(ref)" }) else { return }
        throw DiagnosticError(
            .error(
                at: git.location,
                "the branch '\(branch)' is checked out in \(git.repository); deploy to a branch no worktree has checked out"
            ))
    }

    /// The branch's commit; nil when there is no such branch yet.
    private func currentCommit() throws(DiagnosticError) -> String? {
        let result = try git.run(["rev-parse", "--verify", "--quiet", ref + "^{commit}"])
        let text = String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return result.status == 0 && !text.isEmpty ? text : nil
    }

    /// Every file of the commit's tree, by its blob id.
    private func tree(of commit: String) throws(DiagnosticError) -> [String: String] {
        let listing = try git.output(
            ["ls-tree", "-r", "-z", "--full-tree", commit], doing: "list the branch '\(branch)'")
        var files: [String: String] = [:]
        for record in listing.split(separator: 0) {
            let text = String(decoding: record, as: UTF8.self)
            guard let tab = text.firstIndex(of: "\t") else { continue }
            let fields = text[..<tab].split(separator: " ")
            guard fields.count == 3 else { continue }
            // A file of another mode (an executable, a link) is replaced by the site's plain file.
            let hash = fields[0] == "100644" ? String(fields[2]) : "mode " + fields[0]
            files[String(text[text.index(after: tab)...])] = hash
        }
        return files
    }

    /// Writes the sent files' blobs, the site's tree through a temporary index, and a commit on
    /// top of `parent`, then moves the branch to it (only if it still is at `parent`).
    private func commit(_ site: SiteFiles, hashes: [String], plan: DeployPlan, parent: String?) throws(DiagnosticError)
        -> String
    {
        let sent = Data(plan.sent.map { site.folder + "/" + $0.path + "\n" }.joined().utf8)
        _ = try git.output(
            ["hash-object", "-w", "--no-filters", "--stdin-paths"], input: sent, doing: "store the site's files")
        let index = FileManager.default.temporaryDirectory.appendingPathComponent("herald-index-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: index) }
        var indexed = git
        indexed.environment["GIT_INDEX_FILE"] = index.path
        let entries = zip(site.files, hashes).map { "100644 \($1)\t\($0.path)\0" }.joined()
        _ = try indexed.output(
            ["update-index", "-z", "--add", "--index-info"], input: Data(entries.utf8), doing: "list the site's files")
        let tree = try indexed.text(["write-tree"], doing: "write the site's tree")
        var committing = git
        if (try? git.text(["var", "GIT_COMMITTER_IDENT"], doing: "")) == nil {
            for role in ["AUTHOR", "COMMITTER"] {
                committing.environment["GIT_\(role)_NAME"] = "Herald"
                committing.environment["GIT_\(role)_EMAIL"] = "herald@localhost"
            }
        }
        let message =
            "Deploy the site: \(plan.sent.count) sent, \(plan.deleted.count) deleted, \(plan.unchanged) unchanged"
        let commit = try committing.text(
            ["commit-tree", tree] + (parent.map { ["-p", $0] } ?? []) + ["-m", message],
            doing: "commit the site")
        _ = try git.output(
            ["update-ref", "-m", "herald deploy", ref, commit, parent ?? ""],
            doing: "move the branch '\(branch)' (did another deploy move it meanwhile?)")
        return commit
    }

    /// Pushes the branch to its remote; returns the remote's name.
    private func pushBranch() throws(DiagnosticError) -> String {
        let configured = try? git.text(["config", "--get", "branch.\(branch).remote"], doing: "")
        let name = remote ?? configured.flatMap { $0.isEmpty ? nil : $0 } ?? "origin"
        _ = try git.output(["push", "--quiet", "--", name, "\(ref):\(ref)"], doing: "push '\(branch)' to '\(name)'")
        return name
    }

    private func lines(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
