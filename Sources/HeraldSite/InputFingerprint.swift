import Foundation
import HeraldCore
import HeraldLoaders
import HeraldModels

/// One hash of everything a build's output depends on: the herald binary (its build ID, or its
/// bytes), its built-in theme, the options, today's date in the site's zone, herald.yml, the site's
/// templates and every data file the loaders read. Equal fingerprints mean equal output, so an
/// unchanged site need not be rebuilt. Content is hashed, not modification times, so the
/// fingerprint is the same for a copy of the site and the manifest stays deterministic.
enum InputFingerprint {
    /// nil when some input cannot be named (a loader that cannot list its files): such a build
    /// always runs.
    static func compute(options: BuildOptions, configText: String, today: Day, theme: Theme,
                        sources: SiteSources) throws(DiagnosticError) -> UInt64? {
        var data: [(name: String, url: URL)] = []
        let sitePrefix = options.site.standardizedFileURL.path + "/"
        for loaderFiles in [try sources.tasks?.inputFiles() ?? [], try sources.heroes?.inputFiles() ?? [],
                            try sources.pages.inputFiles(), try sources.data?.inputFiles() ?? []] {
            guard let loaderFiles else { return nil }
            data += Parallel.map(loaderFiles, chunk: 512) { (relative($0, to: sitePrefix), $0) }
        }
        var program = theme.allFiles.map { (name: "theme:" + $0.name, url: $0.url) }
        // The binary by its build ID when it has one; by its bytes otherwise.
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let buildID = ProgramIdentity.buildID(of: executable.path)
        if buildID == nil { program.append(("herald", executable)) }

        // URL sources are fetched here (or found fresh in the cache), all of them even when one
        // fails, so that every failure is reported; their bytes count like a file's.
        var remote: [(name: String, digest: UInt64)] = []
        var problems: [Diagnostic] = []
        do throws(DiagnosticError) { remote += try sources.tasks?.remoteInputs() ?? [] } catch { problems += error.diagnostics }
        do throws(DiagnosticError) { remote += try sources.heroes?.remoteInputs() ?? [] } catch { problems += error.diagnostics }
        do throws(DiagnosticError) { remote += try sources.data?.remoteInputs() ?? [] } catch { problems += error.diagnostics }
        guard problems.isEmpty else { throw DiagnosticError(problems) }

        var hash = ContentHash()
        hash.combine("herald-inputs 1")
        hash.combine("strict=\(options.strict) drafts=\(options.drafts) base=\(options.baseURL ?? "") today=\(today)")
        hash.combine(configText)
        if let buildID { hash.combine("herald build \(buildID)") }
        // Data files are read here once, on every core, and their bytes kept for the loaders;
        // templates and the binary are read by others, or not at all.
        let digests = sources.inputs.readAndHash(data.map(\.url)) + sources.inputs.readAndHash(program.map(\.url), keeping: false)
        for (file, digest) in zip(data + program, digests) {
            guard let digest else { return nil }
            hash.combine(file.name)
            hash.combine(withUnsafeBytes(of: digest.littleEndian) { Array($0) })
        }
        for page in remote {
            hash.combine(page.name)
            hash.combine(withUnsafeBytes(of: page.digest.littleEndian) { Array($0) })
        }
        // A stale copy is shown with a notice that a fresh copy of the same bytes has not.
        for report in sources.remote?.reports ?? [] where report.outcome == "stale" { hash.combine("stale \(report.url)") }
        return hash.value
    }

    /// The file's path inside the site folder (`sitePrefix` ends in a slash), so that the site
    /// hashes the same wherever it lives. Loaders list files under the standardized site folder,
    /// so only a file outside it needs standardizing, which costs more than reading a small file.
    private static func relative(_ url: URL, to sitePrefix: String) -> String {
        let path = url.path
        if path.hasPrefix(sitePrefix) { return String(path.dropFirst(sitePrefix.count)) }
        let standardized = url.standardizedFileURL.path
        return standardized.hasPrefix(sitePrefix) ? String(standardized.dropFirst(sitePrefix.count)) : standardized
    }
}
