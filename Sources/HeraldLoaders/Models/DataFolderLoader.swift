import Foundation
import HeraldCore

/// Reads every JSON, YAML, CSV or TSV file of the `data:` folder into one map, keyed by file name
/// without extension (`team.yml` → `team`), for templates as `data.team`; or, when `data:` names
/// its sources one by one, each (a file or a URL) under its name.
public struct DataFolderLoader: Sendable {
    public var records: RecordLoader
    public var folder: String
    /// Named sources, read instead of the folder when there are any.
    public var named: [(name: String, spec: SourceSpec)]

    public init(records: RecordLoader, folder: String, named: [(name: String, spec: SourceSpec)] = []) {
        self.records = records
        self.folder = folder
        self.named = named
    }

    /// The data files read, for up-to-date checks.
    public func inputFiles() throws(DiagnosticError) -> [String] {
        guard named.isEmpty else {
            var files: [String] = []
            for (_, spec) in named { files += try records.files(of: spec).map(\.fullPath) }
            return files
        }
        return dataFiles().map { records.siteFolder.appendingPathComponent(folder + "/" + $0.name).path }
    }

    /// The named URL sources' pages and the hashes of their bytes, for up-to-date checks.
    public func remoteInputs() throws(DiagnosticError) -> [(name: String, digest: UInt64)] {
        guard let remote = records.remote else { return [] }
        var pages: [(name: String, digest: UInt64)] = []
        for (_, spec) in named where spec.isRemote {
            pages += try remote.documents(for: spec).map { ($0.url, ContentHash.of($0.bytes)) }
        }
        return pages
    }

    public func load() throws(DiagnosticError) -> DataNode {
        var map = DataMap()
        var problems: [Diagnostic] = []
        if !named.isEmpty {
            for (name, spec) in named {
                do throws(DiagnosticError) {
                    map[name] = DataNode(.list(try records.load(spec).map(\.fields)))
                } catch {
                    problems += error.diagnostics
                }
            }
            guard problems.isEmpty else { throw DiagnosticError(problems) }
            return DataNode(.map(map))
        }
        let base = records.siteFolder.appendingPathComponent(folder).path
        let roots = [FolderWalk.realPath(records.siteFolder.path), FolderWalk.realPath(base)]
        for (name, format) in dataFiles() {
            let key = (name as NSString).deletingPathExtension
            var info = stat()
            if lstat(base + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
                let problem = FolderWalk.linkProblem(
                    at: base + "/" + name, shownAs: folder + "/" + name, allowedIn: roots)
            {
                problems.append(problem)
                continue
            }
            do throws(DiagnosticError) {
                let rows = try records.load(SourceSpec(path: folder + "/" + name, format: format))
                map[key] = DataNode(.list(rows.map(\.fields)))
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return DataNode(.map(map))
    }

    /// The folder's JSON, YAML, CSV and TSV files, sorted by name; none when there is no folder.
    private func dataFiles() -> [(name: String, format: DataFormat)] {
        let base = records.siteFolder.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        return names.sorted().compactMap { name in
            let ext = (name as NSString).pathExtension.lowercased()
            guard let format = DataFormat(fileExtension: ext), [.json, .yaml, .csv, .tsv].contains(format) else {
                return nil
            }
            return (name, format)
        }
    }
}
