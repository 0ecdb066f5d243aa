import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldLoaders
import NIOCore
import NIOHTTP1

/// GET requests with the policies of a build that runs unattended: a connect and a total timeout,
/// at most 5 redirects, gzip, a size limit, and retries with exponential backoff and jitter on
/// connection errors, 5xx and 429 (honouring `Retry-After`), never on other 4xx.
///
/// async-http-client, not FoundationNetworking's URLSession: it bounds the body while it streams
/// (a 300 MB answer is stopped at the limit, not downloaded), limits redirects by count and
/// detects cycles, and runs on SwiftNIO alone, without libcurl.
final class HTTPFetcher: Sendable {
    /// What came back: a status the caller decides about (200, 304, 404…), its headers, the body.
    struct Response: Sendable {
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
    static let maxAttempts = 4
    /// The longest wait between two attempts, whatever `Retry-After` asks for.
    static let maxBackoff = 30.0

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
        let limit = TimeAmount.nanoseconds(Int64(timeout.inSeconds * 1e9))
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: Self.maxRedirects, allowCycles: false),
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

    /// The answer to `GET url` with `headers`, after retrying what is worth retrying; a 304 or a
    /// 4xx is an answer, not a failure.
    func get(_ url: String, headers: [(String, String)]) -> Result<Response, Failure> {
        var attempt = 0
        while true {
            attempt += 1
            let result = once(url, headers: headers)
            let failure: Failure
            switch result {
            case .success(let response) where response.status >= 500 || response.status == 429:
                failure = Failure(cause: "HTTP \(response.status)\(Self.reason(response.status))", transient: true,
                                  retryAfter: response.header("Retry-After").flatMap(Self.retryAfter))
            case .success:
                return result
            case .failure(let error):
                failure = error
            }
            guard failure.transient, attempt < Self.maxAttempts else { return .failure(failure) }
            // Exponential: 0.5 s, 1 s, 2 s, with up to a quarter more at random, so that many
            // builds failing together do not come back together.
            let backoff = 0.5 * pow(2, Double(attempt - 1))
            let wait = min(failure.retryAfter ?? backoff * Double.random(in: 1...1.25), Self.maxBackoff)
            Thread.sleep(forTimeInterval: wait * backoffScale)
        }
    }

    private func once(_ url: String, headers: [(String, String)]) -> Result<Response, Failure> {
        let request: HTTPClient.Request
        do {
            var fields = HTTPHeaders(headers)
            fields.replaceOrAdd(name: "User-Agent", value: "herald/\(HeraldVersion.string)")
            request = try HTTPClient.Request(url: url, method: .GET, headers: fields)
        } catch {
            return .failure(Failure(cause: "not a URL that can be fetched", transient: false))
        }
        let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout.inSeconds * 1e9))
        do {
            let response = try client.execute(request: request,
                                              delegate: ResponseAccumulator(request: request, maxBodySize: maxBytes),
                                              deadline: deadline).wait()
            let body = response.body.map { Array($0.readableBytesView) } ?? []
            return .success(Response(status: Int(response.status.code), headers: response.headers, body: body))
        } catch {
            return .failure(describe(error))
        }
    }

    /// Words for what went wrong; transient when asking again may help.
    private func describe(_ error: any Error) -> Failure {
        let shown = timeout.secondsText
        if error is ResponseAccumulator.ResponseTooBigError {
            return Failure(cause: "the response is larger than \(maxBytes) bytes (raise the source's max_bytes: to accept it)",
                           transient: false)
        }
        if let client = error as? HTTPClientError {
            switch client {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return Failure(cause: "timed out after \(shown) s", transient: true)
            case .redirectLimitReached:
                return Failure(cause: "more than \(Self.maxRedirects) redirects", transient: false)
            case .redirectCycleDetected:
                return Failure(cause: "a redirect loop", transient: false)
            case .remoteConnectionClosed:
                return Failure(cause: "the server closed the connection", transient: true)
            default:
                return Failure(cause: "\(client)", transient: false)
            }
        }
        let text = "\(error)"
        if text.contains("refused") { return Failure(cause: "connection refused", transient: true) }
        if text.lowercased().contains("timeout") || text.lowercased().contains("timed out") {
            return Failure(cause: "timed out after \(shown) s", transient: true)
        }
        return Failure(cause: "the connection failed (\(text))", transient: true)
    }

    /// `Retry-After` as seconds, or as an HTTP date from now.
    private static func retryAfter(_ value: String) -> Double? {
        if let seconds = Double(value.trimmed()) { return max(0, seconds) }
        return httpDate(value.trimmed()).map { max(0, $0.timeIntervalSinceNow) }
    }

    /// An HTTP date (`Sat, 21 Nov 2026 09:00:00 GMT`), as `Retry-After` and `Last-Modified` write it.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }

    static func reason(_ status: Int) -> String {
        let phrase = HTTPResponseStatus(statusCode: status).reasonPhrase
        return phrase.isEmpty ? "" : " \(phrase)"
    }
}
