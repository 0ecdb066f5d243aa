import Foundation
import HeraldCore

/// Runs the `git` command-line tool in one repository, feeding and reading it through files, so
/// that a large listing or input can never fill a pipe and stall both sides. The repository is
/// named by `-C` only: variables such as `GIT_DIR` or `GIT_INDEX_FILE` inherited from a hook
/// never steer it.
struct GitCommand: Sendable {
    /// The repository's folder.
    let repository: String
    /// Added to every run's environment (the temporary index, an identity).
    var environment: [String: String] = [:]
    /// Where errors are placed: the target in herald.yml.
    let location: SourceLocation

    /// What one run printed.
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    /// Runs `git ARGUMENTS` with `input` on its standard input; a failure to start is an error.
    func run(_ arguments: [String], input: Data = Data()) throws(DiagnosticError) -> Output {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("herald-git-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let paths = ["in", "out", "err"].map { scratch.appendingPathComponent($0) }
            try input.write(to: paths[0])
            for path in paths.dropFirst() { try Data().write(to: path) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", repository] + arguments
            var variables = ProcessInfo.processInfo.environment
            for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR"] {
                variables[name] = nil
            }
            variables["GIT_TERMINAL_PROMPT"] = "0"
            process.environment = variables.merging(environment) { _, new in new }
            process.standardInput = try FileHandle(forReadingFrom: paths[0])
            process.standardOutput = try FileHandle(forWritingTo: paths[1])
            process.standardError = try FileHandle(forWritingTo: paths[2])
            try process.run()
            process.waitUntilExit()
            return Output(
                status: process.terminationStatus, stdout: try Data(contentsOf: paths[1]),
                stderr: String(decoding: try Data(contentsOf: paths[2]), as: UTF8.self))
        } catch {
            throw DiagnosticError(.error(at: location, "cannot run git: \(error.localizedDescription)"))
        }
    }

    /// Runs git and returns its standard output; a non-zero exit is an error saying `doing`, with
    /// what git said (any password in a URL hidden).
    func output(_ arguments: [String], input: Data = Data(), doing: String) throws(DiagnosticError) -> Data {
        let result = try run(arguments, input: input)
        guard result.status == 0 else {
            let said = Self.hidingPasswords(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
                .escapingControls
            throw DiagnosticError(
                .error(at: location, "cannot \(doing): git says: \(said.isEmpty ? "exit \(result.status)" : said)"))
        }
        return result.stdout
    }

    /// The trimmed text git printed.
    func text(_ arguments: [String], doing: String) throws(DiagnosticError) -> String {
        String(decoding: try output(arguments, doing: doing), as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// `https://user:token@host/…` → `https://***@host/…`: git may print a remote's URL whole.
    static func hidingPasswords(_ text: String) -> String {
        text.replacing(#/://[^/@\s]+@/#, with: "://***@")
    }
}
