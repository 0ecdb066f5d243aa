import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldLoaders
import NIOCore
import NIOHTTP1

/// GET requests with the policies of a build that runs unattended: a connect and a total timeout,
/// at most 5 redirects and only over http(s), gzip, a size limit, and retries with exponential
/// backoff and jitter on connection errors, 5xx and 429 (honouring `Retry-After`), never on other 4xx.
/// Secret headers go only to the one origin they belong to, redirects included.
///
/// async-http-client, not FoundationNetworking's URLSession: it bounds the body while it streams
/// (a 300 MB answer is stopped at the limit, not downloaded) and runs on SwiftNIO alone, without
/// libcurl. Redirects are followed here, not by the client, which would send every header on to
/// any host and accept schemes other than http(s).
final class HTTPFetcher: Sendable {
    /// What came back: a status the caller decides about (200, 304, 404…), its headers, the body.
    struct Response: Sendable {
        /// Where the answer came from: the asked URL, or the last redirect's target.
        var url: String
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]

        func header(_ name: String) -> String? { headers.first(name: name) }
    }

    /// Why a request gave no usable answer, in words for a warning or an error.
    struct Failure: Error, Sendable {
        var cause: String
        /// Worth asking again: the connection failed, the server erred (5xx) or asked us to wait (429).
        var transient: Bool
        var retryAfter: Double?
    }

    static let maxRedirects = 5

    private let client: HTTPClient
    private let timeout: Duration
    private let maxBytes: Int
    /// Waits between attempts; tests of a failing server need not wait the real times.
    private let backoffScale: Double

    init(timeout: Duration, maxBytes: Int, backoffScale: Double = 1) {
        self.timeout = timeout
        // The accumulator holds the body in one ByteBuffer, which cannot exceed 4 GiB.
        self.maxBytes = min(maxBytes, Int(UInt32.max))
        self.backoffScale = backoffScale
        let limit = TimeAmount.nanoseconds(timeout.nanosecondsSaturated)
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: limit, read: limit),
            decompression: .enabled(limit: .size(self.maxBytes)))
        // The pool would retry a refused connection until the deadline; retries are ours to
        // pace (with backoff, a bounded number of times), so a refusal is reported at once.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    deinit {
        try? client.syncShutdown()
    }

    /// The answer to `GET url`, redirects followed: `headers` go to every request, `secrets` only
    /// to those whose origin is `owner` (none when it is nil). A 304 or a 4xx is an answer, not a failure.
    func get(
        _ url: String, headers: [(String, String)], secrets: [(String, String)] = [],
        owner: WebOrigin?
    ) -> Result<Response, Failure> {
        var chain = RedirectChain(start: url, limit: Self.maxRedirects)
        while true {
            let sent = owner != nil && WebOrigin(chain.current) == owner ? headers + secrets : headers
            switch retrying(chain.current, headers: sent) {
            case .success(let response) where RedirectChain.statuses.contains(response.status):
                if case .failure(let refusal) = chain.follow(location: response.header("Location")) {
                    return .failure(Failure(cause: refusal.cause, transient: false))
                }
            case let result:
                return result
            }
        }
    }

    /// One request, asked again while the failure is worth retrying.
    private func retrying(_ url: String, headers: [(String, String)]) -> Result<Response, Failure> {
        Self.retrying(
            ask: { once(url, headers: headers) },
            wait: { [backoffScale] seconds in Thread.sleep(forTimeInterval: seconds * backoffScale) })
    }

    /// `ask`'s answer, asked again while its failure is worth retrying (`HTTPRetry`), `wait`ing
    /// the seconds between tries; apart from the request, so that the policy is tested as a unit.
    static func retrying(ask: () -> Result<Response, Failure>, wait: (Double) -> Void) -> Result<Response, Failure> {
        var attempt = 0
        while true {
            attempt += 1
            let result = ask()
            let failure: Failure
            switch result {
            case .success(let response) where HTTPRetry.isTransient(response.status):
                failure = Failure(
                    cause: HTTPRetry.describe(response.status), transient: true,
                    retryAfter: response.header("Retry-After").flatMap(HTTPRetry.retryAfter))
            case .success:
                return result
            case .failure(let error):
                failure = error
            }
            guard failure.transient, attempt < HTTPRetry.maxAttempts else { return .failure(failure) }
            wait(HTTPRetry.wait(afterAttempt: attempt, retryAfter: failure.retryAfter))
        }
    }

    private func once(_ url: String, headers: [(String, String)]) -> Result<Response, Failure> {
        guard WebOrigin(url) != nil else {
            return .failure(
                Failure(cause: "\(WebOrigin.schemeText(of: url)) cannot be fetched: only http(s) is", transient: false))
        }
        let request: HTTPClient.Request
        do {
            var fields = HTTPHeaders(headers)
            fields.replaceOrAdd(name: "User-Agent", value: "herald/\(HeraldVersion.string)")
            request = try HTTPClient.Request(url: url, method: .GET, headers: fields)
        } catch {
            return .failure(Failure(cause: "not a URL that can be fetched", transient: false))
        }
        let deadline = NIODeadline.now() + .nanoseconds(timeout.nanosecondsSaturated)
        do {
            let response = try client.execute(
                request: request,
                delegate: ResponseAccumulator(request: request, maxBodySize: maxBytes),
                deadline: deadline
            ).wait()
            let body = response.body.map { Array($0.readableBytesView) } ?? []
            return .success(
                Response(url: url, status: Int(response.status.code), headers: response.headers, body: body))
        } catch {
            return .failure(describe(error))
        }
    }

    /// Words for what went wrong; transient when asking again may help.
    private func describe(_ error: any Error) -> Failure {
        if error is ResponseAccumulator.ResponseTooBigError {
            return Failure(
                cause: "the response is larger than \(maxBytes) bytes (raise the source's max_bytes: to accept it)",
                transient: false)
        }
        let (cause, transient) = HTTPRetry.cause(of: error, timeout: timeout)
        return Failure(cause: cause, transient: transient)
    }
}
