import Foundation
@testable import HeraldCore
import HeraldTestSupport
import Testing

@Test func aParallelWalkFindsWhatASerialOneDoesInTheSameOrder() throws {
    let site = try TemporarySite()
    // More subfolders than the parallel walk's threshold, nested, with files beside them, a
    // hidden file, and a link out of the folder, which both walks must report.
    for number in 1...(FolderWalk.parallelFrom + 9) {
        try site.write("out/pages/p\(number)/index.html", "\(number)")
        if number % 7 == 0 { try site.write("out/pages/p\(number)/deeper/more/index.html", "x") }
    }
    try site.write("out/pages/list.html", "list")
    try site.write("out/.hidden", "no")
    try site.write("outside.txt", "secret")
    try FileManager.default.createSymbolicLink(
        atPath: site.url("out/pages/p3/escape.txt").path,
        withDestinationPath: site.url("outside.txt").path)
    let folder = site.url("out").path
    let serial = FolderWalk.files(in: folder, shownAs: "out", allowedRoots: [])
    let parallel = FolderWalk.filesInParallel(in: folder, shownAs: "out", allowedRoots: [])
    #expect(serial.files.count == FolderWalk.parallelFrom + 9 + 5 + 1)
    #expect(parallel.files.map { $0.joined(separator: "/") } == serial.files.map { $0.joined(separator: "/") })
    #expect(parallel.problems.map(\.message) == serial.problems.map(\.message))
    #expect(serial.problems.count == 1 && serial.problems.first?.message.contains("outside the site folder") == true)
}
