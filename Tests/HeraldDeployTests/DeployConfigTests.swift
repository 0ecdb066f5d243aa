import HeraldConfig
import HeraldCore
import HeraldTestSupport
import Testing

// herald.yml's `deploy:` section: targets by name, checked key by key like every other section.

@Test func gitTargetsAreReadWithTheirDefaults() throws {
    let config = try SiteConfig.parse("""
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
        try SiteConfig.parse("""
            deploy:
              pages: {git: ., brnach: gh-pages}
              odd: {gti: .}
              bad: {git: ., branch: "a..b", remote: "-x"}
              plain: gh-pages
            """, file: "herald.yml")
    }.map(\.description)
    #expect(messages == [
        "herald.yml:2:19: error: unknown key 'brnach' in 'deploy.pages' (did you mean 'branch'?)",
        "herald.yml:3:8: error: 'deploy.odd' must say what it deploys to: git: REPOSITORY (did you mean 'git'?)",
        "herald.yml:4:25: error: 'deploy.bad.branch' is not a branch name git accepts: 'a..b'",
        "herald.yml:4:41: error: 'deploy.bad.remote' must name a git remote, found '-x'",
        "herald.yml:5:10: error: 'deploy.plain' must be a map such as {git: ., branch: gh-pages}, found 'gh-pages'",
    ])
}

@Test func anUnknownTopLevelKeyNearDeployIsSuggested() {
    let messages = diagnostics { () throws(DiagnosticError) in try SiteConfig.parse("deplyo: {}\n", file: "herald.yml") }
    #expect(messages.map(\.message) == ["unknown key 'deplyo' (did you mean 'deploy'?)"])
}
