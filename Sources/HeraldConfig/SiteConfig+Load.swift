import Foundation
import HeraldCore

extension SiteConfig {
    /// The site's herald.yml, parsed and checked, and its text (which a build's fingerprint hashes).
    /// Read as every input is: a regular file only, up to `FileBytes.textLimit`.
    public static func load(site: URL) throws(DiagnosticError) -> (SiteConfig, String) {
        let file = site.appendingPathComponent("herald.yml")
        let bytes = try FileBytes.read(
            path: file.path, at: SourceLocation(file: "herald.yml"), limit: FileBytes.textLimit,
            tooLarge: ", the most herald.yml may hold",
            ifMissing: "no herald.yml in \(site.path): is this a site folder?")
        let text = String(decoding: try TextCheck.validText(bytes, file: "herald.yml"), as: UTF8.self)
        return (try SiteConfig.parse(text, file: "herald.yml"), text)
    }
}
