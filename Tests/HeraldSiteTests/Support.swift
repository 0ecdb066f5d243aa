import Foundation
import HeraldConfig
import HeraldCore
import HeraldSite
import Testing

/// A fresh site folder in the temporary folder, holding only the files a test puts there.
struct TemporarySite {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var output: URL { url.appendingPathComponent("Output") }

    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Copies a file of the real data sets (`Fixtures/…`) into the site as `path`.
    func copyFixture(_ fixture: String, to path: String) throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: folder.appendingPathComponent(fixture), to: file)
    }

    /// The site's herald.yml, parsed as a build parses it.
    func config() throws -> SiteConfig {
        let text = try String(contentsOf: url.appendingPathComponent("herald.yml"), encoding: .utf8)
        return try SiteConfig.parse(text, file: "herald.yml")
    }

    /// The loaders the site's herald.yml describes: what a build reads with no code of the user's.
    func sources() throws -> SiteSources {
        try SiteSources(config: try config(), site: url)
    }

    func read(_ outputPath: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(outputPath), encoding: .utf8)
    }

    func exists(_ outputPath: String) -> Bool {
        FileManager.default.fileExists(atPath: output.appendingPathComponent(outputPath).path)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

func instant(_ iso: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: iso))
}

/// The diagnostics `body` throws; none (and a recorded issue) when it succeeds.
func diagnostics<T>(sourceLocation: Testing.SourceLocation = #_sourceLocation,
                    _ body: () throws(DiagnosticError) -> T) -> [Diagnostic] {
    do {
        _ = try body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}
