import Foundation
import HeraldConfig
import HeraldModels
@testable import HeraldSite
import HeraldTestSupport
import Testing

// A build starts reading the last archive of decoded heroes under a frame worked out before any
// file is listed (`InputFingerprint.earlyDecodeFrame`), and uses what it read only under the frame
// its fingerprint works out later: the two must be one, or the early reading is always wasted.

@Test(arguments: [false, true])
func theFrameWorkedOutBeforeListingIsTheFingerprintsOwn(keepsRecords: Bool) throws {
    let site = try TemporarySite([
        "herald.yml": "title: Frames\nheroes:\n  source: Content/heroes\n",
        "Content/heroes/ada.md": "---\nname: Ada\n---\nText.\n"
    ])
    var options = BuildOptions(site: site.folder, output: site.output, now: Date())
    options.drafts = true
    let (config, configText) = try SiteConfig.load(options)
    let sources = try SitePipeline.sources(config, options: options, keepsRecords: keepsRecords)
    let fingerprint = try #require(
        InputFingerprint.start(
            options: options, configText: configText, today: Day(options.now, in: config.timeZone),
            theme: try Theme(site: site.folder), sources: sources))
    let early = try #require(
        InputFingerprint.earlyDecodeFrame(options: options, configText: configText, keepsRecords: keepsRecords),
        "the test binary has a build ID")
    #expect(early == fingerprint.decodeFrame)
    let other = InputFingerprint.earlyDecodeFrame(options: options, configText: configText, keepsRecords: !keepsRecords)
    #expect(other != early, "whether heroes keep their records is part of the frame")
}
