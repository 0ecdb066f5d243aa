import Foundation
import HeraldTestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// moto's S3 server on 127.0.0.1 (Moto/moto_s3.py, in the virtual environment `make deps` makes),
/// with one bucket and one user whose key it signs with, started for one test and stopped when
/// the test lets go of it. It logs every request's method and path.
final class MotoServer: @unchecked Sendable {
    /// The virtual environment's Python; `HERALD_MOTO_PYTHON` names another.
    static let python: String? = {
        let path =
            ProcessInfo.processInfo.environment["HERALD_MOTO_PYTHON"]
            ?? Repository.url(".build/deploy-venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// Whether the S3 tests run: when moto is installed, and always under CI (`CI` set), where a
    /// missing moto is a failure, not a skip.
    static let available = python != nil || ProcessInfo.processInfo.environment["CI"] != nil

    let port: Int
    let bucket = "site"
    let accessKeyID: String
    let secretAccessKey: String
    private let log: URL
    private let process: Process

    init() throws {
        let python = try #require(Self.python, "run make deps: moto is installed into .build/deploy-venv")
        let script = try #require(Bundle.module.url(forResource: "moto_s3", withExtension: "py", subdirectory: "Moto"))
        log = FileManager.default.temporaryDirectory.appendingPathComponent("herald-moto-\(UUID().uuidString).log")
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, log.path, bucket]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Three lines: "PORT n", the access key, the secret; printed once it serves.
        var text = Data()
        while text.filter({ $0 == UInt8(ascii: "\n") }).count < 3 {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard !byte.isEmpty else { throw CocoaError(.fileReadUnknown) }
            text += byte
        }
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
        port = try #require(Int(lines[0].dropFirst("PORT ".count)))
        accessKeyID = lines[1]
        secretAccessKey = lines[2]
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        try? FileManager.default.removeItem(at: log)
        try? FileManager.default.removeItem(atPath: log.path + ".throttle")
    }

    var endpoint: String { "http://127.0.0.1:\(port)" }

    var environment: [String: String] { ["AWS_ACCESS_KEY_ID": accessKeyID, "AWS_SECRET_ACCESS_KEY": secretAccessKey] }

    /// Makes the store answer each of `requests` (`PUT /site/index.html`) once with 503 SlowDown.
    func throttle(_ requests: [String]) throws {
        try Data(requests.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: log.path + ".throttle"))
    }

    /// The requests since the last call, as `METHOD /path`.
    func requests() throws -> [String] {
        let text = try String(contentsOf: log, encoding: .utf8)
        try Data().write(to: log)
        return text.split(separator: "\n").map(String.init)
    }

    /// One object's bytes and headers, read from the store through boto3 with the user's key.
    func object(_ key: String) throws -> (body: String, contentType: String, cacheControl: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.python))
        process.arguments = [
            "-c",
            """
            import boto3, sys
            s3 = boto3.client("s3", endpoint_url="\(endpoint)", region_name="us-east-1")
            o = s3.get_object(Bucket="\(bucket)", Key=sys.argv[1])
            print(o.get("ContentType", "")); print(o.get("CacheControl", "")); sys.stdout.write(o["Body"].read().decode())
            """, key
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 3, "\(text)")
        // Reading logged a request too: it is not the deploy's.
        _ = try requests()
        return (parts[2], parts[0], parts[1])
    }
}
