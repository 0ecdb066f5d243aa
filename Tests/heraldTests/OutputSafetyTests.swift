import Foundation
import HeraldTestSupport
import Testing

// Output folders that are not the site's to clean: building into one would delete files Herald
// did not write, so the build refuses before it reads anything.

enum RefusedOutput: String, CaseIterable, Sendable {
    case root, home, homeFromTheShell, siteFolder, parentOfTheSite

    /// The reason the refusal gives.
    var reason: String {
        switch self {
        case .root: "it is the root folder"
        case .home, .homeFromTheShell: "it is the home folder"
        case .siteFolder: "it is the site folder itself"
        case .parentOfTheSite: "it contains the site folder"
        }
    }
}

@Test(arguments: RefusedOutput.allCases)
func outputFoldersThatHoldMoreThanTheSiteAreRefused(_ output: RefusedOutput) async throws {
    let site = try TemporarySite.smallSite()
    // The home folder sits beside the site, not above it, so only its being home can refuse it.
    let home = site.root.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let environment = ["HOME": home.path]
    let before = try TreeSnapshot(site.root)

    let build = ["build", "--now", buildInstant, "--output"]
    let result =
        switch output {
        case .root: try await site.herald(build + ["/"], environment: environment)
        case .home: try await site.herald(build + [home.path], environment: environment)
        case .homeFromTheShell:
            // The shell expands `~` from HOME before herald sees it.
            try await CLI.launch(
                URL(fileURLWithPath: "/bin/sh"),
                [
                    "-c", #"exec "$0" build --now "$1" --output ~"#,
                    try #require(CLI.binary).path, buildInstant
                ],
                in: site.folder, environment: environment)
        case .siteFolder: try await site.herald(build + ["."], environment: environment)
        case .parentOfTheSite: try await site.herald(build + [".."], environment: environment)
        }
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("error: refusing to use this output folder: \(output.reason)"), "\(result.stderr)")
    #expect(try TreeSnapshot(site.root) == before)
    for name in [".herald", ".herald-staging", "index.html"] {
        #expect(!FileManager.default.fileExists(atPath: "/" + name))
    }
}
