import Foundation
import PackagePlugin

/// Writes the commit the package is built from into a Swift file of the target, for
/// `herald --version`: the short hash of HEAD, `-dirty` when the working tree had changes then, or
/// `unknown commit` outside a git checkout of this package (a source archive, even one unpacked
/// inside some other repository).
///
/// A build command whose inputs are the git files that change whenever HEAD moves (`HEAD`, its
/// reflog `logs/HEAD`, and the index), so it runs again after a commit, a checkout or a reset even
/// when no source file changed. SwiftPM runs a prebuild command only when it plans the build anew,
/// which a build without source changes skips, and the binary kept naming the old commit. It
/// rewrites the file only when its text changes, so an unchanged commit recompiles nothing.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Commit")
        let file = output.appendingPathComponent("BuildCommit.swift")
        return [
            .buildCommand(
                displayName: "Recording the commit herald is built from",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "sh", context.package.directoryURL.path, output.path, file.path],
                environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                inputFiles: Self.gitFiles(of: context.package.directoryURL),
                outputFiles: [file])
        ]
    }

    /// The files git rewrites when HEAD moves or the index changes, in the package's own git folder
    /// (`.git`, or the folder a worktree's `.git` file names); none outside a checkout.
    static func gitFiles(of package: URL) -> [URL] {
        let dotGit = package.appendingPathComponent(".git")
        var folder = dotGit
        if let link = try? String(contentsOf: dotGit, encoding: .utf8), link.hasPrefix("gitdir:") {
            let path = link.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            folder = URL(fileURLWithPath: path, relativeTo: package)
        }
        return ["HEAD", "logs/HEAD", "index"].map { folder.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// `$1` the package folder, `$2` the output folder, `$3` the Swift file. `--show-prefix` is
    /// empty only at the top of a work tree: the package's own checkout, not one it lies inside.
    static let script = #"""
        commit="unknown commit"
        if prefix=$(git -C "$1" rev-parse --show-prefix 2>/dev/null) && [ -z "$prefix" ] \
            && hash=$(git -C "$1" rev-parse --short HEAD 2>/dev/null); then
            commit="$hash"
            [ -z "$(git -C "$1" --no-optional-locks status --porcelain 2>/dev/null)" ] || commit="$hash-dirty"
        fi
        text="// Written by the BuildCommit plugin (Plugins/BuildCommit) when HEAD or the index changes.

        /// The commit this herald was built from, as \`herald --version\` shows it.
        enum BuildCommit {
            static let text = \"$commit\"
        }"
        mkdir -p "$2"
        [ -f "$3" ] && [ "$(cat "$3")" = "$text" ] || printf '%s\n' "$text" > "$3"
        """#
}
