import Foundation

/// The repository these tests are in: the default site, the built-in theme, the test fixtures.
public enum Repository {
    /// This file is Tests/HeraldTestSupport/Repository.swift.
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func url(_ path: String) -> URL { folder.appendingPathComponent(path) }
}
