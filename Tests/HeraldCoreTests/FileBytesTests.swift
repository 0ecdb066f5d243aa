import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

// The one reader of whole files: what it refuses, and the errors callers show for it.

@Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
    let folder = try TemporarySite()
    let fifo = folder.url("pipe.json")
    try SpecialFiles.fifo(at: fifo)
    let read = SpecialFiles.unblocking(fifo, after: 10) { () -> String in
        do throws(FileBytes.Failure) {
            _ = try FileBytes.read(path: fifo.path)
            return "read"
        } catch {
            return error.reason
        }
    }
    #expect(read == "it is a FIFO (named pipe), not a regular file", "reading a FIFO blocked")
}

@Test func aFileOverItsLimitIsRefusedAndOneAtItIsRead() throws {
    let folder = try TemporarySite(["at.txt": String(repeating: "x", count: 100)])
    try SpecialFiles.sparse(at: folder.url("over.txt"), size: 101)
    #expect(try FileBytes.read(path: folder.url("at.txt").path, limit: 100).count == 100)
    do throws(FileBytes.Failure) {
        _ = try FileBytes.read(path: folder.url("over.txt").path, limit: 100)
        Issue.record("a file over its limit was read")
    } catch {
        #expect(error.limit == 100 && error.code == nil)
        #expect(
            error.explained(tooLarge: ", the most it may hold") == "it is larger than 100 bytes, the most it may hold")
    }
}

@Test func aFailureIsAnErrorAtTheFileSayingWhatWasExpected() throws {
    let folder = try TemporarySite(["big.yml": "a: 1\n"])
    try SpecialFiles.fifo(at: folder.url("pipe.yml"))
    try FileManager.default.createDirectory(at: folder.url("folder.yml"), withIntermediateDirectories: true)
    func message(_ name: String, _ path: String? = nil) -> String {
        do {
            _ = try FileBytes.read(
                path: path ?? folder.url(name).path, at: SourceLocation(file: name), limit: 4,
                tooLarge: ", the most it may hold", ifMissing: "no such file")
            return "read"
        } catch {
            return error.description
        }
    }
    #expect(
        message("pipe.yml") == "pipe.yml: error: cannot read the file: it is a FIFO (named pipe), not a regular file")
    #expect(
        message("big.yml") == "big.yml: error: cannot read the file: it is larger than 4 bytes, the most it may hold")
    #expect(message("folder.yml") == "folder.yml: error: cannot read the file: it is a folder, not a regular file")
    #expect(
        message("null", "/dev/null")
            == "null: error: cannot read the file: it is a character device, not a regular file")
    #expect(message("none.yml") == "none.yml: error: no such file")
}

@Test func aWalkListsSpecialFilesApartFromRegularOnes() throws {
    let folder = try TemporarySite(["Templates/a.mustache": "a", "Templates/sub/c.mustache": "c"])
    try SpecialFiles.fifo(at: folder.url("Templates/b.mustache"))
    try SpecialFiles.fifo(at: folder.url("Templates/sub/d.mustache"))
    try FileManager.default.createSymbolicLink(
        atPath: folder.url("Templates/e.mustache").path,
        withDestinationPath: folder.url("Templates/b.mustache").path)
    let listing = FolderWalk.files(in: folder.url("Templates").path, shownAs: "Templates", allowedRoots: [])
    #expect(listing.files.map { $0.joined(separator: "/") } == ["a.mustache", "sub/c.mustache"])
    #expect(listing.others.map { $0.joined(separator: "/") } == ["b.mustache", "e.mustache", "sub/d.mustache"])
    #expect(listing.problems.isEmpty)
}
