import AsyncHTTPClient
import Foundation
import HeraldTestSupport
import NIOCore
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A `herald serve` running in the background for one test: the address from its first line,
/// its output so far, HTTP to it, and a signal to stop it. Killed if a test leaves it running.
final class ServeProcess: Sendable {
    private let process: Process
    private let outURL: URL
    private let errURL: URL
    /// `http://127.0.0.1:PORT/base/`, as printed.
    let url: String
    /// `http://127.0.0.1:PORT`
    let origin: String
    let client: HTTPClient

    /// How long the server may take to print its address: a debug build of the site on a busy
    /// machine, where a process started while the whole suite runs has been seen to wait a minute.
    static let startLimit: Duration = .seconds(180)
    /// How long a test waits for the served site to show a change. A wait ends as soon as the
    /// change shows; the limit only has to outlast a CI machine running the whole suite at once,
    /// and how fast a change shows is the benchmark's to measure, not a test's.
    static let patience: Duration = .seconds(30)

    /// Starts `herald serve --port 0 arguments` in `folder` (with `binary`, by default the built
    /// one) and waits for its first line.
    init(in folder: URL, _ arguments: [String] = [], binary: URL? = nil) async throws {
        let binary = try #require(binary ?? CLI.binary, "build herald first: swift build --build-tests")
        let id = UUID().uuidString
        outURL = FileManager.default.temporaryDirectory.appendingPathComponent("herald-serve-out-\(id)")
        errURL = FileManager.default.temporaryDirectory.appendingPathComponent("herald-serve-err-\(id)")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
        var first: String?
        let deadline = ContinuousClock.now + Self.startLimit
        while first == nil, ContinuousClock.now < deadline, process.isRunning {
            first = Self.read(outURL).split(separator: "\n").first.map(String.init)
            if first == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        guard let line = first, let at = line.range(of: " at http://") else {
            let errors = Self.read(errURL)
            try? await client.shutdown()
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw ServeFailure(
                message: "herald serve printed no address; first line \(first ?? "none"); stderr: \(errors)")
        }
        url = String(line[line.index(at.lowerBound, offsetBy: 4)...])
        let afterScheme = url.dropFirst("http://".count)
        origin = "http://" + afterScheme.prefix { $0 != "/" }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? client.syncShutdown()
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
    }

    var stdout: String { Self.read(outURL) }
    var stderr: String { Self.read(errURL) }

    /// Waits until `condition` holds of stdout, up to `limit`.
    func waitForOutput(_ limit: Duration = ServeProcess.patience, _ condition: (String) -> Bool) async throws -> String
    {
        try await explained { try await poll(limit) { condition(self.stdout) ? self.stdout : nil } }
    }

    /// Waits until the page at `path` contains `text`, up to `limit`; its body.
    func waitForPage(_ path: String, containing text: String, within limit: Duration = ServeProcess.patience)
        async throws -> String
    {
        try await explained {
            try await poll(limit) { () async throws -> String? in
                let body = try await self.get(path).body
                return body.contains(text) ? body : nil
            }
        }
    }

    /// Runs `wait`; when it gives up, the failure tells what the server printed meanwhile.
    private func explained<T>(_ wait: () async throws -> T) async throws -> T {
        do {
            return try await wait()
        } catch let failure as ServeFailure {
            throw ServeFailure(message: "\(failure.message); the server printed:\n\(stdout)\(stderr)")
        }
    }

    /// Sends `signal` and waits for the process to end; its exit status.
    func stop(_ signal: Int32 = SIGTERM) async throws -> Int32 {
        kill(process.processIdentifier, signal)
        _ = try await poll(.seconds(15)) { self.process.isRunning ? nil : true }
        try await client.shutdown()
        #expect(process.terminationReason == .exit, "herald serve died of a signal: \(stderr)")
        return process.terminationStatus
    }

    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    /// `GET path` (an absolute path on the server), redirects not followed.
    func get(_ path: String) async throws -> Reply {
        try await send(HTTPClientRequest(url: origin + path))
    }

    /// `POST path` with a JSON body and the given headers.
    func post(_ path: String, json: String, headers: [String: String]) async throws -> Reply {
        var request = HTTPClientRequest(url: origin + path)
        request.method = .POST
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        request.headers.replaceOrAdd(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: json))
        return try await send(request)
    }

    private func send(_ request: HTTPClientRequest) async throws -> Reply {
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        return Reply(status: Int(response.status.code), headers: headers, body: String(buffer: body))
    }

    /// Opens the live-reload event stream; the test reads what has arrived through the result.
    func events() async throws -> EventStream {
        let response = try await client.execute(
            HTTPClientRequest(url: origin + "/_herald/events"), timeout: .seconds(120))
        #expect(response.status.code == 200)
        #expect(response.headers.first(name: "content-type")?.hasPrefix("text/event-stream") == true)
        return EventStream(response)
    }

    private static func read(_ url: URL) -> String {
        (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
}

/// The text of one event stream as it arrives.
final class EventStream: Sendable {
    private let text = TextBuffer()
    private let reader: Task<Void, Never>

    init(_ response: HTTPClientResponse) {
        reader = Task { [text] in
            // The stream ends with an error when the server goes; what arrived before stays.
            do {
                for try await chunk in response.body { text.append(String(buffer: chunk)) }
            } catch {}
        }
    }

    deinit { reader.cancel() }

    var received: String { text.value }

    /// Waits for an event named `name` whose data contains `fragment`; its data line.
    func waitFor(_ name: String, containing fragment: String = "", within limit: Duration = ServeProcess.patience)
        async throws
        -> String
    {
        try await poll(limit) {
            self.received.components(separatedBy: "\n\n").lazy
                .filter { $0.hasPrefix("event: \(name)\n") && (fragment.isEmpty || $0.contains(fragment)) }
                .map { String($0.dropFirst("event: \(name)\ndata: ".count)) }
                .first
        }
    }
}

/// Text appended by one task and read by another.
private final class TextBuffer: Sendable {
    private let text = Mutex("")

    func append(_ more: String) { text.withLock { $0 += more } }

    var value: String { text.withLock { $0 } }
}

/// Why a server could not be started.
struct ServeFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Calls `attempt` until it gives a value, up to `limit`; the deadline, not a fixed sleep, is what
/// a slow machine stretches.
func poll<T>(_ limit: Duration, _ attempt: () async throws -> T?) async throws -> T {
    let deadline = ContinuousClock.now + limit
    while true {
        if let value = try await attempt() { return value }
        guard ContinuousClock.now < deadline else { throw ServeFailure(message: "gave up waiting after \(limit)") }
        try await Task.sleep(for: .milliseconds(20))
    }
}
