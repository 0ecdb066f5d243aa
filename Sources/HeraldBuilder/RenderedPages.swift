import Synchronization

/// Pages the dev server rendered, with the fingerprints of what they were made from, so that a
/// rebuild renders only the pages whose inputs changed. Counts what each run rendered and reused.
public final class RenderedPages: Sendable {
    private struct State {
        var pages: [OutputPath: (fingerprint: UInt64, bytes: [UInt8])] = [:]
        var rendered = 0
        var reused = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// The bytes last rendered for `path`, if they were made from inputs with this fingerprint.
    func bytes(of path: OutputPath, fingerprint: UInt64) -> [UInt8]? {
        state.withLock { state in
            guard let page = state.pages[path], page.fingerprint == fingerprint else { return nil }
            state.reused += 1
            return page.bytes
        }
    }

    /// Records a page rendered now; one without a fingerprint is rendered on every run.
    func keep(_ path: OutputPath, fingerprint: UInt64?, bytes: [UInt8]) {
        state.withLock { state in
            state.rendered += 1
            if let fingerprint { state.pages[path] = (fingerprint, bytes) }
        }
    }

    /// How many pages were rendered and reused since the last call; starts the count again.
    public func takeCounts() -> (rendered: Int, reused: Int) {
        state.withLock { state in
            defer { (state.rendered, state.reused) = (0, 0) }
            return (state.rendered, state.reused)
        }
    }

    /// Forgets every page: the templates or the config changed, so no fingerprint can be trusted.
    public func removeAll() {
        state.withLock { $0.pages = [:] }
    }
}
