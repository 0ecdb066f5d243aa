import Dispatch
import HeraldCore
import Synchronization

/// Renders a site's output items on `jobs` threads and hands each result to the output writer.
/// It knows templates and files, never what a task or a hero is.
public struct Builder: Sendable {
    public var jobs: Int
    /// Pages between two progress reports: often enough for a line that moves, rarely enough that
    /// redrawing it costs nothing next to rendering.
    static let progressStep = 500
    /// Entries from which a page counts as large (a sitemap, the search index): its view data
    /// holds an entry per page or hero.
    static let largeSize = 1_000

    public init(jobs: Int) {
        self.jobs = max(1, jobs)
    }

    /// Renders and stages every item; returns every distinct error found (all of them, not the first).
    /// The caller commits the writer only when this comes back empty.
    /// `progress` hears (done, total) now and then, for a progress line on a terminal.
    /// `kept`, for the dev server, holds pages rendered by earlier runs: a page whose fingerprint
    /// is unchanged takes its bytes from there instead of being made and rendered again. A
    /// writer may likewise `reuse` the file an earlier build made from the same fingerprint.
    public func run(
        _ items: [OutputItem], renderer: PageRenderer, writer: some OutputSink, kept: RenderedPages? = nil,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> [Diagnostic] {
        let done = Atomic<Int>(0)
        let problems = Mutex<[Diagnostic]>([])
        // Largest first, then the rest in order: started last, a page listing every hero would
        // keep one core busy after the others ran out of pages. But one large page at a time
        // while other pages remain: two sitemaps of 50,000 URLs and the search index made at
        // once would be the build's peak of memory.
        let large = items.indices.filter { items[$0].size >= Self.largeSize }.sorted { items[$0].size > items[$1].size }
        let small =
            items.indices.filter { items[$0].size > 1 && items[$0].size < Self.largeSize }
            .sorted { items[$0].size > items[$1].size } + items.indices.filter { items[$0].size <= 1 }
        let queue = Mutex(WorkQueue(large: large, small: small))
        writer.expect(items.count)
        // Workers pull the next item from a shared queue, so a slow page never idles the others.
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, items.count))) { _ in
            var wasLarge = false
            while true {
                let taken = queue.withLock { $0.next(finishedLarge: wasLarge) }
                guard let (index, isLarge) = taken else { return }
                wasLarge = isLarge
                do throws(DiagnosticError) {
                    try produce(items[index], renderer: renderer, writer: writer, kept: kept)
                } catch {
                    problems.withLock { $0.append(contentsOf: error.diagnostics) }
                }
                let finished = done.add(1, ordering: .relaxed).newValue
                if let progress, finished % Self.progressStep == 0 || finished == items.count {
                    progress(finished, items.count)
                }
            }
        }
        // Under --strict a template mistake fails every page that uses it with the same
        // diagnostic: it is one error, reported once.
        return Set(problems.withLock { $0 }).sorted(by: Diagnostic.fileOrder)
    }

    /// What is left to render: large pages one at a time while small ones remain to go beside it.
    private struct WorkQueue {
        var large: [Int]
        var small: [Int]
        var nextLarge = 0
        var nextSmall = 0
        var largeInProgress = 0

        /// The next item to render and whether it is large; nil when none is left.
        mutating func next(finishedLarge: Bool) -> (Int, Bool)? {
            if finishedLarge { largeInProgress -= 1 }
            let smallLeft = nextSmall < small.count
            if nextLarge < large.count, largeInProgress == 0 || !smallLeft {
                nextLarge += 1
                largeInProgress += 1
                return (large[nextLarge - 1], true)
            }
            guard smallLeft else { return nil }
            nextSmall += 1
            return (small[nextSmall - 1], false)
        }
    }

    private func produce(
        _ item: OutputItem, renderer: PageRenderer, writer: some OutputSink,
        kept: RenderedPages?
    ) throws(DiagnosticError) {
        switch item {
        case .file(let path, let bytes):
            try writer.add(path, bytes: bytes)
        case .page(let job):
            let fingerprint = job.fingerprint?()
            if let fingerprint {
                if let kept, let bytes = kept.bytes(of: job.output, fingerprint: fingerprint) {
                    try writer.add(job.output, bytes: bytes, fingerprint: fingerprint)
                    return
                }
                if writer.reuse(job.output, fingerprint: fingerprint) { return }
            }
            let bytes = try renderer.renderBytes(job.template, try job.makeData(renderer))
            kept?.keep(job.output, fingerprint: fingerprint, bytes: bytes)
            try writer.add(job.output, bytes: bytes, fingerprint: fingerprint)
        }
    }
}
