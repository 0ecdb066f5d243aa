import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldRemote
import NIOCore
import NIOHTTP1

/// What asking an outside URL found.
enum LinkVerdict: Sendable, Equatable {
    case working
    /// Certainly broken: why, in words (`HTTP 404 Not Found`, `timed out after 20 s`).
    case broken(String)
    /// The server would not say (401, 403, or 429 however long we waited): a warning, not an error.
    case inconclusive(String)
}

/// Asks outside URLs whether they work: HEAD first, GET when HEAD is refused; redirects followed
/// over http(s) only (one to `file:` or a socket is a broken link), a timeout on every request, and 429 and 5xx asked again after the wait the server names or
/// exponential backoff. Only the status is read: the body of a GET is never downloaded.
final class LinkProbe: Sendable {
    static let maxRedirects = 10
    private let client: HTTPClient
    private let timeout: Duration

    init(timeout: Duration) {
        self.timeout = timeout
        let limit = TimeAmount.nanoseconds(timeout.nanosecondsSaturated)
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: limit, read: limit))
        // Retries are ours to pace; the pool would retry a refused connection until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func shutdown() async {
        try? await client.shutdown()
    }

    /// The verdict on `url`, each request sent once `slots` allows one more to its host.
    func verdict(_ url: String, slots: RequestSlots) async -> LinkVerdict {
        let host = AbsoluteURL(url).map { "\($0.host):\($0.port ?? 0)" } ?? url
        var attempt = 0
        while true {
            attempt += 1
            await slots.acquire(host)
            let answer = await ask(url)
            await slots.release(host)
            let retryAfter: Double?
            let verdict: LinkVerdict
            switch answer {
            case .status(let status, _, _) where status == 304:
                return .broken("\(HTTPRetry.describe(status)) to a request that asked for no copy")
            case .status(let status, _, _) where status < 400:
                return .working
            case .status(let status, _, _) where status == 401 || status == 403:
                return .inconclusive(
                    "\(HTTPRetry.describe(status)): the server refuses unknown visitors; check it in a browser")
            case .status(let status, let asked, _) where HTTPRetry.isTransient(status):
                retryAfter = asked
                let tries = attempt == 1 ? "" : " after \(attempt) tries"
                verdict =
                    status == 429
                    ? .inconclusive("\(HTTPRetry.describe(status))\(tries): rate limited")
                    : .broken("\(HTTPRetry.describe(status))\(tries)")
            case .status(let status, _, _):
                return .broken(HTTPRetry.describe(status))
            case .failed(let cause, let transient):
                // A timeout is not asked again: a stalled server would hold the run for minutes.
                guard transient, !cause.hasPrefix("timed out") else { return .broken(cause) }
                retryAfter = nil
                verdict = .broken(cause)
            }
            // A server that asks for a longer wait than any backoff is taken at its word, not waited for.
            guard attempt < HTTPRetry.maxAttempts, (retryAfter ?? 0) <= HTTPRetry.maxBackoff else { return verdict }
            try? await Task.sleep(for: .seconds(HTTPRetry.wait(afterAttempt: attempt, retryAfter: retryAfter)))
        }
    }

    private enum Answer {
        case status(Int, retryAfter: Double?, location: String?)
        case failed(String, transient: Bool)
    }

    /// The answer at the end of `url`'s redirects.
    private func ask(_ url: String) async -> Answer {
        var chain = RedirectChain(start: url, limit: Self.maxRedirects)
        while true {
            let answer = await headThenGet(chain.current)
            guard case .status(let status, _, let location) = answer, RedirectChain.statuses.contains(status) else {
                return answer
            }
            if case .failure(let refusal) = chain.follow(location: location) {
                return .failed(refusal.cause, transient: false)
            }
        }
    }

    /// HEAD, then GET when HEAD gets an error: many servers refuse HEAD (405, 501) or answer it
    /// wrongly (404, 403) while the page is there. A 429 is not followed by a GET at once.
    private func headThenGet(_ url: String) async -> Answer {
        let head = await request(url, method: .HEAD)
        if case .status(let status, _, _) = head, status >= 400, status != 429 {
            return await request(url, method: .GET)
        }
        return head
    }

    private func request(_ url: String, method: HTTPMethod) async -> Answer {
        guard WebOrigin(url) != nil else {
            return .failed("\(WebOrigin.schemeText(of: url)) cannot be checked: only http(s) is", transient: false)
        }
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers.add(name: "User-Agent", value: "herald/\(HeraldVersion.string) (link checker)")
        request.headers.add(name: "Accept", value: "text/html,application/xhtml+xml,*/*;q=0.8")
        do {
            let response = try await client.execute(
                request, deadline: .now() + .nanoseconds(timeout.nanosecondsSaturated))
            // The body is left unread: letting it go ends the request, so a link to a large file
            // costs its headers only.
            return .status(
                Int(response.status.code),
                retryAfter: response.headers.first(name: "Retry-After").flatMap(HTTPRetry.retryAfter),
                location: response.headers.first(name: "Location"))
        } catch {
            let (cause, transient) = HTTPRetry.cause(of: error, timeout: timeout)
            return .failed(cause, transient: transient)
        }
    }
}
