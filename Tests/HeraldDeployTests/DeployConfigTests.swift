import HeraldConfig
import HeraldCore
import HeraldTestSupport
import Testing

// herald.yml's `deploy:` section: targets by name, checked key by key like every other section.

@Test func gitTargetsAreReadWithTheirDefaults() throws {
    let config = try SiteConfig.parse(
        """
        deploy:
          pages: {git: ., branch: gh-pages}
          mirror:
            git: ../mirror
            remote: backup
        """, file: "herald.yml")
    #expect(config.deploy.targets.map(\.name) == ["pages", "mirror"])
    #expect(config.deploy.target("pages")?.kind == .git(repository: ".", branch: "gh-pages", remote: nil))
    #expect(config.deploy.target("mirror")?.kind == .git(repository: "../mirror", branch: "gh-pages", remote: "backup"))
    #expect(config.deploy.target(nil) == nil, "two targets: one must be named")
    #expect(config.deploy.target("pages")?.location == SourceLocation(file: "herald.yml", line: 2, column: 10))
}

@Test func deployMistakesAreErrorsAtTheirPositionsAllTogether() {
    let messages = diagnostics { () throws(DiagnosticError) in
        try SiteConfig.parse(
            """
            deploy:
              pages: {git: ., brnach: gh-pages}
              odd: {gti: .}
              bad: {git: ., branch: "a..b", remote: "-x"}
              plain: gh-pages
            """, file: "herald.yml")
    }.map(\.description)
    #expect(
        messages == [
            "herald.yml:2:19: error: unknown key 'brnach' in 'deploy.pages' (did you mean 'branch'?)",
            "herald.yml:3:8: error: 'deploy.odd' must say what it deploys to: git: REPOSITORY or s3: BUCKET (did you mean 'git'?)",
            "herald.yml:4:25: error: 'deploy.bad.branch' is not a branch name git accepts: 'a..b'",
            "herald.yml:4:41: error: 'deploy.bad.remote' must name a git remote, found '-x'",
            "herald.yml:5:10: error: 'deploy.plain' must be a map such as {git: ., branch: gh-pages}, found 'gh-pages'"
        ])
}

@Test func anUnknownTopLevelKeyNearDeployIsSuggested() {
    let messages = diagnostics { () throws(DiagnosticError) in try SiteConfig.parse("deplyo: {}\n", file: "herald.yml")
    }
    #expect(messages.map(\.message) == ["unknown key 'deplyo' (did you mean 'deploy'?)"])
}

@Test func s3TargetsAreReadWithTheirCacheRulesInOrder() throws {
    let config = try SiteConfig.parse(
        """
        deploy:
          bucket:
            s3: my-site
            region: eu-central-1
            endpoint: http://127.0.0.1:9000/
            path_style: true
            cache_control: {"assets/*": "public, max-age=31536000, immutable", "*": "public, max-age=300"}
          aws: {s3: other}
        """, file: "herald.yml")
    guard case .s3(let bucket)? = config.deploy.target("bucket")?.kind,
        case .s3(let aws)? = config.deploy.target("aws")?.kind
    else {
        Issue.record("not S3 targets")
        return
    }
    #expect(bucket.bucket == "my-site" && bucket.region == "eu-central-1" && bucket.pathStyle)
    #expect(bucket.endpoint.string == "http://127.0.0.1:9000")
    #expect(bucket.cacheControl(for: "assets/site.1a2b.css") == "public, max-age=31536000, immutable")
    #expect(bucket.cacheControl(for: "heroes/a/index.html") == "public, max-age=300")
    #expect(
        aws.endpoint.string == "https://s3.us-east-1.amazonaws.com" && !aws.pathStyle
            && aws.cacheControl(for: "x") == nil)
}

@Test func s3MistakesAreErrorsAtTheirPositions() {
    let messages = diagnostics { () throws(DiagnosticError) in
        try SiteConfig.parse(
            """
            deploy:
              bucket: {s3: my-site, endpoint: "ftp://x/y", cache_contorl: {}}
              other: {s3: "a b", cache_control: {"*": 300}}
            """, file: "herald.yml")
    }.map(\.description)
    #expect(
        messages == [
            "herald.yml:2:48: error: unknown key 'cache_contorl' in 'deploy.bucket' (did you mean 'cache_control'?)",
            "herald.yml:2:35: error: 'deploy.bucket.endpoint' must be an http(s) URL with no path, such as https://s3.example.org, found 'ftp://x/y'",
            "herald.yml:3:15: error: 'deploy.other.s3' must name a bucket, found 'a b'",
            "herald.yml:3:43: error: 'deploy.other.cache_control.*' must be a Cache-Control header such as \"public, max-age=300\", found 300"
        ])
}
