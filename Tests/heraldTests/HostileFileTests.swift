import Foundation
import HeraldTestSupport
import Testing

// herald.yml, a `render --data` file, a template and an asset, each as a FIFO and as a file over
// its limit: each is a clear error at the file, as a user runs the command, and none blocks.
// Before these were read through the bounded reader, a FIFO was refused in vague or wrong words
// ("no such file") or, in Templates/, passed over for the built-in file, and a file of any size
// was read whole.

/// How long a command here may run: a blocked read is killed, and fails its test, long before
/// `CLI.timeLimit`, as these commands read a few small files.
private let hostileTimeLimit: Double = 30

private let mebibyte = 1024 * 1024

/// `herald arguments` in `folder`, killed after `hostileTimeLimit`.
private func herald(_ arguments: [String], in folder: URL) async throws -> CLI.Result {
    try await CLI.run(arguments, in: folder, timeLimit: hostileTimeLimit)
}

private func build(_ site: TemporarySite) async throws -> CLI.Result {
    try await herald(["build", "--now", buildInstant], in: site.folder)
}

@Test func heraldYmlAsAFIFOOrOverItsLimitIsAClearError() async throws {
    let site = try TemporarySite.smallSite()
    try site.remove("herald.yml")
    try SpecialFiles.fifo(at: site.url("herald.yml"))
    let fifo = try await build(site)
    #expect(fifo.status == 1)
    #expect(
        fifo.stderr.contains("herald.yml: error: cannot read the file: it is a FIFO (named pipe), not a regular file"),
        "\(fifo.stderr)")
    #expect(!site.exists("Output"))

    try site.remove("herald.yml")
    try SpecialFiles.sparse(at: site.url("herald.yml"), size: 16 * mebibyte + 1)
    let large = try await build(site)
    #expect(large.status == 1)
    #expect(
        large.stderr.contains(
            "herald.yml: error: cannot read the file: it is larger than 16777216 bytes, "
                + "the most herald.yml may hold"), "\(large.stderr)")
}

@Test func renderTemplateAndDataAsFIFOsAreErrorsTogether() async throws {
    let files = try TemporarySite(["page.mustache": "{{a}} {{> part}}"])
    try SpecialFiles.fifo(at: files.url("root.mustache"))
    try SpecialFiles.fifo(at: files.url("data.json"))
    try SpecialFiles.fifo(at: files.url("part.mustache"))
    let both = try await herald(["render", "root.mustache", "--data", "data.json"], in: files.folder)
    #expect(both.status == 1)
    #expect(
        both.stderr == """
            root.mustache: error: cannot read the file: it is a FIFO (named pipe), not a regular file
            data.json: error: cannot read the file: it is a FIFO (named pipe), not a regular file

            """)

    // A partial the template names is read the same way.
    let partial = try await herald(["render", "page.mustache"], in: files.folder)
    #expect(partial.status == 1)
    #expect(
        partial.stderr == "part.mustache: error: cannot read the file: it is a FIFO (named pipe), not a regular file\n")
}

@Test func renderTemplateAndDataOverTheirLimitsAreErrors() async throws {
    let files = try TemporarySite(["page.mustache": "{{a}}"])
    try SpecialFiles.sparse(at: files.url("huge.mustache"), size: 16 * mebibyte + 1)
    try SpecialFiles.sparse(at: files.url("huge.json"), size: 512 * mebibyte + 1)
    let result = try await herald(["render", "huge.mustache", "--data", "huge.json"], in: files.folder)
    #expect(result.status == 1)
    #expect(
        result.stderr == """
            huge.mustache: error: cannot read the file: it is larger than 16777216 bytes, the most a template may hold
            huge.json: error: cannot read the file: it is larger than 536870912 bytes, the most a data file may hold (the default max_bytes:)

            """)
}

@Test func aSiteTemplateAsAFIFOOrOverItsLimitIsAnErrorNotTheBuiltInOne() async throws {
    let site = try TemporarySite.smallSite()
    try SpecialFiles.fifo(at: site.url("Templates/page.html.mustache"))
    let fifo = try await build(site)
    #expect(fifo.status == 1)
    #expect(
        fifo.stderr.contains(
            "Templates/page.html.mustache: error: cannot read the file: "
                + "it is a FIFO (named pipe), not a regular file"), "\(fifo.stderr)")
    #expect(!site.exists("Output"))

    try site.remove("Templates/page.html.mustache")
    try SpecialFiles.sparse(at: site.url("Templates/page.html.mustache"), size: 16 * mebibyte + 1)
    let large = try await build(site)
    #expect(large.status == 1)
    #expect(
        large.stderr.contains(
            "Templates/page.html.mustache: error: cannot read the file: "
                + "it is larger than 16777216 bytes, the most a template may hold"), "\(large.stderr)")
}

@Test func siteAssetsAsFIFOsOrOverTheLimitAreErrorsEachNamed() async throws {
    let site = try TemporarySite.smallSite()
    // One in place of a built-in asset, one of the site's own: both reported by one build.
    try SpecialFiles.fifo(at: site.url("Templates/assets/herald.css"))
    try SpecialFiles.fifo(at: site.url("Templates/assets/extra.css"))
    let fifo = try await build(site)
    #expect(fifo.status == 1)
    for name in ["extra.css", "herald.css"] {
        #expect(
            fifo.stderr.contains(
                "Templates/assets/\(name): error: cannot read the file: "
                    + "it is a FIFO (named pipe), not a regular file"), "\(fifo.stderr)")
    }
    #expect(!site.exists("Output"))

    try site.remove("Templates")
    try SpecialFiles.sparse(at: site.url("Templates/assets/video.mp4"), size: 512 * mebibyte + 1)
    let large = try await build(site)
    #expect(large.status == 1)
    #expect(
        large.stderr.contains(
            "Templates/assets/video.mp4: error: cannot read the file: "
                + "it is larger than 536870912 bytes, the most an asset may hold"), "\(large.stderr)")
}
