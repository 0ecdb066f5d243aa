import Foundation
@testable import HeraldCheck
import HeraldTestSupport
import Testing

@Test func aLinkCacheThatIsAFIFOIsAnEmptyCacheNotAHang() throws {
    let folder = try TemporarySite()
    let file = folder.url(".herald-cache/links.json")
    try SpecialFiles.fifo(at: file)
    let cache = SpecialFiles.unblocking(file, after: 10) { LinkCache(file: file).checked.count }
    #expect(cache == 0, "reading the link cache blocked on a FIFO")
}
