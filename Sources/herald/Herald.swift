import ArgumentParser
// Linked for its malloc, which replaces glibc's in the whole process: a build allocates and frees
// many small objects on every core, and jemalloc keeps each size in runs of its own where glibc's
// heap fills with holes (benchmarks/README.md, "Allocator", has the measurements).
import CJemalloc
import Foundation
import HeraldCore

/// The `herald` command: builds and checks data-driven static sites.
@main
struct Herald: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald",
        abstract: "Build data-driven static sites from data files and Mustache templates.",
        version: "herald \(HeraldVersion.string) (\(BuildCommit.text))",
        subcommands: [
            BuildCommand.self, ServeCommand.self, CheckCommand.self, RenderCommand.self, NewCommand.self,
            TasksCommand.self, DeployCommand.self, InspectCommand.self, ThemeCommand.self
        ]
    )

    /// Runs the command, with bad usage exiting 2 (ArgumentParser's own default is 64) as the
    /// product promises: 0 success, 1 errors found in the user's input, 2 bad command line.
    /// `serve` and `check` are async commands; the others run as they are, on this task.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                Terminal().complain([fullMessage(for: error)])
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
