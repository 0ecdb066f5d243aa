import AsyncHTTPClient
import Foundation
import HeraldCore
import NIOHTTP1

/// How Herald asks a server again: which answers are worth another try, how long to wait before
/// it (`Retry-After`, else exponential backoff with jitter), and the words for a status. Shared by
/// the fetching of sources and the checking of outside links.
public enum HTTPRetry {
    /// Tries in all, the first included.
    public static let maxAttempts = 4
    /// The longest wait between two tries, whatever `Retry-After` asks for.
    public static let maxBackoff = 30.0

    /// A server error or a rate limit: the same request may succeed later.
    public static func isTransient(_ status: Int) -> Bool {
        status >= 500 || status == 429
    }

    /// Seconds to wait after the `attempt`th try (1-based): 0.5 s, 1 s, 2 s…, with up to a
    /// quarter more at random, so that many clients failing together do not come back together;
    /// what `Retry-After` asks for instead, when the server says. At most `maxBackoff`.
    public static func wait(afterAttempt attempt: Int, retryAfter: Double?) -> Double {
        let backoff = 0.5 * pow(2, Double(attempt - 1)) * Double.random(in: 1...1.25)
        return min(retryAfter ?? backoff, maxBackoff)
    }

    /// `Retry-After` as seconds, or as an HTTP date from now.
    public static func retryAfter(_ value: String) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text) { return max(0, seconds) }
        return httpDate(text).map { max(0, $0.timeIntervalSinceNow) }
    }

    /// An HTTP date (`Sat, 21 Nov 2026 09:00:00 GMT`), as `Retry-After` and `Last-Modified` write it.
    public static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }

    /// `HTTP 404 Not Found`.
    public static func describe(_ status: Int) -> String {
        let phrase = HTTPResponseStatus(statusCode: status).reasonPhrase
        return phrase.isEmpty ? "HTTP \(status)" : "HTTP \(status) \(phrase)"
    }

    /// Words for a request that got no answer, and whether asking again may help.
    public static func cause(of error: any Error, timeout: Duration, maxRedirects: Int) -> (cause: String, transient: Bool) {
        let shown = timeout.secondsText
        if let client = error as? HTTPClientError {
            switch client {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return ("timed out after \(shown) s", true)
            case .redirectLimitReached:
                return ("more than \(maxRedirects) redirects", false)
            case .redirectCycleDetected:
                return ("a redirect loop", false)
            case .remoteConnectionClosed:
                return ("the server closed the connection", true)
            default:
                return ("\(client)", false)
            }
        }
        let text = "\(error)"
        if text.contains("refused") { return ("connection refused", true) }
        // A name that does not resolve now will not in a second either.
        if text.contains("UnknownHost") || text.contains("Name or service not known") { return ("no such host", false) }
        if text.lowercased().contains("timeout") || text.lowercased().contains("timed out") {
            return ("timed out after \(shown) s", true)
        }
        return ("the connection failed (\(text))", true)
    }
}
