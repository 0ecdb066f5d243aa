import ArgumentParser
import Foundation
import HeraldCore
import HeraldMustache

/// `herald render`: fills one template with one data file, for debugging templates and scripting.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Fill one template with one data file and print the result.",
        discussion: """
            The template's file name decides the escaping of {{name}}: page.html.mustache and \
            page.mustache escape for HTML, .md for Markdown, .xml for XML, .json and .js for JSON strings, \
            .txt not at all. Errors are printed as path:line:column: error: message; the exit \
            status is 1 when there are any.
            """
    )

    @Argument(help: "The template file, e.g. page.html.mustache.")
    var template: String

    @Option(
        help: ArgumentHelp(
            "The view data: JSON, or YAML when the file ends in .yml or .yaml (default: an empty map).",
            valueName: "file"))
    var data: String?

    @Option(
        help: ArgumentHelp(
            "Where {{> name}} finds name.mustache, then name (default: the template's folder).", valueName: "dir"))
    var partials: String?

    @Flag(help: "Treat a key missing from the data, or a missing partial, as an error.")
    var strict = false

    func run() throws {
        var diagnostics: [Diagnostic] = []
        var root: Template?
        var value: TemplateValue = [:]
        do {
            root = try TemplateLibrary.loadTemplate(path: template)
        } catch {
            diagnostics += error.diagnostics
        }
        if let data {
            do {
                value = try DataFile.load(data)
            } catch {
                diagnostics += error.diagnostics
            }
        }
        let folder = partials ?? Self.folder(of: template)
        if partials != nil, !Self.isFolder(folder) {
            diagnostics.append(.error(at: SourceLocation(file: folder), "no such folder"))
        }
        guard let root, diagnostics.isEmpty else { throw Self.fail(diagnostics) }
        let output: String
        do {
            let library = try TemplateLibrary(folders: [folder], loading: .referenced, adding: [root])
            output = try library.render(root, value, strict: strict)
        } catch {
            throw Self.fail(error.diagnostics)
        }
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(output.utf8))
        } catch {
            // Stdout went away (a closed pipe, a full disk): there is no one left to tell.
            throw ExitCode(1)
        }
    }

    /// Prints every diagnostic, one a line, and gives the exit status for errors in the input.
    static func fail(_ diagnostics: [Diagnostic]) -> ExitCode {
        Terminal().complain(diagnostics.map(\.description))
        return ExitCode(1)
    }

    static func folder(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
