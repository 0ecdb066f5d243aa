import Foundation
import PackagePlugin

/// Writes the built-in theme (`Sources/TARGET/Theme/`, every file) into a Swift file of the target,
/// so that the `herald` executable carries it and runs from wherever it is copied.
///
/// Each file becomes one base64 string literal, decoded once at run time: a literal is read by the
/// compiler as it is, where an array literal of the same bytes would keep the type checker busy
/// for minutes. The theme's files are the command's inputs, so an edited template is embedded
/// again at the next build.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // The target's folder by convention: `Target.directoryURL` needs tools version 6.1.
        let theme = context.package.directoryURL.appendingPathComponent("Sources/\(target.name)/Theme")
        let names = try Self.files(in: theme)
        let file = context.pluginWorkDirectoryURL.appendingPathComponent("Theme/EmbeddedTheme.swift")
        return [.buildCommand(
            displayName: "Embedding the built-in theme",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", Self.script, "sh", theme.path, file.path] + names,
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            inputFiles: names.map { theme.appendingPathComponent($0) },
            outputFiles: [file])]
    }

    /// Every regular file under `folder` by its path inside it, sorted so that the generated file
    /// is the same on every machine; hidden files (an editor's leftovers) are left out.
    static func files(in folder: URL) throws -> [String] {
        let prefix = folder.resolvingSymlinksInPath().path + "/"
        guard let walk = FileManager.default.enumerator(at: folder.resolvingSymlinksInPath(),
                                                        includingPropertiesForKeys: [.isRegularFileKey],
                                                        options: [.skipsHiddenFiles]) else { return [] }
        var names: [String] = []
        for case let url as URL in walk where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let path = url.resolvingSymlinksInPath().path
            guard path.hasPrefix(prefix) else { continue }
            let name = String(path.dropFirst(prefix.count))
            // The name goes into a Swift string literal as it is.
            guard !name.contains("\""), !name.contains("\\") else {
                throw EmbedThemeError(message: "Theme/\(name): a theme file's name may hold no quote or backslash")
            }
            names.append(name)
        }
        return names.sorted()
    }

    /// `$1` the theme folder, `$2` the Swift file, then the files' names inside the theme.
    static let script = #"""
        folder=$1; out=$2; shift 2
        mkdir -p "$(dirname "$out")"
        {
            printf '%s\n\n' '// Written by the EmbedTheme plugin (Plugins/EmbedTheme) from Sources/HeraldSite/Theme.'
            printf '%s\n' "/// The built-in theme's files by their paths inside the theme, each base64-encoded."
            printf '%s\n' 'enum EmbeddedTheme {'
            printf '%s\n' '    static let files: [(name: String, base64: String)] = ['
            for name; do
                encoded=$(base64 -w0 "$folder/$name") || exit 1
                printf '        ("%s", "%s"),\n' "$name" "$encoded"
            done
            printf '%s\n' '    ]' '}'
        } > "$out.tmp" && mv "$out.tmp" "$out"
        """#
}

/// A theme file the generated Swift could not hold.
struct EmbedThemeError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
