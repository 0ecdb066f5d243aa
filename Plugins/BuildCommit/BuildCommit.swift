import Foundation
import PackagePlugin

/// Writes the commit the package is built from into a Swift file of the target, for
/// `herald --version`: the short hash of HEAD, `-dirty` when the working tree has changes, or
/// `unknown commit` outside a git checkout of this package (a source archive, even one unpacked
/// inside some other repository).
///
/// A prebuild command, because only running git can tell whether HEAD moved. It runs before every
/// build but costs a few milliseconds, and rewrites the file only when its text changes, so an
/// unchanged commit recompiles nothing.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Commit")
        let file = output.appendingPathComponent("BuildCommit.swift")
        return [.prebuildCommand(
            displayName: "Recording the commit herald is built from",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", Self.script, "sh", context.package.directoryURL.path, output.path, file.path],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            outputFilesDirectory: output)]
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
        text="// Written by the BuildCommit plugin (Plugins/BuildCommit) before every build.

        /// The commit this herald was built from, as \`herald --version\` shows it.
        enum BuildCommit {
            static let text = \"$commit\"
        }"
        mkdir -p "$2"
        [ -f "$3" ] && [ "$(cat "$3")" = "$text" ] || printf '%s\n' "$text" > "$3"
        """#
}
