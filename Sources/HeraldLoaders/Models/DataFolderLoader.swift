import Foundation
import HeraldCore

/// Reads every JSON, YAML, CSV or TSV file of the `data:` folder into one map, keyed by file name
/// without extension (`team.yml` → `team`), for templates as `data.team`.
public struct DataFolderLoader: Sendable {
    public var records: RecordLoader
    public var folder: String

    public init(records: RecordLoader, folder: String) {
        self.records = records
        self.folder = folder
    }

    /// The data files read, for up-to-date checks.
    public func inputFiles() -> [URL] {
        dataFiles().map { records.siteFolder.appendingPathComponent(folder + "/" + $0.name) }
    }

    public func load() throws(DiagnosticError) -> DataNode {
        var map = DataMap()
        var problems: [Diagnostic] = []
        let base = records.siteFolder.appendingPathComponent(folder).path
        let roots = [SourceResolver.realPath(records.siteFolder.path), SourceResolver.realPath(base)]
        for (name, format) in dataFiles() {
            let key = (name as NSString).deletingPathExtension
            var info = stat()
            if lstat(base + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
               let problem = SourceResolver.linkProblem(at: base + "/" + name, shownAs: folder + "/" + name, allowedIn: roots) {
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
            guard let format = DataFormat(fileExtension: ext), [.json, .yaml, .csv, .tsv].contains(format) else { return nil }
            return (name, format)
        }
    }
}
