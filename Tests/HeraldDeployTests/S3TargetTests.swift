import Foundation
import HeraldConfig
import HeraldCore
@testable import HeraldDeploy
import HeraldTestSupport
import Testing

// `herald deploy` to an S3 bucket of moto's server, which checks every request's signature as
// AWS does: only changed files are sent, with their Content-Type and Cache-Control.

private let site = [
    "index.html": "<h1>Home</h1>\n", "heroes/a/index.html": "A\n", "assets/site.css": "body {}\n",
    "feed.xml": "<feed/>\n"
]
private let location = SourceLocation(file: "herald.yml", line: 4, column: 3)

private struct Bucket {
    let moto: MotoServer
    let folder: TemporarySite

    init() throws {
        moto = try MotoServer()
        folder = try TemporarySite()
    }

    func build(_ files: [String: String]) throws {
        if folder.exists("Output") { try folder.remove("Output") }
        for (path, text) in files { try folder.write("Output/" + path, text) }
    }

    var settings: DeployTarget.S3 {
        get throws {
            DeployTarget.S3(
                bucket: moto.bucket, region: "us-east-1", endpoint: try #require(URLComponents(string: moto.endpoint)),
                pathStyle: true,
                cacheControl: [
                    .init(pattern: "assets/*", value: "public, max-age=31536000, immutable"),
                    .init(pattern: "*", value: "public, max-age=300")
                ])
        }
    }

    func deploy(dryRun: Bool = false, maxDeletes: Int = 256, secret: String? = nil, pageSize: Int? = nil) throws
        -> DeployReport
    {
        var environment = moto.environment
        if let secret { environment["AWS_SECRET_ACCESS_KEY"] = secret }
        var target = try S3Target(try settings, environment: environment, location: location)
        target.pageSize = pageSize
        target.backoffScale = 0.01
        return try target.deploy(
            SiteFiles(folder: folder.url("Output"), shownAs: "Output"), maxDeletes: maxDeletes, dryRun: dryRun)
    }

    /// The methods of the requests since the last call, the list's included.
    func methods() throws -> [String] { try moto.requests().map { String($0.split(separator: " ")[0]) } }
}

@Test(.enabled(if: MotoServer.available, "make deps installs moto"))
func theFirstDeploySendsEveryFileWithItsTypeAndCaching() throws {
    let bucket = try Bucket()
    try bucket.build(site)
    let report = try bucket.deploy()
    #expect(report.plan.sent.count == site.count && report.plan.unchanged == 0)
    #expect(try bucket.methods().sorted() == ["GET", "PUT", "PUT", "PUT", "PUT"])
    let page = try bucket.moto.object("index.html")
    #expect(
        page.body == "<h1>Home</h1>\n" && page.contentType == "text/html; charset=utf-8"
            && page.cacheControl == "public, max-age=300")
    let css = try bucket.moto.object("assets/site.css")
    #expect(css.contentType == "text/css; charset=utf-8" && css.cacheControl == "public, max-age=31536000, immutable")
    #expect(try bucket.moto.object("feed.xml").contentType == "application/xml; charset=utf-8")
}

@Test(.enabled(if: MotoServer.available, "make deps installs moto"))
func anUnchangedSiteSendsNothingAChangeOnePutARemovalOneDelete() throws {
    let bucket = try Bucket()
    try bucket.build(site)
    _ = try bucket.deploy()
    _ = try bucket.methods()

    let unchanged = try bucket.deploy()
    #expect(unchanged.plan.isEmpty && unchanged.plan.unchanged == site.count)
    #expect(try bucket.methods() == ["GET"], "the listing only: no PUT, no DELETE")

    var changed = site
    changed["heroes/a/index.html"] = "A, renamed\n"
    try bucket.build(changed)
    let one = try bucket.deploy()
    #expect(one.plan.sent.map(\.path) == ["heroes/a/index.html"])
    #expect(try bucket.moto.requests().filter { !$0.hasPrefix("GET") } == ["PUT /site/heroes/a/index.html"])
    #expect(try bucket.moto.object("heroes/a/index.html").body == "A, renamed\n")

    changed["feed.xml"] = nil
    try bucket.build(changed)
    let removal = try bucket.deploy()
    #expect(removal.plan.deleted == ["feed.xml"] && removal.plan.sent == [])
    #expect(try bucket.moto.requests().filter { !$0.hasPrefix("GET") } == ["DELETE /site/feed.xml"])
    #expect(removal.lines(basePath: "/").contains("deleted /feed.xml"))
}

@Test(.enabled(if: MotoServer.available, "make deps installs moto"))
func tooManyDeletionsAndADryRunTouchNothing() throws {
    let bucket = try Bucket()
    try bucket.build(site)
    _ = try bucket.deploy()
    try bucket.build(["index.html": "<h1>Home</h1>\n"])
    _ = try bucket.methods()
    #expect(throws: DiagnosticError.self) { _ = try bucket.deploy(maxDeletes: 2) }
    let dry = try bucket.deploy(dryRun: true)
    #expect(dry.plan.deleted.count == 3)
    #expect(try bucket.methods() == ["GET", "GET"])
}

@Test(.enabled(if: MotoServer.available, "make deps installs moto"))
func wrongCredentialsFailClearlyWithNoSecretShown() throws {
    let bucket = try Bucket()
    try bucket.build(site)
    let wrong = "WRONGsecretWRONGsecretWRONGsecret0123"
    do {
        _ = try bucket.deploy(secret: wrong)
        Issue.record("a deploy with the wrong secret succeeded")
    } catch let error as DiagnosticError {
        let text = error.diagnostics.map(\.description).joined(separator: "\n")
        #expect(text.hasPrefix("herald.yml:4:3: error: cannot list the bucket: HTTP 403"), "\(text)")
        #expect(
            text.contains("SignatureDoesNotMatch") && text.contains("check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY"))
        #expect(!text.contains(wrong) && !text.contains(bucket.moto.secretAccessKey))
    }
    #expect(throws: DiagnosticError.self) {
        _ = try S3Target(try bucket.settings, environment: [:], location: location)
    }
}

@Test(.enabled(if: MotoServer.available, "make deps installs moto"))
func aBucketIsListedPageAfterPage() throws {
    let bucket = try Bucket()
    try bucket.build(site)
    _ = try bucket.deploy()
    _ = try bucket.methods()
    let listed = try bucket.deploy(pageSize: 3)
    #expect(listed.plan.isEmpty && listed.plan.unchanged == site.count)
    #expect(try bucket.methods() == ["GET", "GET"], "two pages of at most three objects, nothing sent")
}

@Test(.enabled(if: MotoServer.available, "make deps installs moto"))
func aThrottledRequestIsAskedAgain() throws {
    let bucket = try Bucket()
    try bucket.build(site)
    try bucket.moto.throttle(["GET /site/", "PUT /site/index.html"])
    let report = try bucket.deploy()
    #expect(report.plan.sent.count == site.count)
    let requests = try bucket.moto.requests()
    #expect(
        requests.filter { $0 == "GET /site/" }.count == 2 && requests.filter { $0 == "PUT /site/index.html" }.count == 2
    )
    #expect(try bucket.moto.object("index.html").body == "<h1>Home</h1>\n")
}
