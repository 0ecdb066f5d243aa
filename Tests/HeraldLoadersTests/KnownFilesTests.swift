import HeraldLoaders
import Testing

// A build's archive lists the data files it read (`DecodedArchive`); the next build finds each
// of its own files in that list (`KnownFiles.find`) by comparing bytes, whatever the order of
// either list.

/// The files of an archive written with `files` (path, hash, size), read back.
private func known(_ files: [(path: String, hash: UInt64, size: Int)]) throws -> KnownFiles {
    var bytes: [UInt8] = []
    DecodedArchive.write(frame: 7, since: 1, files: files, decoded: DecodedFiles(byDigest: true)) { piece in
        bytes += piece
        return true
    }
    return try #require(DecodedArchive.load(bytes, frame: 7, into: DecodedFiles(byDigest: true))).files
}

@Test func everyListedFileIsFoundInAnyOrderAndNoOtherIs() throws {
    // Written out of order, with paths that are prefixes of others and one that is not ASCII.
    let listed: [(path: String, hash: UInt64, size: Int)] = [
        ("/site/heroes/b.md", 2, 20), ("/site/heroes/a.md", 1, 10), ("/site/heroes/a.mdx", 3, 30),
        ("/site/heroes/ä.md", 4, 40), ("/site/heroes/a", 5, 50)
    ]
    let files = try known(listed)
    #expect(files.count == 5)
    let byPath = Dictionary(uniqueKeysWithValues: listed.map { ($0.path, $0.hash) })
    let asked = listed.map(\.path) + ["/site/heroes/a.m", "/site/heroes/c.md", "", "/site/heroes/a.mdxx"]
    for paths in [asked, asked.sorted(), Array(asked.sorted().reversed()), asked.shuffled()] {
        let found = files.find(paths)
        #expect(found.map { $0?.hash } == paths.map { byPath[$0] }, "\(paths)")
        #expect(found.compactMap { $0 }.allSatisfy { UInt64($0.size) == $0.hash * 10 })
    }
    #expect(KnownFiles().find(["/site/heroes/a.md"]).map { $0?.hash } == [nil])
}
