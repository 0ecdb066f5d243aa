import ArgumentParser
import Foundation
import HeraldConfig
import HeraldCore

/// Where the commands talk to the user: results on stdout, diagnostics on stderr.
enum Console {
    /// Writes each line to stderr, as compilers do, so editors and CI can annotate them.
    static func printErrors(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        try? FileHandle.standardError.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// The site's herald.yml; its errors printed and exit 1 when it cannot be read.
    static func config(of site: URL) throws -> SiteConfig {
        do throws(DiagnosticError) {
            return try SiteConfig.load(site: site).0
        } catch {
            printErrors(error.diagnostics.map(\.description))
            throw ExitCode(1)
        }
    }
}
