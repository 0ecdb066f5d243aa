import Foundation

/// What one `herald build` was asked to do.
public struct BuildOptions: Sendable {
    public var site: URL
    public var output: URL
    /// Unknown template keys, missing partials and warnings become errors.
    public var strict = false
    /// Pages marked `draft: true` are built too.
    public var drafts = false
    /// Never fetch: remote sources are read from the cache only.
    public var offline = false
    /// Revalidate remote sources now, however fresh their cached copies.
    public var refresh = false
    /// Where fetched sources are cached; nil for `.herald-cache/` in the site folder.
    public var cacheFolder: URL?
    /// Scales the waits between retries of a failing server (tests).
    public var retryBackoffScale = 1.0
    /// Overrides `base_url` of herald.yml.
    public var baseURL: String?
    /// The instant "today", "overdue" and the footer's date are computed from.
    public var now: Date
    /// Pages rendered at once.
    public var jobs: Int
    /// Hears (pages done, pages in all) while pages render.
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// Told once the models are loaded and what loading alone needed is freed, before any page
    /// is planned: the command hands the freed memory back to the system there.
    public var loaded: (@Sendable () -> Void)?
    /// The process ends with the build (`herald build`): what the build holds once its pages are
    /// rendered is left to the exit, which hands back all of the memory at once, rather than
    /// freed a string and an array at a time on a core the build could use.
    public var endsProcess = false
    /// When another build holds the output folder: wait for it (true) or fail at once.
    public var wait = true
    /// Called once when the build starts waiting for another one.
    public var waiting: (@Sendable () -> Void)?

    public init(site: URL, output: URL, now: Date, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.site = site
        self.output = output
        self.now = now
        self.jobs = jobs
    }
}
