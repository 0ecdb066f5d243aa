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

    public init(jobs: Int) {
        self.jobs = max(1, jobs)
    }

    /// Renders and stages every item; returns every distinct error found (all of them, not the first).
    /// The caller commits the writer only when this comes back empty.
    /// `progress` hears (done, total) now and then, for a progress line on a terminal.
    /// `kept`, for the dev server, holds pages rendered by earlier runs: a page whose fingerprint
    /// is unchanged takes its bytes from there instead of being made and rendered again.
    public func run(_ items: [OutputItem], renderer: PageRenderer, writer: some OutputSink, kept: RenderedPages? = nil,
                    progress: (@Sendable (Int, Int) -> Void)? = nil) -> [Diagnostic] {
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let problems = Mutex<[Diagnostic]>([])
        // Largest first, then the rest in order: started last, a page listing every hero would
        // keep one core busy after the others ran out of pages.
        let large = items.indices.filter { items[$0].size > 1 }
        let order = large.sorted { items[$0].size > items[$1].size } + items.indices.filter { items[$0].size <= 1 }
        // Workers pull the next item from a shared counter, so a slow page never idles the others.
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, items.count))) { _ in
            while true {
                let position = next.add(1, ordering: .relaxed).oldValue
                guard position < order.count else { return }
                do throws(DiagnosticError) {
                    try produce(items[order[position]], renderer: renderer, writer: writer, kept: kept)
                } catch {
                    problems.withLock { $0.append(contentsOf: error.diagnostics) }
                }
                let finished = done.add(1, ordering: .relaxed).newValue
                if let progress, finished % Self.progressStep == 0 || finished == items.count { progress(finished, items.count) }
            }
        }
        // Under --strict a template mistake fails every page that uses it with the same
        // diagnostic: it is one error, reported once.
        return Set(problems.withLock { $0 }).sorted(by: Diagnostic.fileOrder)
    }

    private func produce(_ item: OutputItem, renderer: PageRenderer, writer: some OutputSink,
                         kept: RenderedPages?) throws(DiagnosticError) {
        switch item {
        case .file(let path, let bytes):
            try writer.add(path, bytes: bytes)
        case .page(let job):
            let fingerprint = kept == nil ? nil : job.fingerprint?()
            if let kept, let fingerprint, let bytes = kept.bytes(of: job.output, fingerprint: fingerprint) {
                try writer.add(job.output, bytes: bytes)
                return
            }
            let bytes = try renderer.renderBytes(job.template, try job.makeData(renderer))
            kept?.keep(job.output, fingerprint: fingerprint, bytes: bytes)
            try writer.add(job.output, bytes: bytes)
        }
    }
}
