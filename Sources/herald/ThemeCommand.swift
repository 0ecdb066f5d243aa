import ArgumentParser
import Foundation
import HeraldCore
import HeraldSite

/// `herald theme`: the theme built into herald, listed or copied into a site to change it.
struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "List the built-in theme's files, or copy them into the site's Templates/ to change them.",
        discussion: """
            A file of the site's Templates/ replaces the built-in file of the same path; every other \
            file still comes from the built-in theme.
            """,
        subcommands: [ThemeList.self, ThemeExportCommand.self])
}

/// `herald theme list`: every built-in file and what of the site it makes.
struct ThemeList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Name each built-in theme file and the site's pages it makes.",
        discussion: """
            One line a file: its path in the theme, then the pages of the site it fills (their \
            count and the first, for a template of many), the templates that include or extend it, \
            or the copy of an asset; "(overridden)" when the site's Templates/ has a file of the same path.
            """)

    @Option(help: "The site folder, holding herald.yml.")
    var source: String = "."

    func run() throws {
        let site = URL(fileURLWithPath: source).standardizedFileURL
        let uses: [ThemeFileUse]
        do throws(DiagnosticError) {
            uses = try ThemeCatalog.uses(
                BuildOptions(site: site, output: site.appendingPathComponent("Output"), now: Date()))
        } catch {
            Terminal().complain(error.diagnostics.map { SiteBuild.relative($0, to: site) })
            throw ExitCode(1)
        }
        let width = uses.map(\.name.count).max() ?? 0
        for use in uses {
            let padded = use.name.padding(toLength: width, withPad: " ", startingAt: 0)
            print("\(padded)  \(Self.describe(use))\(use.overridden ? " (overridden)" : "")")
        }
    }

    static func describe(_ use: ThemeFileUse) -> String {
        var parts: [String] = []
        switch use.outputs.count {
        case 0: break
        case 1: parts.append(use.outputs[0])
        default: parts.append("\(use.outputs.count.groupedByThousands) pages, e.g. \(use.outputs[0])")
        }
        if !use.usedBy.isEmpty { parts.append("used by " + use.usedBy.joined(separator: ", ")) }
        return parts.isEmpty ? "not used by this site" : parts.joined(separator: "; ")
    }
}

/// `herald theme export`: built-in files copied into the site's `Templates/`.
struct ThemeExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Copy built-in theme files into the site's Templates/, as the start of an override.",
        discussion: """
            With no file named, copies every file of the theme (herald theme list names them). A file \
            that is in Templates/ already is an error, and then nothing is written, unless --force. \
            Prints each file written.
            """)

    @Argument(
        help: ArgumentHelp(
            "Theme files to copy, e.g. hero.html.mustache or assets/herald.css (default: all).",
            valueName: "file"))
    var files: [String] = []

    @Flag(help: "Replace files that are in Templates/ already.")
    var force = false

    @Option(help: "The site folder, holding herald.yml.")
    var source: String = "."

    func run() throws {
        let site = URL(fileURLWithPath: source).standardizedFileURL
        do throws(DiagnosticError) {
            for path in try ThemeExport.export(files, to: site, force: force) { print(path) }
        } catch {
            Terminal().complain(error.diagnostics.map(\.description))
            throw ExitCode(1)
        }
    }
}
