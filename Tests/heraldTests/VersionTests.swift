import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

// `herald --version` names the version and the commit the binary was built from.

/// What `git args` prints in `folder`, without its final newline; nil when git fails or is missing.
private func git(_ arguments: [String], in folder: URL) async throws -> String? {
    let result = try await CLI.launch(
        URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", folder.path] + arguments, in: folder)
    guard result.status == 0 else { return nil }
    return String(result.output.dropLast(result.output.hasSuffix("\n") ? 1 : 0))
}

@Test func versionNamesTheCommitOfTheCheckoutItWasBuiltIn() async throws {
    let result = try await CLI.run(["--version"], in: Repository.folder)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    // Asked as the build asks: the repository's own checkout (an empty prefix at its top), or none.
    let prefix = try await git(["rev-parse", "--show-prefix"], in: Repository.folder)
    let head = try await git(["rev-parse", "--short", "HEAD"], in: Repository.folder)
    if prefix == "", let head {
        // Files may have been changed, or changes undone, between the build and this test.
        #expect(
            ["herald \(HeraldVersion.string) (\(head))\n", "herald \(HeraldVersion.string) (\(head)-dirty)\n"]
                .contains(result.output), "stdout: \(result.output)")
    } else {
        #expect(result.output == "herald \(HeraldVersion.string) (unknown commit)\n")
    }
}
