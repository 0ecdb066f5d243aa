import Foundation
@testable import HeraldServe
import HeraldSite
import HeraldTestSupport
import Synchronization
import Testing

// The rebuilder as a unit: the real session's rebuilds, held at will by a gate, so that a test
// can send changes while one runs; what it prints, read from a recorded output.

/// The session's own rebuild, each run held until the test lets it go, counted as it runs.
private final class HeldBuilds: Sendable {
    private struct Counts {
        var started = 0
        var running = 0
        var mostAtOnce = 0
        var changed: [Set<String>?] = []
    }

    /// How long a rebuild is held, or a start awaited, at most: generous, because with every test
    /// of the suite running at once on two cores a task can wait many seconds for a thread.
    static let patience = DispatchTimeInterval.seconds(60)

    private let counts = Mutex(Counts())
    private let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let session: SiteSession

    init(_ session: SiteSession) {
        self.session = session
    }

    var started: Int { counts.withLock { $0.started } }
    var mostAtOnce: Int { counts.withLock { $0.mostAtOnce } }
    /// What each rebuild was told had changed, in order.
    var changed: [Set<String>?] { counts.withLock { $0.changed } }

    var build: Rebuilder.Build {
        let real = Rebuilder.build(of: session)
        return { [self] paths in
            counts.withLock { counts in
                counts.started += 1
                counts.running += 1
                counts.mostAtOnce = max(counts.mostAtOnce, counts.running)
                counts.changed.append(paths)
            }
            entered.signal()
            // A rebuild the test did not expect, and so never lets go, must not hold the queue
            // for ever: the counts then fail the test.
            _ = released.wait(timeout: .now() + HeldBuilds.patience)
            defer { counts.withLock { $0.running -= 1 } }
            return real(paths)
        }
    }

    /// Lets one rebuild run, now or when it comes.
    func release() {
        released.signal()
    }

    /// Waits until a rebuild has started (off the threads tasks run on, which it would block).
    func waitForStart() async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { [entered] in
                continuation.resume(returning: entered.wait(timeout: .now() + HeldBuilds.patience) == .success)
            }
        }
    }
}

/// How many callers have had their answer.
private final class Returned: Sendable {
    private let value = Mutex(0)

    var count: Int { value.withLock { $0 } }

    func add() {
        value.withLock { $0 += 1 }
    }
}

private func rebuilder(
    for site: TemporarySite, output: RecordedOutput, broadcaster: EventBroadcaster = EventBroadcaster(),
    status: ServeStatus = ServeStatus(), verbose: Bool = false,
    changed: ChangedPaths? = nil
) -> (Rebuilder, HeldBuilds) {
    let session = SiteSession(options: SessionOptions(site: site.folder, jobs: 2))
    let held = HeldBuilds(session)
    return (
        Rebuilder(
            session: session, broadcaster: broadcaster, status: status, output: output, verbose: verbose,
            changed: changed, build: held.build), held
    )
}

@Test(.timeLimit(.minutes(3)))
func changesArrivingDuringARebuildBringExactlyOneMoreAndOnlyOneRunsAtATime() async throws {
    let site = try TemporarySite(boardFiles)
    let output = RecordedOutput()
    let (rebuilder, held) = rebuilder(for: site, output: output)
    held.release()
    _ = await rebuilder.firstBuild()
    #expect(await held.waitForStart())

    let first = Task { await rebuilder.rebuild(changesSince: .now) }
    #expect(await held.waitForStart())
    // Five changes seen while that rebuild runs; it may have read the files before they changed.
    let seen = ContinuousClock.now
    let returned = Returned()
    let waiting = (0..<5).map { _ in
        Task {
            await rebuilder.rebuild(changesSince: seen)
            returned.add()
        }
    }
    // Time for the five to reach the rebuilder while the rebuild is held.
    try await Task.sleep(for: .milliseconds(200))
    held.release()
    await first.value
    #expect(await held.waitForStart())
    // Each change waits for the rebuild that read it, the one after the rebuild it arrived in.
    #expect(returned.count == 0)
    held.release()
    for task in waiting { await task.value }
    #expect(held.started == 3)
    #expect(held.mostAtOnce == 1)
    #expect(output.lines.filter { $0.hasPrefix("Rebuilt ") }.count == 2)
}

@Test(.timeLimit(.minutes(3)))
func aChangeTheLastRebuildAlreadyReadBringsNoOther() async throws {
    let site = try TemporarySite(boardFiles)
    let output = RecordedOutput()
    let (rebuilder, held) = rebuilder(for: site, output: output)
    let before = ContinuousClock.now
    held.release()
    _ = await rebuilder.firstBuild()
    await rebuilder.rebuild(changesSince: before)
    #expect(held.started == 1)
    #expect(output.lines.isEmpty)

    held.release()
    await rebuilder.rebuild(changesSince: .now)
    await rebuilder.rebuild(changesSince: before)
    #expect(held.started == 2)
}

@Test(.timeLimit(.minutes(3)))
func aRebuildReadsTheWatchersRecordButOneForTheBoardsOwnWriteChecksEveryFile() async throws {
    let site = try TemporarySite(boardFiles)
    let changed = ChangedPaths()
    let (rebuilder, held) = rebuilder(for: site, output: RecordedOutput(), changed: changed)
    held.release()
    _ = await rebuilder.firstBuild()
    let file = site.url("Content/todo.txt").path
    changed.add(file)
    held.release()
    await rebuilder.rebuild(changesSince: .now)
    changed.add(file)
    held.release()
    await rebuilder.rebuildCheckingEveryFile()
    // Nothing taken before the first build; then the record; then, for the board, none.
    #expect(held.changed == [nil, [file], nil])
}
