import Foundation
import HeraldTestSupport
import Testing

// The herald executable carries its theme: copied alone into a folder far from the build, it
// scaffolds, builds, checks and serves a site.

@Test func theBinaryCopiedAloneMakesBuildsChecksAndServesASite() async throws {
    let built = try #require(CLI.binary, "build herald first: swift build --build-tests")
    let temporary = try TemporarySite()
    let bin = temporary.root.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let herald = bin.appendingPathComponent("herald")
    // Copied by another process: a copy written here would hold the file open while other tests
    // start processes, and a child that inherits that handle makes running it fail ("Text file busy").
    let copied = try await CLI.launch(URL(fileURLWithPath: "/bin/cp"), [built.path, herald.path], in: temporary.root)
    try #require(copied.status == 0, "cp: \(copied.stderr)")
    #expect(!temporary.root.path.hasPrefix(Repository.folder.path), "the copy must live outside the checkout")
    #expect(try FileManager.default.contentsOfDirectory(atPath: bin.path) == ["herald"])

    // Run by name, as an installed command is: `env` finds it first on PATH.
    let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    func run(_ arguments: [String], in folder: URL) async throws -> CLI.Result {
        try await CLI.launch(
            URL(fileURLWithPath: "/usr/bin/env"), ["herald"] + arguments, in: folder,
            environment: ["PATH": path])
    }
    let created = try await run(["new", "site"], in: temporary.root)
    #expect(created.status == 0, "stderr: \(created.stderr)")
    let site = temporary.root.appendingPathComponent("site")
    let build = try await run(["build", "--strict"], in: site)
    #expect(build.status == 0, "stderr: \(build.stderr)")
    #expect(build.stderr.isEmpty, "stderr: \(build.stderr)")
    #expect(
        FileManager.default.fileExists(atPath: site.appendingPathComponent("Output/heroes/mossback/index.html").path))
    let check = try await run(["check"], in: site)
    #expect(check.status == 0, "stderr: \(check.stderr)")

    let server = try await ServeProcess(in: site, binary: herald)
    let board = try await server.get("/tasks/")
    #expect(board.status == 200)
    #expect(board.body.contains("Draft the spring newsletter"))
    // The stylesheet comes from the theme inside the binary.
    let stylesheet = try #require(board.body.firstMatch(of: /href="\.\.\/(assets\/herald\.[^"]+\.css)"/)?.1)
    #expect(try await server.get("/" + stylesheet).status == 200)
    #expect(try await server.stop() == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: bin.path) == ["herald"])
}
