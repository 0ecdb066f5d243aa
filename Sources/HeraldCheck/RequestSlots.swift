/// Hands out the right to send a request: at most `total` at once, and at most `perHost` to any
/// one host, so that a site linking a thousand pages of one server does not hammer it. Waiters are
/// served in the order they came, skipping those whose host is busy.
actor RequestSlots {
    private let total: Int
    private let perHost: Int
    private var running = 0
    private var byHost: [String: Int] = [:]
    private var waiting: [(host: String, resume: CheckedContinuation<Void, Never>)] = []

    init(total: Int, perHost: Int) {
        self.total = max(1, total)
        self.perHost = max(1, perHost)
    }

    func acquire(_ host: String) async {
        if hasRoom(host) {
            take(host)
            return
        }
        await withCheckedContinuation { waiting.append((host, $0)) }
    }

    func release(_ host: String) {
        running -= 1
        byHost[host, default: 1] -= 1
        if byHost[host] == 0 { byHost[host] = nil }
        while let index = waiting.firstIndex(where: { hasRoom($0.host) }) {
            let waiter = waiting.remove(at: index)
            take(waiter.host)
            waiter.resume.resume()
        }
    }

    private func hasRoom(_ host: String) -> Bool {
        running < total && byHost[host, default: 0] < perHost
    }

    private func take(_ host: String) {
        running += 1
        byHost[host, default: 0] += 1
    }
}
