import Foundation
import HeraldCore
import HeraldLoaders
import HeraldModels

/// One hash of everything a build's output depends on: the herald binary (its build ID, or its
/// bytes; either stands for the theme built into it), the options, today's date in the site's zone, herald.yml, the site's
/// templates and every data file the loaders read. Equal fingerprints mean equal output, so an
/// unchanged site need not be rebuilt. Content is hashed, not modification times, so the
/// fingerprint is the same for a copy of the site and the manifest stays deterministic.
struct InputFingerprint {
    /// Everything hashed but the files' bytes: the header, options, config and build ID.
    private var hash: ContentHash
    /// The data files.
    private let files: [(name: String, path: String)]
    /// The site's own templates (and the binary when it has no build ID), hashed once by `start`: both
    /// `quick` and `finish` count them.
    private let program: [(name: String, digest: UInt64?)]
    private let remote: [(name: String, digest: UInt64)]
    private let staleURLs: [String]
    /// What decoding depends on: herald.yml, the binary, the options and whether heroes keep
    /// their records, not the day or the templates. Models decoded under another are not reused
    /// (`DecodedArchive`).
    let decodeFrame: UInt64

    /// Names every input and fetches the URL sources (or finds them fresh in the cache), all of
    /// them even when one fails, so that every failure is reported; their bytes count like a
    /// file's. Files are hashed by `finish`: before loading, when an up-to-date check needs the
    /// fingerprint first, or after, from the bytes the loaders read. nil when some input cannot be
    /// named (a loader that cannot list its files): such a build always runs.
    static func start(
        options: BuildOptions, configText: String, today: Day, theme: Theme,
        sources: SiteSources
    ) throws(DiagnosticError) -> InputFingerprint? {
        var data: [(name: String, path: String)] = []
        let sitePrefix = options.site.standardizedFileURL.path + "/"
        for loaderFiles in [
            try sources.tasks?.inputFiles() ?? [], try sources.heroes?.inputFiles() ?? [],
            try sources.pages.inputFiles(), try sources.data?.inputFiles() ?? []
        ] {
            guard let loaderFiles else { return nil }
            data += Parallel.map(loaderFiles, chunk: 512) { (relative($0, to: sitePrefix), $0) }
        }
        var program = theme.allFiles.map { (name: "theme:" + $0.name, path: $0.url.path) }
        // The binary by its build ID when it has one; by its bytes otherwise.
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let buildID = ProgramIdentity.buildID(of: executable.path)
        if buildID == nil { program.append(("herald", executable.path)) }

        var remote: [(name: String, digest: UInt64)] = []
        var problems: [Diagnostic] = []
        do throws(DiagnosticError) { remote += try sources.tasks?.remoteInputs() ?? [] } catch {
            problems += error.diagnostics
        }
        do throws(DiagnosticError) { remote += try sources.heroes?.remoteInputs() ?? [] } catch {
            problems += error.diagnostics
        }
        do throws(DiagnosticError) { remote += try sources.data?.remoteInputs() ?? [] } catch {
            problems += error.diagnostics
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }

        var hash = ContentHash()
        hash.combine("herald-inputs 1")
        hash.combine("strict=\(options.strict) drafts=\(options.drafts) base=\(options.baseURL ?? "") today=\(today)")
        hash.combine(configText)
        if let buildID { hash.combine("herald build \(buildID)") }
        // A stale copy is shown with a notice that a fresh copy of the same bytes has not.
        let stale = (sources.remote?.reports ?? []).filter { $0.outcome == "stale" }.map(\.url)
        // Read by nobody else, so not kept.
        let programDigests = sources.inputs.readAndHash(program.map(\.path), keeping: false)
        let decoding = decodeFrame(
            options: options, configText: configText, keepsRecords: sources.keepsRecords,
            program: buildID.map { "herald build \($0)" } ?? "herald \(programDigests.last.map { $0 ?? 0 } ?? 0)")
        return InputFingerprint(
            hash: hash, files: data, program: Array(zip(program.map(\.name), programDigests)),
            remote: remote, staleURLs: stale, decodeFrame: decoding)
    }

