import Foundation
import HeraldConfig
import HeraldCore
import HeraldDeploy
import HeraldTestSupport
import Testing

// A whole `herald deploy` of a target as herald.yml names it: the output's lock, its files, the
// target's kind, the credentials from the environment.

@Test(.enabled(if: MotoServer.available, "make deps installs moto"))
func aBucketTargetFromHeraldYmlDeploysWithTheEnvironmentsCredentials() throws {
    let moto = try MotoServer()
    let site = try TemporarySite([
        "herald.yml": "deploy:\n  bucket: {s3: \(moto.bucket), endpoint: \"\(moto.endpoint)\", path_style: true}\n",
        "Output/index.html": "home\n", "Output/.well-known/security.txt": "Contact: x\n"
    ])
    let config = try SiteConfig.load(site: site.folder).0
    var deployment = Deployment(
        site: site.folder, output: site.url("Output"), target: try #require(config.deploy.target(nil)))
    deployment.environment = moto.environment
    let report = try deployment.run()
    #expect(report.plan.sent.map(\.path) == [".well-known/security.txt", "index.html"])
    #expect(
        report.lines(basePath: "/").last == "Deployed to bucket site: 2 sent, 0 deleted, 0 unchanged, 16 bytes sent")
    #expect(try moto.object(".well-known/security.txt").contentType == "text/plain; charset=utf-8")
    deployment.environment = [:]
    #expect(
        diagnostics { () throws(DiagnosticError) in try deployment.run() }.map(\.message) == [
            "no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary ones)"
        ])
}

@Test func aSiteNotBuiltIsNotDeployed() throws {
    let site = try TemporarySite(["herald.yml": "deploy:\n  pages: {git: .}\n"])
    let config = try SiteConfig.load(site: site.folder).0
    let deployment = Deployment(
        site: site.folder, output: site.url("Output"), target: try #require(config.deploy.target("pages")))
    #expect(
        diagnostics { () throws(DiagnosticError) in try deployment.run() }.map(\.message)
            == ["there is no built site here: run herald build first"])
    #expect(!site.exists("Output"))
}
