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

    public func load() throws(DiagnosticError) -> DataNode {
        let base = records.siteFolder.appendingPathComponent(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base.path) else {
            return DataNode(.map(DataMap()))
        }
        var map = DataMap()
        var problems: [Diagnostic] = []
        for name in names.sorted() {
            let ext = (name as NSString).pathExtension.lowercased()
            guard let format = DataFormat(fileExtension: ext), [.json, .yaml, .csv, .tsv].contains(format) else { continue }
            let key = (name as NSString).deletingPathExtension
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
}
