import Foundation
import HeraldConfig
import HeraldCore

/// Reads the config file a build starts from.
enum SiteConfigFile {
    /// The site's herald.yml, parsed and checked, with `--base-url` applied; and its text, which
    /// the input fingerprint hashes.
    static func load(_ options: BuildOptions) throws(DiagnosticError) -> (SiteConfig, String) {
        let file = options.site.appendingPathComponent("herald.yml")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw DiagnosticError(.error(at: SourceLocation(file: "herald.yml"),
                                         "no readable herald.yml in \(options.site.path): is this a site folder?"))
        }
        let text = String(decoding: try TextCheck.validText([UInt8](data), file: "herald.yml"), as: UTF8.self)
        var config = try SiteConfig.parse(text, file: "herald.yml")
        if let override = options.baseURL {
            guard let normalized = SiteConfig.normalizedBaseURL(override) else {
                throw DiagnosticError(.error(at: SourceLocation(file: "--base-url"),
                                             "'\(override)' is not an http(s) URL or a path starting with '/'"))
            }
            config.baseURL = normalized
        }
        return (config, text)
    }
}
