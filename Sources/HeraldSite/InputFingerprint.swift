import Foundation
import HeraldCore
import HeraldModels

/// One hash of everything a build's output depends on: the herald binary (and so its built-in
/// theme and code), the options, today's date in the site's zone, herald.yml, the site's
/// templates and every data file the loaders read. Equal fingerprints mean equal output, so an
/// unchanged site need not be rebuilt. Content is hashed, not modification times, so the
/// fingerprint is the same for a copy of the site and the manifest stays deterministic.
enum InputFingerprint {
    /// nil when some input cannot be named (a loader that cannot list its files): such a build
    /// always runs.
    static func compute(options: BuildOptions, configText: String, today: Day, theme: Theme,
                        sources: SiteSources) throws(DiagnosticError) -> UInt64? {
        var files: [(name: String, url: URL)] = []
        for loaderFiles in [try sources.tasks?.inputFiles() ?? [], try sources.heroes?.inputFiles() ?? [],
                            try sources.pages.inputFiles(), sources.data?.inputFiles() ?? []] {
            guard let loaderFiles else { return nil }
            files += loaderFiles.map { (relative($0, to: options.site), $0) }
        }
        for folder in theme.folders {
            for (name, url) in theme.files(in: folder) { files.append(("theme:" + name, url)) }
        }
        files.append(("herald", URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()))

        var hash = ContentHash()
        hash.combine("herald-inputs 1")
        hash.combine("strict=\(options.strict) drafts=\(options.drafts) base=\(options.baseURL ?? "") today=\(today)")
        hash.combine(configText)
        // Each file is hashed on its own core; the results are combined in a fixed order.
        let digests = Parallel.map(files.map(\.url), chunk: 16) { url in
            (try? Data(contentsOf: url)).map { ContentHash.of(Array($0)) }
        }
        for (file, digest) in zip(files, digests) {
            guard let digest else { return nil }
            hash.combine(file.name)
            hash.combine(withUnsafeBytes(of: digest.littleEndian) { Array($0) })
        }
        return hash.value
    }

    private static func relative(_ url: URL, to site: URL) -> String {
        let prefix = site.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
