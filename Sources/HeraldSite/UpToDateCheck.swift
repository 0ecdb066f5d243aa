import Foundation
import HeraldBuilder
import HeraldCore
import HeraldLoaders
import HeraldModels

/// Whether a build into a folder may stop before loading anything: its inputs are those of the
/// last build into that folder. Keeps the fingerprint and quick check the build then saves for
/// the next one.
struct UpToDateCheck {
    private var fingerprint: InputFingerprint?
    /// Only an output folder whose manifest has a fingerprint can be up to date.
    private let checksFirst: Bool
    /// A second before the check looked at the data files: a file changed later is changed for
    /// the next build's quick check too.
    let since: Int64
    private var quick: UInt64?
    /// The inputs' fingerprint when it was worked out before loading.
    private var early: UInt64?
    /// What the pages' fingerprints leave out (`InputFingerprint.pageFrame`); nil when some
    /// input cannot be named, and no page is then kept from the last build.
    let pageFrame: UInt64?
    /// What decoding depends on (`InputFingerprint.decodeFrame`); nil when some input cannot be named.
    let decodeFrame: UInt64?
    /// The data files this build read, with their hashes and sizes, once `finish` ran.
    private(set) var readFiles: [(path: String, hash: UInt64, size: Int)] = []

    /// Names every input (fetching URL sources) and, when the folder may be up to date, works out
    /// the fingerprint: from the quick check when no data file changed since the last build
    /// looked, else by hashing the files, all but those the last build's archive of what it read
    /// knows unchanged (whose heroes it gives to `decoded`; `preload` has read it meanwhile when
    /// given). Otherwise the loaders hash the files as they read them.
    init(
        options: BuildOptions, configText: String, today: Day, theme: Theme, sources: SiteSources,
        writer: OutputWriter, decoded: DecodedFiles?, preload: ArchivePreload? = nil
    ) throws(DiagnosticError) {
        fingerprint = try InputFingerprint.start(
            options: options, configText: configText, today: today,
            theme: theme, sources: sources)
        checksFirst = writer.mayBeUpToDate
        pageFrame = fingerprint?.pageFrame
        decodeFrame = fingerprint?.decodeFrame
        since = Int64((Date().timeIntervalSince1970 - 1) * 1_000_000_000)
        // The quick check: the same names and sizes, templates and settings, and no data file
        // changed since a second before the last build looked at them, say the inputs are these
        // without a byte of them read.
        let stamps = checksFirst ? fingerprint.map { sources.inputs.stamps($0.dataFiles) } ?? [] : []
        quick = checksFirst ? fingerprint?.quick(sizes: stamps.map { $0?.size }) : nil
        var known: UInt64?
        if let last = writer.previousQuickCheck, let quick, quick == last.hash,
            stamps.allSatisfy({ ($0?.changed ?? .max) < last.since })
        {
            known = last.inputs
        }
        if known == nil, checksFirst, let decoded, let frame = decodeFrame,
            let last = Self.lastArchive(frame: frame, preload: preload, state: writer.state, into: decoded)
        {
            sources.inputs.know(last.files, since: last.since, looked: fingerprint.map { ($0.dataFiles, stamps) })
        }
        preload?.stop()
        if known == nil, !checksFirst { sources.inputs.hashingAsRead() }
        early = checksFirst ? known ?? fingerprint?.finish(sources.inputs) : nil
    }

    /// The last build's archive under `frame`, its heroes given to `decoded`: as `preload` read
    /// it when it read under that frame, else read now (and what `preload` gave forgotten).
    private static func lastArchive(
        frame: UInt64, preload: ArchivePreload?, state: BuildState, into decoded: DecodedFiles
    ) -> (files: KnownFiles, since: Int64)? {
        if let preload {
            if preload.frame == frame { return preload.loaded() }
            // Heroes of another frame are never kept: the reading ends before they are forgotten.
            preload.stop()
            _ = preload.loaded()
            decoded.removeAll()
        }
        return state.kept(BuildState.decodedName).flatMap { DecodedArchive.load($0, frame: frame, into: decoded) }
    }

    /// True when nothing need be built: the same inputs, binary and day, every output file intact,
    /// and no warning from fetching, which a build must show.
    func isUpToDate(_ writer: OutputWriter, fetchWarnings: [Diagnostic]) -> Bool {
        guard let early, fetchWarnings.isEmpty else { return false }
        return writer.isUpToDate(inputs: early)
    }

    /// After loading: the inputs' fingerprint for the manifest, and the quick check for the next
    /// build. Into a new folder, the sizes the loaders read give the quick check, without a stat
    /// of every file before loading. The list of every input file is forgotten.
    mutating func finish(_ inputs: InputFiles) -> (inputs: UInt64?, quick: (hash: UInt64, since: Int64)?) {
        let hash = checksFirst ? early : fingerprint?.finish(inputs)
        if !checksFirst, let fingerprint { quick = fingerprint.quick(sizes: inputs.sizes(fingerprint.dataFiles)) }
        readFiles = fingerprint?.readFiles(inputs) ?? []
        fingerprint = nil
        return (hash, quick.map { (hash: $0, since: since) })
    }
}
