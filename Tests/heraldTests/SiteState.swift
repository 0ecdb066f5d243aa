import Foundation
import HeraldTestSupport
import Testing

extension TemporarySite {
    /// The build state folder (`.herald/build-…`) of the site's one output folder.
    func stateFolder(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: url(".herald").path).filter {
            $0.hasPrefix("build-")
        }
        try #require(names.count == 1, "\(names)", sourceLocation: sourceLocation)
        return url(".herald/" + names[0])
    }

    /// The output folder's names that start with a dot: none, after any build that finished.
    func hiddenOutputFiles(_ folder: String = "Output") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(folder).path).filter { $0.hasPrefix(".") }
    }
}
