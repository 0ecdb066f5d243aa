import Foundation
import HeraldCore

extension SiteConfig {
    /// The site's herald.yml, parsed and checked, and its text (which a build's fingerprint hashes).
    public static func load(site: URL) throws(DiagnosticError) -> (SiteConfig, String) {
        let file = site.appendingPathComponent("herald.yml")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw DiagnosticError(.error(at: SourceLocation(file: "herald.yml"),
                                         "no readable herald.yml in \(site.path): is this a site folder?"))
        }
        let text = String(decoding: try TextCheck.validText([UInt8](data), file: "herald.yml"), as: UTF8.self)
        return (try SiteConfig.parse(text, file: "herald.yml"), text)
    }
}
