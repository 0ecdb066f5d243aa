import Foundation
import HeraldCore
@testable import HeraldDeploy
import HeraldTestSupport
import Testing

// `herald deploy` to a branch of a real repository made by the test: one commit per deploy that
// changed something, only the changed files in it, and the user's working tree and index untouched.

private let site = [
    "index.html": "<h1>Home</h1>\n", "heroes/a/index.html": "A\n", "heroes/b/index.html": "B\n",
    "assets/site.css": "body {}\n", ".well-known/security.txt": "Contact: x\n"
]

@Test func theFirstDeployCommitsTheWholeSiteAndTouchesNothingOfTheUsers() throws {
    let repository = try GitRepository()
    try repository.build(site)
    let before = try repository.userView()
    let report = try repository.deploy()
    #expect(report.plan.sent.map(\.path) == site.keys.sorted())
    #expect(report.plan.deleted == [] && report.plan.unchanged == 0)
    #expect(report.plan.bytes == site.values.reduce(0) { $0 + $1.utf8.count })
    let commit = try #require(report.commit)
    #expect(repository.head() == commit)
    #expect(try repository.tree() == site.mapValues { $0.trimmingCharacters(in: .newlines) })
    #expect(try repository.run(["log", "--format=%s", "gh-pages"]) == "Deploy the site: 5 sent, 0 deleted, 0 unchanged")
    #expect(try repository.userView() == before)
}

@Test func aSecondDeployOfTheSameSiteMakesNoCommit() throws {
    let repository = try GitRepository()
    try repository.build(site)
    let first = try repository.deploy()
    let second = try repository.deploy()
    #expect(second.plan.isEmpty && second.plan.unchanged == site.count && second.commit == nil)
    #expect(repository.head() == first.commit)
    #expect(second.lines(basePath: "/").last?.hasSuffix("; nothing changed") == true)
}

@Test func aChangedPageMakesOneCommitTouchingOnlyIt() throws {
    let repository = try GitRepository()
    try repository.build(site)
    let first = try #require(try repository.deploy().commit)
    var changed = site
    changed["heroes/a/index.html"] = "A, renamed\n"
    try repository.build(changed)
    let report = try repository.deploy()
    #expect(report.plan.sent.map(\.path) == ["heroes/a/index.html"] && report.plan.unchanged == site.count - 1)
    let commit = try #require(report.commit)
    #expect(try repository.run(["rev-parse", "\(commit)^"]) == first)
    #expect(
        try repository.run(["diff-tree", "-r", "--name-only", "--no-commit-id", first, commit]) == "heroes/a/index.html"
    )
    #expect(report.lines(basePath: "/board/").first == "sent /board/heroes/a/index.html")
}

@Test func aRemovedPageIsRemovedFromTheBranch() throws {
    let repository = try GitRepository()
    try repository.build(site)
    let first = try #require(try repository.deploy().commit)
    var smaller = site
    smaller["heroes/b/index.html"] = nil
    try repository.build(smaller)
    let report = try repository.deploy()
    #expect(report.plan.deleted == ["heroes/b/index.html"] && report.plan.sent == [])
    let commit = try #require(report.commit)
    #expect(
        try repository.run(["diff-tree", "-r", "--name-status", "--no-commit-id", first, commit])
            == "D\theroes/b/index.html")
    #expect(try repository.tree()["heroes/b/index.html"] == nil)
    #expect(report.lines(basePath: "/").contains("deleted /heroes/b/index.html"))
}

@Test func aDryRunSaysWhatWouldHappenAndDoesNothing() throws {
    let repository = try GitRepository()
    try repository.build(site)
    let objects = try repository.run(["count-objects"])
    let report = try repository.deploy(dryRun: true)
    #expect(report.plan.sent.count == site.count && report.commit == nil)
    #expect(repository.head() == nil)
    #expect(try repository.run(["count-objects"]) == objects)
    let lines = report.lines(basePath: "/")
    #expect(lines.contains("would send /index.html"))
    #expect(lines.last?.hasPrefix("Dry run, nothing done: branch gh-pages of ") == true)
}

@Test func moreDeletionsThanAllowedDoNothingAndSaySo() throws {
    let repository = try GitRepository()
    try repository.build(site)
    let first = try #require(try repository.deploy().commit)
    try repository.build(["index.html": "<h1>Home</h1>\n"])
    let messages = diagnostics { () throws(DiagnosticError) in _ = try repository.deploy(maxDeletes: 3) }
    #expect(
        messages.map(\.description) == [
            "herald.yml:3:3: error: this deploy would delete 4 files, more than --max-deletes 3 "
                + "allows; nothing was done (check the build, or raise --max-deletes)"
        ])
    #expect(repository.head() == first)
    #expect(try repository.deploy(maxDeletes: 4).plan.deleted.count == 4)
}

@Test func aBranchThatIsCheckedOutIsRefused() throws {
    let repository = try GitRepository()
    try repository.build(site)
    let messages = diagnostics { () throws(DiagnosticError) in _ = try repository.deploy(branch: "main") }
    #expect(messages.first?.message.contains("the branch 'main' is checked out in") == true)
}

@Test func pushSendsTheBranchToItsRemote() throws {
    let repository = try GitRepository()
    let remote = repository.site.root.appendingPathComponent("remote.git").path
    let bare = GitCommand(repository: repository.site.root.path, location: repository.git.location)
    _ = try bare.text(["init", "-q", "--bare", remote], doing: "init")
    try repository.run(["remote", "add", "origin", remote])
    try repository.build(site)
    let report = try repository.deploy(push: true)
    #expect(report.pushedTo == "origin")
    let pushed = GitCommand(repository: remote, location: repository.git.location)
    #expect(try pushed.text(["rev-parse", "refs/heads/gh-pages"], doing: "read") == report.commit)
    // Run again after a push that never happened: the branch converges on the remote.
    _ = try pushed.text(["update-ref", "-d", "refs/heads/gh-pages"], doing: "drop")
    #expect(try repository.deploy(push: true).commit == nil)
    #expect(try pushed.text(["rev-parse", "refs/heads/gh-pages"], doing: "read") == report.commit)
}

@Test func passwordsInURLsGitPrintsAreHidden() {
    #expect(
        GitCommand.hidingPasswords("fatal: unable to access 'https://x-access-token:ghs_SECRET@github.com/o/r.git/'")
            == "fatal: unable to access 'https://***@github.com/o/r.git/'")
}
