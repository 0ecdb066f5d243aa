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
    /// what `Retry-After` asks for when the server says longer. At most `maxBackoff`: a server
    /// can make Herald wait, never ask again sooner than the backoff.
    public static func wait(afterAttempt attempt: Int, retryAfter: Double?) -> Double {
        let backoff = 0.5 * pow(2, Double(min(max(attempt, 1), maxAttempts) - 1)) * Double.random(in: 1...1.25)
        return min(max(retryAfter ?? 0, backoff), maxBackoff)
    }

    /// `Retry-After` as seconds (digits only, as RFC 9110 writes them: `-5`, `nan` or `1e9` are
    /// not a wait), or as an HTTP date from now.
    public static func retryAfter(_ value: String) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return Double(text)
        }
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
    public static func cause(of error: any Error, timeout: Duration) -> (cause: String, transient: Bool) {
        let shown = timeout.secondsText
        if let client = error as? HTTPClientError {
            switch client {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return ("timed out after \(shown) s", true)
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
