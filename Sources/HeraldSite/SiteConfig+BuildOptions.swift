import Foundation
import HeraldConfig
import HeraldCore

extension SiteConfig {
    /// The herald.yml a build starts from: the site's, parsed and checked, with `--base-url`
    /// applied; and its text, which the input fingerprint hashes.
    static func load(_ options: BuildOptions) throws(DiagnosticError) -> (SiteConfig, String) {
        var (config, text) = try SiteConfig.load(site: options.site)
        if let override = options.baseURL {
            guard let normalized = SiteConfig.normalizedBaseURL(override) else {
                throw DiagnosticError(
                    .error(
                        at: SourceLocation(file: "--base-url"),
                        "'\(override)' is not an http(s) URL or a path starting with '/'"))
            }
            config.baseURL = normalized
        }
        return (config, text)
    }
}
