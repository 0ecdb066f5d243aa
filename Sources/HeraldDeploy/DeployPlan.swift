import HeraldCore

/// What a deploy does: the site's files compared by content hash with what the target holds.
public struct DeployPlan: Sendable, Equatable {
    /// Files the target lacks or holds with other bytes, in path order.
    public var sent: [SiteFiles.File] = []
    /// Paths the target holds that the site no longer has, in path order.
    public var deleted: [String] = []
    public var unchanged = 0

    /// The bytes of the files sent.
    public var bytes: Int { sent.reduce(0) { $0 + $1.size } }
    /// Whether the deploy changes nothing at the target.
    public var isEmpty: Bool { sent.isEmpty && deleted.isEmpty }

    public init() {}

    /// `local` holds each site file's hash in the target's terms (a git blob id, an MD5),
    /// `remote` what the target holds, by path.
    public init(files: [SiteFiles.File], local: [String], remote: [String: String]) {
        var seen = Set<String>()
        for (file, hash) in zip(files, local) {
            seen.insert(file.path)
            if remote[file.path] == hash { unchanged += 1 } else { sent.append(file) }
        }
        deleted = remote.keys.filter { !seen.contains($0) }.sorted()
    }

    /// Refuses a deploy that deletes more than `maxDeletes` files: a site built empty or into
    /// the wrong folder must not empty the target.
    public func checkDeletes(max maxDeletes: Int, at location: SourceLocation) throws(DiagnosticError) {
        guard deleted.count > maxDeletes else { return }
        throw DiagnosticError(
            .error(
                at: location,
                "this deploy would delete \(deleted.count) files, more than --max-deletes \(maxDeletes) allows; nothing was done "
                    + "(check the build, or raise --max-deletes)"))
    }
}
