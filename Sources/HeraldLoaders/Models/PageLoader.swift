import Foundation
import HeraldCore
import HeraldModels

/// Reads the Markdown pages of the `pages:` folder; a site without that folder has no pages.
public struct PageLoader: ModelLoader {
    public var records: RecordLoader
    public var folder: String
    public var timeZone: TimeZone

    private var spec: SourceSpec { SourceSpec(path: folder, format: .markdown) }
    private var exists: Bool {
        FileManager.default.fileExists(atPath: records.siteFolder.appendingPathComponent(folder).path)
    }

    public init(records: RecordLoader, folder: String, timeZone: TimeZone) {
        self.records = records
        self.folder = folder
        self.timeZone = timeZone
    }

    public func inputFiles() throws(DiagnosticError) -> [String]? {
        guard exists else { return [] }
        return try records.files(of: spec).map(\.fullPath)
    }

    public var checksSlugs: Bool { true }

    public func load() throws(DiagnosticError) -> [Page] {
        guard exists else { return [] }
        let timeZone = timeZone
        return try slugged(
            try records.decode(spec) { record throws(DiagnosticError) in
                try Page.decode(record, timeZone: timeZone)
            }, kind: "page", remedy: "give one of them a 'slug:' of its own in its front matter")
    }
}
