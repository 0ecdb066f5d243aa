import ArgumentParser
import Foundation
import HeraldCore
import HeraldModels

#if canImport(Glibc)
    import Glibc
#endif

/// `herald new`: writes a small new site that builds at once.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a small new site (config, tasks, heroes, a page) into a folder.",
        discussion: """
            The folder is made when it does not exist. A folder that holds anything is left alone \
            unless --force is given; then the new site's files replace files of the same names, and \
            every other file stays.
            """)

    @Argument(help: ArgumentHelp("The folder to write the site into.", valueName: "dir"))
    var folder: String

    @Flag(help: "Write into a folder that is not empty, replacing files of the same names.")
    var force = false

    func run() throws {
        guard let instant = BuildClock.instant(nil) else {
            Terminal().complain(["SOURCE_DATE_EPOCH: error: not a number of seconds"])
            throw ExitCode(2)
        }
        let site = URL(fileURLWithPath: folder)
        let files = NewSiteFiles.files(today: Day(instant, in: TimeZone(identifier: "UTC") ?? .gmt))
        var problems: [String] = []
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: site.path, isDirectory: &isFolder) {
            if !isFolder.boolValue {
                problems.append("\(folder): error: not a folder")
            } else if let entries = try? FileManager.default.contentsOfDirectory(atPath: site.path) {
                if !entries.isEmpty && !force {
                    problems.append(
                        "\(folder): error: the folder is not empty; use --force to write the new site's files "
                            + "into it (files of the same names are replaced, others are left alone)")
                }
            } else {
                problems.append("\(folder): error: cannot list the folder")
            }
        }
        // Checked before anything is written: a file can be replaced, but not a folder or a link
        // standing where one goes, nor a file where a folder must be.
        if problems.isEmpty {
            for (path, _) in files {
                guard let (inTheWay, why) = Self.obstacle(to: path, in: site) else { continue }
                let line = "\(Self.join(folder, inTheWay)): error: \(why)"
                if !problems.contains(line) { problems.append(line) }
            }
        }
        guard problems.isEmpty else {
            Terminal().complain(problems)
            throw ExitCode(1)
        }

        var lines = ["Wrote a new site into \(folder):"]
        for (path, text) in files {
            let url = site.appendingPathComponent(path)
            let replaced = Self.kind(of: url.path) != nil
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .atomic)
            } catch {
                Terminal().complain([
                    "\(Self.join(folder, path)): error: cannot write the file: \(error.localizedDescription)"
                ])
                throw ExitCode(1)
            }
            lines.append("  " + path + (replaced ? " (replaced)" : ""))
        }
        let cd = "cd \(Self.shellQuoted(folder))"
        lines += [
            "", "Next:",
            "  \(cd) && herald serve    # see it at http://127.0.0.1:8080, rebuilt on every save",
            "  \(cd) && herald build    # write it into Output/"
        ]
        print(lines.joined(separator: "\n"))
    }

    /// What stands in the way of writing `path` inside `site`, if anything: the path in the way, and why.
    static func obstacle(to path: String, in site: URL) -> (String, String)? {
        let parts = path.split(separator: "/").map(String.init)
        for end in 1...parts.count {
            let partial = parts[..<end].joined(separator: "/")
            let isLast = end == parts.count
            guard let kind = kind(of: site.appendingPathComponent(partial).path) else { return nil }
            switch kind {
            case S_IFDIR where !isLast, S_IFREG where isLast:
                continue
            case S_IFLNK:
                return (partial, "is a symbolic link; the new site's files are not written through one")
            case S_IFDIR:
                return (partial, "is a folder, where the new site has a file")
            default:
                return (partial, isLast ? "is not a regular file" : "is a file, where the new site has a folder")
            }
        }
        return nil
    }

    /// The file type at `path` (`S_IFDIR`, `S_IFREG`, `S_IFLNK`…), links not followed; nil when nothing is there.
    static func kind(of path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    static func join(_ folder: String, _ path: String) -> String {
        folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }

    /// `text` as one shell word: as it is when that is safe, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_./+,".unicodeScalars.contains($0))
        }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
