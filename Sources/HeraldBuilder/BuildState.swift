import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HeraldCore

/// Where a build keeps what it compares with the next one (the manifest, the commit journal,
/// the quick check): a folder of its own under `.herald/` beside herald.yml, one per output
/// folder, so that the output holds the site and nothing else and uploading it publishes no
/// build state.
public struct BuildState: Sendable {
    /// The folder beside herald.yml that holds every output folder's state.
    public static let folderName = ".herald"
    /// The file in a state folder naming the output folder it belongs to (its `key`), for people
    /// and as a guard against two paths sharing a hash.
    static let outputFileName = "output"
    /// The names older builds kept their state under inside the output folder, by the name it
    /// has now.
    static let legacyNames = [
        (".herald-manifest", Manifest.fileName), (".herald-journal", Manifest.journalName),
        (".herald-inputs", QuickCheck.fileName)
    ]

    /// This output folder's state folder.
    public let folder: String
    /// The output folder's real path (links resolved).
    public let output: String
    /// What names the state: the output folder's real path relative to the site folder's when it
    /// lies inside it (a site moved or checked out elsewhere keeps its state), its real path otherwise.
    let key: String

    /// The state of `output` for the site in `site`: `.herald/build-HASH/`, HASH of the output
    /// folder's real path, so that one folder reached by two paths has one state.
    public init(site: URL, output: URL) {
        self.output = OutputFolderGuard.canonical(output)
        let siteFolder = OutputFolderGuard.canonical(site)
        key =
            self.output.hasPrefix(siteFolder + "/") ? String(self.output.dropFirst(siteFolder.count + 1)) : self.output
        var hash = ContentHash()
        hash.combine(key)
        folder = siteFolder + "/" + Self.folderName + "/build-" + String(hash.value, radix: 16)
    }

    /// Makes the state folder (naming its output folder inside) and moves into it the state an
    /// older Herald left in the output folder, removing it there. A state folder that names
    /// another output folder is another's: it is emptied. Returns false when the folder cannot
    /// be made: the build then runs as into a new folder.
    func prepare() -> Bool {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return false
        }
        let named = path(Self.outputFileName)
        let owner = (try? FileBytes.read(path: named, limit: 65536)).map { String(decoding: $0, as: UTF8.self) }
        if owner != key + "\n" {
            for (_, name) in Self.legacyNames { unlink(path(name)) }
            guard (try? OutputFiles.write(Array((key + "\n").utf8), to: named, for: nil)) != nil else { return false }
        }
        migrateLegacy()
        return true
    }

    /// The full path of one of the state's files.
    func path(_ name: String) -> String { folder + "/" + name }

    /// The file where a build keeps what it decoded for the next one (`DecodedArchive`), and
    /// where a build writes it before it knows it succeeded.
    public static let decodedName = "decoded"
    public static let nextDecodedName = "decoded-next"
    /// The file where a build keeps its folder sources' listings for the next (`KeptListings`).
    public static let listingsName = "listings"

    /// Makes the state's file `name` its file `final` when `keeping`, else removes it.
    public func promote(_ name: String, to final: String, keeping: Bool) {
        if !keeping || rename(path(name), path(final)) != 0 { unlink(path(name)) }
    }

    /// Saves what `produce` writes, a piece at a time through the function it is given, as the
    /// state's file `name`, whole or not at all. For what only spares the next build work: not
    /// flushed to the disk, and a build that finds it missing or damaged does the work.
    public func keep(as name: String, _ produce: (_ write: ([UInt8]) -> Bool) -> Void) {
        let temporary = path(name) + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        var failed = false
        produce { bytes in
            var offset = 0
            while !failed, offset < bytes.count {
                let count = bytes.withUnsafeBytes {
                    write(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset)
                }
                if count <= 0 { failed = true } else { offset += count }
            }
            return !failed
        }
        close(descriptor)
        if failed || rename(temporary, path(name)) != 0 { unlink(temporary) }
    }

    /// The bytes of the state's file `name`, nil when there is none.
    public func kept(_ name: String) -> [UInt8]? {
        try? FileBytes.read(path: path(name))
    }

    /// Moves `.herald-manifest`, `.herald-journal` and `.herald-inputs` out of the output folder,
    /// keeping their modification times (the manifest's vouches for the files it lists). A file
    /// the state already has is newer than the output's: the output's is only removed.
    private func migrateLegacy() {
        for (legacy, name) in Self.legacyNames {
            let old = output + "/" + legacy
            guard OutputFiles.kind(at: old) == S_IFREG else { continue }
            if OutputFiles.kind(at: path(name)) == nil, rename(old, path(name)) != 0 {
                guard let bytes = try? FileBytes.read(path: old),
                    (try? OutputFiles.write(bytes, to: path(name) + ".tmp", for: nil, durable: true)) != nil
                else { continue }
                var info = stat()
                if stat(old, &info) == 0 {
                    let times = [info.st_atim, info.st_mtim]
                    utimensat(AT_FDCWD, path(name) + ".tmp", times, 0)
                }
                guard rename(path(name) + ".tmp", path(name)) == 0 else { continue }
            }
            unlink(old)
        }
    }
}
