import Foundation
import HeraldCore
import HeraldModels

/// Reads the Markdown pages of the `pages:` folder; a site without that folder has no pages.
public struct PageLoader: ModelLoader {
    public var records: RecordLoader
    public var folder: String
    public var timeZone: TimeZone

    public init(records: RecordLoader, folder: String, timeZone: TimeZone) {
        self.records = records
        self.folder = folder
        self.timeZone = timeZone
    }

    public func load() throws(DiagnosticError) -> [Page] {
        guard FileManager.default.fileExists(atPath: records.siteFolder.appendingPathComponent(folder).path) else { return [] }
        let timeZone = timeZone
        return try decodeSlugged(try records.load(SourceSpec(path: folder, format: .markdown)), kind: "page") {
            record throws(DiagnosticError) in try Page.decode(record, timeZone: timeZone)
        }
    }
}
