import Foundation
import HeraldSite
import HeraldTestSupport
import Testing

// What the differential tests share: the run of random edits, and the comparison after each of a
// site's kept output and its served session with a clean build of the same inputs.

/// Edits in a sequence: a short run in `make test`, a long one in `make test-slow`.
let differentialIterations = Int(ProcessInfo.processInfo.environment["HERALD_DIFFERENTIAL_ITERATIONS"] ?? "") ?? 24

/// Every file under `folder`, path → bytes.
func files(in folder: URL) throws -> [String: Data] {
    var found: [String: Data] = [:]
    let prefix = folder.standardizedFileURL.path + "/"
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [:] }
    for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true
    {
        found[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = try Data(contentsOf: url)
    }
    return found
}

/// A site that random edits change, one at a time, with the clock each build runs at.
protocol EditedInputs {
    var site: TemporarySite { get }
    /// One random edit, written; what it did, for a failure's message.
    mutating func edit(_ random: inout SeededGenerator) throws -> String
    var now: Date { get throws }
}

/// Builds `edited`'s site, then makes `differentialIterations` random edits; after the first
/// build and after each edit, expects the kept output and a served session to be a clean build's
/// (`matchesCleanBuild`), and stops at the first that is not. `firstBuilt` looks at the first
/// build's output, to be sure there is something worth comparing.
func expectIncrementalBuildsMatchCleanOnes<Edited: EditedInputs>(
    _ edited: inout Edited, random: inout SeededGenerator, firstBuilt: () throws -> Void = {}
) throws {
    let site = edited.site
    let clean = try TemporarySite()
    let session = SiteSession(
        options: SessionOptions(
            site: site.folder, jobs: 2,
            clock: { [site] in
                (try? Date(contentsOf: site)) ?? Date()
            }))
    var steps: [String] = []
    for step in 0...differentialIterations {
        if step > 0 { steps.append(try edited.edit(&random)) }
        try site.write(".now", ISO8601DateFormatter().string(from: try edited.now))
        guard try matchesCleanBuild(site, clean: clean, step: step, now: try edited.now, session: session, after: steps)
        else { return }
        if step == 0 { try firstBuilt() }
    }
}

/// Builds `site` into its kept output folder and into a new folder of `clean`, rebuilds `session`,
/// and expects all three to hold the same files, byte for byte; false when they do not (the
/// sequence stops there, its first difference reported). `steps` are the edits so far.
private func matchesCleanBuild(
    _ site: TemporarySite, clean: TemporarySite, step: Int, now: Date, session: SiteSession, after steps: [String]
) throws -> Bool {
    let kept = SiteBuild.run(BuildOptions(site: site.folder, output: site.output, now: now, jobs: 2))
    #expect(kept.succeeded, "\(kept.errors) after \(steps)")
    let fresh = clean.url("clean-\(step)")
    let whole = SiteBuild.run(BuildOptions(site: site.folder, output: fresh, now: now, jobs: 2))
    #expect(whole.succeeded, "\(whole.errors) after \(steps)")
    let expected = try files(in: fresh)
    let incremental = try files(in: site.output)
    #expect(Set(incremental.keys) == Set(expected.keys), "files differ after \(steps)")
    let differing = expected.keys.filter { incremental[$0] != expected[$0] }.sorted()
    #expect(differing.isEmpty, "\(differing.prefix(5)) differ from a clean build after \(steps)")

    let update = session.rebuild()
    #expect(update.succeeded, "\(update.errors) after \(steps)")
    #expect(
        update.files == expected.count,
        "the session serves \(update.files) files, a clean build makes \(expected.count)")
    let served = expected.keys.filter { path in session.file(path).map { Data($0) } != expected[path] }.sorted()
    #expect(served.isEmpty, "the session's \(served.prefix(5)) differ from a clean build after \(steps)")
    try FileManager.default.removeItem(at: fresh)
    return differing.isEmpty && served.isEmpty && kept.succeeded && whole.succeeded
}

extension Date {
    /// The instant a site's `.now` file names: the test's clock, which the session reads on each rebuild.
    fileprivate init(contentsOf site: TemporarySite) throws {
        guard let date = ISO8601DateFormatter().date(from: try site.read(".now")) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self = date
    }
}
