import Foundation
import Testing

/// The real data sets in `Fixtures/` (see its README.md and each folder's SOURCE.txt).
public enum RealData {
    public static func folder(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil), sourceLocation: sourceLocation)
    }

    /// A file of the data sets: `RealData.url("heroes-overwatch/heroes.csv")`.
    public static func url(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try folder(sourceLocation: sourceLocation).appendingPathComponent(path)
    }
}
