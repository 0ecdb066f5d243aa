import Foundation
import PackagePlugin

/// Writes a target's folder of files into a Swift file of the target, so that the `herald`
/// executable carries them and runs from wherever it is copied: HeraldSite's built-in theme
/// (`Theme/`) and HeraldServe's script and style for the pages it serves (`Client/`).
///
/// Each file becomes one base64 string literal, decoded once at run time: a literal is read by the
/// compiler as it is, where an array literal of the same bytes would keep the type checker busy
/// for minutes. The folder's files are the command's inputs, so an edited file is embedded again
/// at the next build.
@main
struct EmbedFiles: BuildToolPlugin {
    /// The folder each target embeds, inside `Sources/TARGET/`; the generated enum is named
    /// `Embedded` and the folder's name (`EmbeddedTheme`, `EmbeddedClient`).
    static let folders = ["HeraldSite": "Theme", "HeraldServe": "Client"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let folderName = Self.folders[target.name] else {
            throw EmbedFilesError(message: "\(target.name): no folder to embed; name it in EmbedFiles.folders")
        }
        // The target's folder by convention: `Target.directoryURL` needs tools version 6.1.
        let source = "Sources/\(target.name)/\(folderName)"
        let folder = context.package.directoryURL.appendingPathComponent(source)
        let names = try Self.files(in: folder)
        let type = "Embedded" + folderName
        let file = context.pluginWorkDirectoryURL.appendingPathComponent("\(folderName)/\(type).swift")
        return [
            .buildCommand(
                displayName: "Embedding \(source)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "sh", folder.path, file.path, type, source] + names,
                environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                inputFiles: names.map { folder.appendingPathComponent($0) },
                outputFiles: [file])
        ]
    }

    /// Every regular file under `folder` by its path inside it, sorted so that the generated file
    /// is the same on every machine; hidden files (an editor's leftovers) are left out.
    static func files(in folder: URL) throws -> [String] {
        let prefix = folder.resolvingSymlinksInPath().path + "/"
        guard
            let walk = FileManager.default.enumerator(
                at: folder.resolvingSymlinksInPath(),
                includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles])
        else { return [] }
        var names: [String] = []
        for case let url as URL in walk
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let path = url.resolvingSymlinksInPath().path
            guard path.hasPrefix(prefix) else { continue }
            let name = String(path.dropFirst(prefix.count))
            // The name goes into a Swift string literal as it is.
            guard !name.contains("\""), !name.contains("\\") else {
                throw EmbedFilesError(
                    message:
                        "\(folder.lastPathComponent)/\(name): an embedded file's name may hold no quote or backslash")
            }
            names.append(name)
        }
        return names.sorted()
    }

    /// `$1` the folder, `$2` the Swift file, `$3` the enum's name, `$4` the folder as the package
    /// names it, then the files' names inside the folder.
    static let script = #"""
        folder=$1; out=$2; type=$3; source=$4; shift 4
        mkdir -p "$(dirname "$out")"
        {
            printf '%s\n\n' "// Written by the EmbedFiles plugin (Plugins/EmbedFiles) from $source."
            printf '%s\n' "/// The files of $source by their paths inside it, each base64-encoded."
            printf '%s\n' "enum $type {"
            printf '%s\n' '    static let files: [(name: String, base64: String)] = ['
            for name; do
                encoded=$(base64 -w0 "$folder/$name") || exit 1
                printf '        ("%s", "%s"),\n' "$name" "$encoded"
            done
            printf '%s\n' '    ]' '}'
        } > "$out.tmp" && mv "$out.tmp" "$out"
        """#
}

/// A target or file the generated Swift could not hold.
struct EmbedFilesError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
