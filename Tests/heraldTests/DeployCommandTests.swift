import Foundation
import HeraldTestSupport
import Testing

// `herald deploy` as a user and the README's nightly workflow run it: a site folder that is a
// clone of a repository, built, and published to that repository's gh-pages branch.

/// The nightly workflow's commands (README.md, "Rebuilding nightly on GitHub Actions"), run here
/// as they are written there, `bin/herald` being the built binary.
private let nightly = (
    fetch: "git fetch --quiet origin gh-pages:gh-pages || true",
    build: "bin/herald build --strict --report report.json",
    changed:
        #"python3 -c 'import json; r = json.load(open("report.json")); print("changed=%s" % str(r["written"] + r["removed"] > 0).lower())' >> "$GITHUB_OUTPUT""#,
    deploy: "bin/herald deploy pages --push"
)

/// The small site in a clone of a bare repository (`origin`), with a `pages` target.
private func siteInRepository() async throws -> (site: TemporarySite, origin: String) {
    let site = try TemporarySite.smallSite()
    try site.write("herald.yml", try site.read("herald.yml") + "deploy:\n  pages: {git: ., branch: gh-pages}\n")
    try site.write(".gitignore", "Output/\n.herald/\nbin/\nreport.json\n")
    let origin = site.root.appendingPathComponent("origin.git").path
    let script = """
        git init -q --bare "\(origin)" && git init -q -b main && git config user.name T && git config user.email t@example.org \
        && git add -A && git commit -q -m sources && git remote add origin "\(origin)" && git push -q origin main \
        && mkdir -p bin && ln -s "\(try #require(CLI.binary).path)" bin/herald
        """
    let made = try await shell(script, in: site)
    try #require(made.status == 0, "\(made.stderr)")
    return (site, origin)
}

private func shell(_ script: String, in site: TemporarySite, environment: [String: String] = [:]) async throws
    -> CLI.Result
{
    try await CLI.launch(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: site.folder,
        environment: ["SOURCE_DATE_EPOCH": "1795255200"].merging(environment) { _, new in new })
}

/// Runs the workflow's fetch, build and step output; returns whether it says something changed.
private func nightlyBuild(_ site: TemporarySite) async throws -> Bool {
    let outputs = site.root.appendingPathComponent("github-output")
    try Data().write(to: outputs)
    let result = try await shell(
        [nightly.fetch, nightly.build, nightly.changed].joined(separator: " && "), in: site,
        environment: ["GITHUB_OUTPUT": outputs.path])
    #expect(result.status == 0, "\(result.stderr)")
    let said = try String(contentsOf: outputs, encoding: .utf8)
    #expect(said == "changed=true\n" || said == "changed=false\n")
    return said == "changed=true\n"
}

@Test func theReadmesNightlyWorkflowRunsTheseCommands() throws {
    let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
    for command in [nightly.fetch, nightly.build, nightly.changed, nightly.deploy] {
        #expect(readme.contains(command), "README.md lacks: \(command)")
    }
}

@Test func theNightlyWorkflowDeploysOnlyWhenTheBuildChangedSomething() async throws {
    let (site, origin) = try await siteInRepository()
    let remoteHead = {
        try await CLI.launch(
            URL(fileURLWithPath: "/usr/bin/git"), ["--git-dir", origin, "rev-parse", "gh-pages"],
            in: site.folder
        ).output
    }
    #expect(try await nightlyBuild(site))
    let first = try await shell(nightly.deploy, in: site)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.output.contains("sent /board/index.html\n"))
    #expect(first.output.contains("unchanged") && first.output.contains("; pushed to origin\n"))
    let published = try await remoteHead()
    #expect(!published.isEmpty)

    // The next night, nothing changed: the build says so, and the workflow does not deploy.
    #expect(try await !nightlyBuild(site))
    // A deploy anyway finds nothing to send.
    let again = try await shell(nightly.deploy, in: site)
    #expect(again.output.hasSuffix("; nothing changed; pushed to origin\n"), "\(again.output)")
    #expect(try await remoteHead() == published)

    // A hero's page changes: one commit on top, with the pages that show it.
    try site.edit("Content/heroes/lantern.md", replacing: "Meridian Comics", with: "Meridiam Comics")
    #expect(try await nightlyBuild(site))
    let changed = try await shell(nightly.deploy, in: site)
    #expect(changed.output.contains("sent /board/heroes/lantern/index.html\n"), "\(changed.output)")
    #expect(!changed.output.contains("sent /board/tasks/"))
    let parent = try await CLI.launch(
        URL(fileURLWithPath: "/usr/bin/git"), ["--git-dir", origin, "rev-parse", "gh-pages^"],
        in: site.folder)
    #expect(parent.output == published)
}

@Test func deployChecksItsTargetAndDeletions() async throws {
    let (site, _) = try await siteInRepository()
    try await site.buildOK()
    let unknown = try await site.herald(["deploy", "pagse"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("error: no deploy target 'pagse' in herald.yml (did you mean 'pages'?)"))

    try site.write("herald.yml", try site.read("herald.yml") + "  bucket: {s3: my-site}\n")
    let pushed = try await site.herald(["deploy", "bucket", "--push"])
    #expect(pushed.status == 2 && pushed.stderr.contains("error: --push is for a git target; 'bucket' is a bucket"))
    let several = try await site.herald(["deploy"])
    #expect(
        several.status == 2
            && several.stderr.contains("herald.yml has several deploy targets: name one of pages, bucket"))

    let dry = try await site.herald(["deploy", "pages", "--dry-run"])
    #expect(dry.status == 0 && dry.output.contains("would send /board/index.html\n"))
    #expect(dry.output.contains("Dry run, nothing done: branch gh-pages of "))
    let none = try await CLI.launch(
        URL(fileURLWithPath: "/usr/bin/git"), ["rev-parse", "--verify", "--quiet", "gh-pages"],
        in: site.folder)
    #expect(none.status != 0, "a dry run makes no branch")

    #expect(try await site.herald(["deploy", "pages"]).status == 0)
    try site.remove("Content/heroes/lantern.md")
    try await site.buildOK()
    let refused = try await site.herald(["deploy", "pages", "--max-deletes", "0"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("herald.yml:15:10: error: this deploy would delete "), "\(refused.stderr)")
    #expect(refused.stderr.contains("more than --max-deletes 0 allows; nothing was done"))
}
