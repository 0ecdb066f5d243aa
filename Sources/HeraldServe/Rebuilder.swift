import Foundation
import HeraldConfig
import HeraldSite

/// Runs the session's rebuilds one at a time, coalescing the changes that arrive meanwhile into
/// one more rebuild, and tells the terminal and the open pages what each did.
actor Rebuilder {
    /// One rebuild, given what the watcher saw change: the session's update and, on success, the
    /// board's state. It blocks its thread.
    typealias Build = @Sendable (_ changed: Set<String>?) -> (SessionUpdate, BoardState?)

    private let session: SiteSession
    private let broadcaster: EventBroadcaster
    private let status: ServeStatus
    private let output: any ServeOutput
    private let work: Build
    /// A serial queue: a rebuild blocks its thread (and fans out over the cores itself).
    private let queue = DispatchQueue(label: "herald.rebuild")
    private var current: Task<Void, Never>?
    /// When the latest rebuild started: a change seen before it is in its pages already.
    private var lastStart: ContinuousClock.Instant?
    private var lastWarnings: [String] = []
    private let verbose: Bool
    /// What the watcher saw change; nil without a watcher, and then every rebuild checks every file.
    private let changed: ChangedPaths?

    /// `build` stands in for the session's own rebuild (`build(of:)`) where a test must hold a
    /// rebuild while changes arrive.
    init(
        session: SiteSession, broadcaster: EventBroadcaster, status: ServeStatus, output: any ServeOutput,
        verbose: Bool = false, changed: ChangedPaths? = nil, build: Build? = nil
    ) {
        self.session = session
        self.broadcaster = broadcaster
        self.status = status
        self.output = output
        self.verbose = verbose
        self.changed = changed
        work = build ?? Self.build(of: session)
    }

    /// The session's rebuild, and on success the board's state from the config it used.
    static func build(of session: SiteSession) -> Build {
        { paths in
            let update = session.rebuild(changed: paths)
            let board =
                update.succeeded
                ? session.config.flatMap { BoardActions.state(site: session.options.site, config: $0) } : nil
            return (update, board)
        }
    }

    /// The first build, before the server answers: nothing is told to pages yet. Returns what the
    /// terminal should show once the server's address is printed.
    func firstBuild() async -> (stdout: [String], stderr: [String]) {
        lastStart = .now
        let (update, board) = await build()
        record(update, board: board)
        var stderr = newWarnings(update)
        guard update.succeeded else {
            stderr += update.errors + [Self.failureLine(update.errors.count, stillServing: false)]
            return ([], stderr)
        }
        return (["Built \(update.files) pages in \(Self.milliseconds(update)) ms"], stderr)
    }

    /// Rebuilds unless a rebuild that started after `instant` (when the change was seen) has
    /// already run; waits for the rebuild that covers the change.
    func rebuild(changesSince instant: ContinuousClock.Instant) async {
        while true {
            if let current {
                await current.value
                continue
            }
            if let lastStart, lastStart >= instant { return }
            lastStart = .now
            let task = Task {
                let (update, board) = await build()
                finished(update, board: board)
            }
            current = task
            await task.value
            return
        }
    }

    /// A rebuild that checks every file's stamp rather than the watcher's record: for a change
    /// this process made itself (a board action), which the watcher may not have read yet.
    func rebuildCheckingEveryFile() async {
        changed?.lose()
        await rebuild(changesSince: .now)
    }

    private func finished(_ update: SessionUpdate, board: BoardState?) {
        current = nil
        let hadErrors = status.current.errors != nil
        let base = BasePath(baseURL: session.config?.baseURL)
        record(update, board: board)
        output.complain(newWarnings(update))
        if update.succeeded {
            output.say(
                "Rebuilt \(update.changed.count + update.removed.count) pages in \(Self.milliseconds(update)) ms")
            if verbose {
                let steps = update.phases.map { "\($0.name) \(Int(($0.seconds * 1000).rounded())) ms" }
                output.say("  \(steps.joined(separator: ", ")); \(update.rendered) rendered, \(update.reused) kept")
            }
            let changed = (update.changed + update.removed).map(base.urlPath(of:))
            if !changed.isEmpty || hadErrors {
                broadcaster.send("reload", data: ScriptSafeJSON.encode(["changed": changed]))
            }
        } else {
            output.complain(
                update.errors + [Self.failureLine(update.errors.count, stillServing: session.config != nil)])
            broadcaster.send("failed", data: ScriptSafeJSON.encode(["errors": update.errors]))
        }
    }

    private func record(_ update: SessionUpdate, board: BoardState?) {
        status.update { state in
            if update.succeeded {
                state.errors = nil
                state.board = board
            } else {
                state.errors = update.errors
            }
        }
    }

    /// Runs the rebuild on the queue. The changed paths are taken after `lastStart` is set: a
    /// change the watcher records later brings another rebuild.
    private func build() async -> (SessionUpdate, BoardState?) {
        let paths = changed?.take()
        return await withCheckedContinuation { continuation in
            queue.async { [work] in
                continuation.resume(returning: work(paths))
            }
        }
    }

    /// Warnings are shown when they first appear, not again on every rebuild.
    private func newWarnings(_ update: SessionUpdate) -> [String] {
        guard update.succeeded, update.warnings != lastWarnings else { return [] }
        lastWarnings = update.warnings
        return update.warnings
    }

    private static func milliseconds(_ update: SessionUpdate) -> Int {
        Int((update.seconds * 1000).rounded())
    }

    private static func failureLine(_ count: Int, stillServing: Bool) -> String {
        let errors = "\(count) error\(count == 1 ? "" : "s")"
        return stillServing
            ? "Build failed with \(errors); still serving the last good pages."
            : "Build failed with \(errors); serving an error page until a build succeeds."
    }
}
