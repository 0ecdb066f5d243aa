import HeraldCore

/// What one deploy did (or, in a dry run, would do), and the lines `herald deploy` prints.
public struct DeployReport: Sendable {
    /// The target in words: `branch gh-pages of /site`.
    public var target: String
    public var plan: DeployPlan
    public var dryRun: Bool
    /// The new commit of a git target, when the deploy made one.
    public var commit: String?
    /// The remote a git target's branch was pushed to.
    public var pushedTo: String?

    public init(target: String, plan: DeployPlan, dryRun: Bool) {
        self.target = target
        self.plan = plan
        self.dryRun = dryRun
    }

    /// The paths that changed at the target as URL paths under `basePath` (`/board/`), one a
    /// line after its verb, for a CDN's invalidation; then the summary line.
    public func lines(basePath: String) -> [String] {
        let base = basePath.hasSuffix("/") ? basePath : basePath + "/"
        let verbs = dryRun ? ("would send", "would delete") : ("sent", "deleted")
        var lines = plan.sent.map { "\(verbs.0) \(base)\($0.path)" } + plan.deleted.map { "\(verbs.1) \(base)\($0)" }
        var summary =
            (dryRun ? "Dry run, nothing done: " : "Deployed to ") + target + ": "
            + "\(plan.sent.count.groupedByThousands) sent, \(plan.deleted.count.groupedByThousands) deleted, "
            + "\(plan.unchanged.groupedByThousands) unchanged, \(plan.bytes.groupedByThousands) bytes sent"
        if let commit {
            summary += "; commit \(commit.prefix(12))"
        } else if !dryRun, plan.isEmpty {
            summary += "; nothing changed"
        }
        if let pushedTo { summary += "; pushed to \(pushedTo)" }
        lines.append(summary)
        return lines
    }
}
