import Crypto
import Foundation

/// AWS Signature Version 4 for S3, as the specification writes it: a canonical request, the
/// string to sign, a key derived from the secret for the day, region and service, and the
/// `Authorization` header. The secret is only ever an HMAC key: it reaches no header or message.
struct SigV4: Sendable {
    let credentials: S3Credentials
    let region: String
    let service = "s3"

    /// One request to sign: the path as it is sent (already percent-encoded), query parameters
    /// not yet encoded, headers by name.
    struct Request {
        var method: String
        var path: String
        var query: [(String, String)] = []
        var headers: [String: String]
        /// The hex SHA-256 of the body, also sent as `x-amz-content-sha256`.
        var payloadHash: String
    }

    /// `headers` plus `x-amz-date`, `x-amz-content-sha256`, the session token when there is one,
    /// and `Authorization`, for a request made at `date`.
    func sign(_ request: Request, at date: Date) -> [String: String] {
        var headers = request.headers
        let stamp = Self.timestamp(date)
        headers["x-amz-date"] = stamp
        headers["x-amz-content-sha256"] = request.payloadHash
        if let token = credentials.sessionToken { headers["x-amz-security-token"] = token }
        var signed = request
        signed.headers = headers
        let (canonical, signedHeaders) = Self.canonicalRequest(signed)
        let scope = "\(stamp.prefix(8))/\(region)/\(service)/aws4_request"
        let toSign = "AWS4-HMAC-SHA256\n\(stamp)\n\(scope)\n\(Self.hex(SHA256.hash(data: Data(canonical.utf8))))"
        let signature = Self.hex(
            HMAC<SHA256>.authenticationCode(for: Data(toSign.utf8), using: signingKey(day: String(stamp.prefix(8)))))
        headers["Authorization"] =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope),"
            + "SignedHeaders=\(signedHeaders),Signature=\(signature)"
        return headers
    }

    /// The day's key: HMAC of "aws4_request" under HMAC of the service under HMAC of the region
    /// under HMAC of the day under "AWS4" + the secret.
    func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data(("AWS4" + credentials.secretAccessKey).utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    /// The canonical request and its signed headers' names (every header given, lowercased and sorted).
    static func canonicalRequest(_ request: Request) -> (String, String) {
        let headers = request.headers.map { ($0.key.lowercased(), trimmed($0.value)) }.sorted { $0.0 < $1.0 }
        let names = headers.map(\.0).joined(separator: ";")
        let query = request.query.map { (encode($0.0), encode($0.1)) }.sorted { $0 < $1 }.map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
        let canonical = [
            request.method, request.path, query, headers.map { "\($0.0):\($0.1)\n" }.joined(), names,
            request.payloadHash
        ].joined(separator: "\n")
        return (canonical, names)
    }

    /// RFC 3986 percent-encoding as SigV4 wants it: only unreserved characters stay; with
    /// `keepSlash`, `/` too (an object key's path).
    static func encode(_ text: String, keepSlash: Bool = false) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                encoded.append(Character(UnicodeScalar(byte)))
            case UInt8(ascii: "/") where keepSlash:
                encoded.append("/")
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    /// `20130524T000000Z`.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Leading and trailing spaces dropped and inner runs of spaces made one, as the spec says.
    private static func trimmed(_ value: String) -> String {
        value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
