import Foundation
import HeraldConfig
import HeraldSite
import HeraldTestSupport

extension TemporarySite {
    /// The site's herald.yml, parsed as a build parses it.
    func config() throws -> SiteConfig {
        try SiteConfig.parse(try read("herald.yml"), file: "herald.yml")
    }

    /// The loaders the site's herald.yml describes: what a build reads with no code of the user's.
    func sources() throws -> SiteSources {
        try SiteSources(config: try config(), site: folder)
    }
}
