import AsyncHTTPClient
import Crypto
import Foundation
import HeraldCore
import HeraldRemote
import NIOCore
import NIOHTTP1

/// The S3 calls a deploy makes (ListObjectsV2, PutObject, DeleteObject), each signed with
/// Signature Version 4 and retried on 5xx, throttling and broken connections.
final class S3Client: Sendable {
    /// Why a call failed, in words that name no secret.
    struct Failure: Error, Sendable {
        var message: String
    }

    let bucket: String
    /// `https://host[:port]`, no path.
    let endpoint: URLComponents
    let pathStyle: Bool
    private let signer: SigV4
    private let client: HTTPClient
    /// Waits between attempts are multiplied by this; tests need not wait the real times.
    private let backoffScale: Double
    /// Objects a listing page holds at most; nil for the store's own (1,000 on AWS). Tests make
    /// it small to list page after page.
    let pageSize: Int?

    init(
        bucket: String, region: String, endpoint: URLComponents, pathStyle: Bool, credentials: S3Credentials,
        backoffScale: Double = 1, pageSize: Int? = nil
    ) {
        self.pageSize = pageSize
        self.bucket = bucket
        self.endpoint = endpoint
        self.pathStyle = pathStyle
        signer = SigV4(credentials: credentials, region: region)
        self.backoffScale = backoffScale
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(30), read: .seconds(120)))
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    deinit {
        try? client.syncShutdown()
    }

    /// Every object's key and ETag (quotes removed), page after page.
    func list() throws(Failure) -> [String: String] {
        var objects: [String: String] = [:]
        var token: String?
        repeat {
            var query = [("list-type", "2")]
            if let pageSize { query.append(("max-keys", String(pageSize))) }
            if let token { query.append(("continuation-token", token)) }
            let response = try send("GET", key: nil, query: query, doing: "list the bucket")
            let page = ListPage(response.body)
            guard page.parsed else {
                throw Failure(message: "cannot list the bucket: its answer is not a ListObjectsV2 listing")
            }
            for (key, etag) in page.objects { objects[key] = etag }
            token = page.truncated ? page.nextToken : nil
        } while token != nil
        return objects
    }

    /// Uploads one object with its content type and cache control.
    func put(_ key: String, bytes: [UInt8], contentType: String, cacheControl: String?) throws(Failure) {
        var headers = ["Content-Type": contentType]
        if let cacheControl { headers["Cache-Control"] = cacheControl }
        _ = try send("PUT", key: key, headers: headers, body: bytes, doing: "send '\(key)'")
    }

    func delete(_ key: String) throws(Failure) {
        _ = try send("DELETE", key: key, doing: "delete '\(key)'")
    }

    private struct Response {
        var status: Int
        var body: [UInt8]
    }

    /// One signed call, tried again while its failure is transient; any other non-2xx is a failure.
    private func send(
        _ method: String, key: String?, query: [(String, String)] = [], headers: [String: String] = [:],
        body: [UInt8] = [], doing: String
    ) throws(Failure) -> Response {
        var attempt = 0
        while true {
            attempt += 1
            let outcome = once(method, key: key, query: query, headers: headers, body: body)
            let cause: String
            let transient: Bool
            switch outcome {
            case .success(let response) where (200..<300).contains(response.status):
                return response
            case .success(let response):
                cause = Self.describe(response)
                transient = HTTPRetry.isTransient(response.status)
            case .failure(let failure):
                cause = failure.message
                transient = true
            }
            guard transient, attempt < HTTPRetry.maxAttempts else {
                throw Failure(message: signer.credentials.hiding("cannot \(doing): \(cause)"))
            }
            Thread.sleep(forTimeInterval: HTTPRetry.wait(afterAttempt: attempt, retryAfter: nil) * backoffScale)
        }
    }

    private func once(
        _ method: String, key: String?, query: [(String, String)], headers: [String: String],
        body: [UInt8]
    ) -> Result<Response, Failure> {
        let (host, path) = address(of: key)
        var fields = headers
        fields["Host"] = host
        let payload = SigV4.hex(SHA256.hash(data: body))
        let signed = signer.sign(
            SigV4.Request(method: method, path: path, query: query, headers: fields, payloadHash: payload),
            at: Date())
        let queryText = query.map { "\(SigV4.encode($0.0))=\(SigV4.encode($0.1))" }.joined(separator: "&")
        let url = "\(endpoint.scheme ?? "https")://\(host)\(path)\(queryText.isEmpty ? "" : "?" + queryText)"
        do {
            var request = try HTTPClient.Request(
                url: url, method: HTTPMethod(rawValue: method),
                headers: HTTPHeaders(signed.map { ($0.key, $0.value) }))
            // A PUT always has a body, an empty file's too: S3 wants its Content-Length.
            if method == "PUT" { request.body = .bytes(body) }
            let response = try client.execute(request: request, deadline: .now() + .seconds(300)).wait()
            return .success(
                Response(
                    status: Int(response.status.code), body: response.body.map { Array($0.readableBytesView) } ?? []))
        } catch {
            return .failure(Failure(message: HTTPRetry.cause(of: error, timeout: .seconds(300)).cause))
        }
    }

    /// The Host header and the encoded path of `key` (or of the bucket itself).
    private func address(of key: String?) -> (host: String, path: String) {
        let port = endpoint.port.map { ":\($0)" } ?? ""
        let server = (endpoint.host ?? "") + port
        let encodedKey = key.map { SigV4.encode($0, keepSlash: true) } ?? ""
        if pathStyle { return (server, "/\(bucket)/\(encodedKey)") }
        return ("\(bucket).\(server)", "/\(encodedKey)")
    }

    /// `HTTP 403 (InvalidAccessKeyId: The AWS Access Key Id you provided does not exist in our records.)`
    private static func describe(_ response: Response) -> String {
        let error = ErrorAnswer(response.body)
        let detail = [error.code, error.message].compactMap { $0 }.joined(separator: ": ")
        var text = HTTPRetry.describe(response.status) + (detail.isEmpty ? "" : " (\(detail.escapingControls))")
        if response.status == 403 {
            text +=
                "; check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, and the bucket's permissions"
        }
        return text
    }
}