    /// `decodeFrame` before a file is listed, when the binary has a build ID (else its bytes
    /// would have to be read first): what lets the last build's archive be read meanwhile.
    static func earlyDecodeFrame(options: BuildOptions, configText: String, keepsRecords: Bool) -> UInt64? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return ProgramIdentity.buildID(of: executable.path).map { id in
            decodeFrame(
                options: options, configText: configText, keepsRecords: keepsRecords, program: "herald build \(id)")
        }
    }

    private static func decodeFrame(options: BuildOptions, configText: String, keepsRecords: Bool, program: String)
        -> UInt64
    {
        var decoding = ContentHash()
        decoding.combine("herald-decoded 1")
        decoding.combine("strict=\(options.strict) drafts=\(options.drafts) base=\(options.baseURL ?? "")")
        decoding.combine("records=\(keepsRecords)")
        decoding.combine(configText)
        decoding.combine(program)
        return decoding.value
    }

    /// A hash of all the fingerprint hashes but the data (files and URL sources): what pages'
    /// own fingerprints leave out, so that a page made by the last build under the same binary,
    /// options, day, herald.yml and templates is known unchanged by its fingerprint alone.
    /// Stale copies count: a page shows the notice.
    var pageFrame: UInt64? {
        var frame = hash
        frame.combine("pages 1")
        return sealed(frame, data: [(String, UInt64?)](), remote: [])
    }

    /// Each data file the build read (or knew unchanged), with its hash and size, for the next
    /// build (`DecodedArchive`); files it could not read are left out.
    func readFiles(_ inputs: InputFiles) -> [(path: String, hash: UInt64, size: Int)] {
        zip(dataFiles, inputs.digests(dataFiles)).compactMap { path, digest in
            digest.map { (path, $0.hash, $0.size) }
        }
    }

    /// The data files' full paths, in the order `finish` and `quick` hash them.
    var dataFiles: [String] { files.map(\.path) }

    /// A hash of everything `finish` hashes but with the data files' names and sizes (from
    /// `InputFiles.stamps` or `sizes`) in place of their bytes: equal to the last build's,
    /// and no data file changed since it looked, the inputs are those of the last build without
    /// reading them. nil when a data file cannot be looked at.
    func quick(sizes: [Int?]) -> UInt64? {
        var hash = hash
        hash.combine("quick 1")
        return sealed(hash, data: zip(files.map(\.name), sizes.map { $0.map(UInt64.init) }))
    }

    /// The fingerprint, with every data file's bytes hashed: read here once, on every core, and
    /// kept for the loaders, or hashed already by the loaders that read them (`InputFiles`
    /// remembers).
    func finish(_ inputs: InputFiles) -> UInt64? {
        sealed(hash, data: zip(files.map(\.name), inputs.readAndHash(dataFiles)))
    }

    /// `hash` with each data file's name and number (its digest, or its size for `quick`), then
    /// the program's files, the URL sources' pages and the stale copies; nil when some file could
    /// not be read or looked at.
    private func sealed(
        _ start: ContentHash, data: some Sequence<(String, UInt64?)>, remote: [(name: String, digest: UInt64)]? = nil
    ) -> UInt64? {
        var hash = start
        // Three loops, not one over the lists joined: joining converts each of 10,000 tuples to
        // the labelled tuple type through the runtime's dynamic cast.
        for (name, number) in data {
            guard let number else { return nil }
            hash.combine(name)
            hash.combine(number)
        }
        for (name, digest) in program {
            guard let digest else { return nil }
            hash.combine(name)
            hash.combine(digest)
        }
        for (name, digest) in remote ?? self.remote {
            hash.combine(name)
            hash.combine(digest)
        }
        for url in staleURLs { hash.combine("stale \(url)") }
        return hash.value
    }

    /// The file's path inside the site folder (`sitePrefix` ends in a slash), so that the site
    /// hashes the same wherever it lives. Loaders list files under the standardized site folder,
    /// so only a file outside it needs standardizing, which costs more than reading a small file.
    private static func relative(_ path: String, to sitePrefix: String) -> String {
        if let inside = withoutPrefix(sitePrefix, of: path) { return inside }
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        return withoutPrefix(sitePrefix, of: standardized) ?? standardized
    }

    /// `path` after `prefix`, compared and cut by UTF-8 bytes as the file system names them, not
    /// by characters, which for each of 10,000 paths costs a grapheme walk; nil when it does not
    /// start with it. The prefix ends with a slash, so the cut falls between characters.
    private static func withoutPrefix(_ prefix: String, of path: String) -> String? {
        guard path.startsWithBytes(of: prefix) else { return nil }
        return String(Substring(path.utf8.dropFirst(prefix.utf8.count)))
    }
}
