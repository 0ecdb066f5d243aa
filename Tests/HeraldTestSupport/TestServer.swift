import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A real HTTP server on 127.0.0.1 (Server/server.py, on Python's standard library), started for
/// one test and stopped when the test lets go of it: it serves the files of `root` with ETags
/// and answers the misbehaving routes the remote-data tests need.
public final class TestServer: @unchecked Sendable {
    /// The files it serves; a test changes them between builds.
    public let root: URL
    public let port: Int
    private let state: URL
    private let process: Process

    public init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-server-\(UUID().uuidString)")
        root = folder.appendingPathComponent("root")
        state = folder.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        guard let script = Bundle.module.url(forResource: "server", withExtension: "py", subdirectory: "Server") else {
            throw CocoaError(.fileNoSuchFile)
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, root.path, state.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is "PORT n", printed once the socket listens.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard !byte.isEmpty else { throw CocoaError(.fileReadUnknown) }
            line += byte
        }
        guard
            let port = Int(
                String(decoding: line, as: UTF8.self).dropFirst("PORT ".count).trimmingCharacters(
                    in: .whitespacesAndNewlines))
        else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
    }

    /// Ends the server: from now on its port refuses connections. Killed and watched through
    /// /proc rather than `waitUntilExit`, which can wait for ever when called off the main thread.
    public func stop() {
        let pid = process.processIdentifier
        guard pid > 0 else { return }
        kill(pid, SIGKILL)
        for _ in 0..<500 {
            // Gone, or a zombie: either way its sockets are closed.
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let state = stat.split(separator: ")").last?.split(separator: " ").first, state != "Z"
            else { return }
            usleep(10_000)
        }
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The Unix socket the server also answers on; its requests are logged with `socket` true.
    public var socketPath: String { state.appendingPathComponent("herald.sock").path }

    /// `path` with the query `to=` naming `target`, for the routes that lead elsewhere.
    public func url(_ path: String, to target: String) -> String {
        url(path) + "?to=" + (target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? target)
    }

    /// Writes a file the server serves at `/path`.
    public func serve(_ path: String, _ text: String) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// One request the server received: its method and path, the status it answered, its headers
    /// (lowercased names).
    public struct Request: Decodable, Sendable {
        public var method: String
        public var path: String
        public var status: Int
        public var headers: [String: String]
        /// Asked through the Unix socket rather than TCP.
        public var socket: Bool
    }

    /// Every request so far, in order; with `path`, those to it (whatever their query).
    public func requests(to path: String? = nil) throws -> [Request] {
        let log = state.appendingPathComponent("requests.log")
        guard let data = FileManager.default.contents(atPath: log.path) else { return [] }
        return try data.split(separator: UInt8(ascii: "\n")).map {
            try JSONDecoder().decode(Request.self, from: Data($0))
        }
        .filter { request in
            guard let path else { return true }
            return request.path == path || request.path.hasPrefix(path + "?")
        }
    }
}
