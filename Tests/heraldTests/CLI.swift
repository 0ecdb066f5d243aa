import Foundation
import HeraldTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `herald` binary, as a user would.
enum CLI {
    struct Result: Sendable {
        var status: Int32
        var stdout: Data
        var stderr: String
        var output: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// `herald` sits next to the test bundle in the build's products folder; the source-relative
    /// `.build/debug` is the fallback when the runner reports some other executable path.
    /// `HERALD_TEST_BINARY` runs the end-to-end tests against another build (an older commit's,
    /// to see a regression test fail where the bug still is).
    static let binary: URL? = {
        if let other = ProcessInfo.processInfo.environment["HERALD_TEST_BINARY"] { return URL(fileURLWithPath: other) }
        let fromRunner = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let fromSource = Repository.url(".build/debug")
        return [fromRunner, fromRunner.deletingLastPathComponent(), fromSource]
            .map { $0.appendingPathComponent("herald") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// How long one command may run before it is killed.
    static let timeLimit: Double = 120

    /// Runs `herald arguments` in `folder`; `environment` is added to this process's own. It is
    /// killed after `timeLimit` seconds.
    static func run(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:],
        timeLimit: Double = CLI.timeLimit
    ) async throws -> Result {
        let binary = try #require(binary, "build herald first: swift build --build-tests")
        return try await launch(binary, arguments, in: folder, environment: environment, timeLimit: timeLimit)
    }

    /// Runs `executable arguments` in `folder`, collecting stdout and stderr through files so that
    /// large outputs cannot fill a pipe and stall the child.
    static func launch(
        _ executable: URL, _ arguments: [String], in folder: URL,
        environment: [String: String] = [:], timeLimit: Double = CLI.timeLimit
    ) async throws -> Result {
        let id = UUID().uuidString
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("herald-out-\(id)")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("herald-err-\(id)")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        // A command that hangs (the bug some tests look for) is killed, so that the test fails
        // instead of waiting for ever.
        let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        defer { watchdog.cancel() }
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
                DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try out.close()
        try err.close()
        return Result(
            status: status, stdout: try Data(contentsOf: outURL),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
