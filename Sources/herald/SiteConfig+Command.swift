import ArgumentParser
import Foundation
import HeraldConfig
import HeraldCore

extension SiteConfig {
    /// The site's herald.yml for a command that cannot go on without it: its errors printed,
    /// and exit 1, when it cannot be read.
    static func loadOrExit(site: URL) throws -> SiteConfig {
        do throws(DiagnosticError) {
            return try SiteConfig.load(site: site).0
        } catch {
            Terminal().complain(error.diagnostics.map(\.description))
            throw ExitCode(1)
        }
    }
}
