import Foundation
import HeraldConfig
import HeraldCore
import HeraldLoaders
import HeraldRemote
import HeraldModels

/// The loaders a build reads its models from. The build receives them (tests pass in-memory
/// ones); `init(config:site:)` makes the ones herald.yml describes.
public struct SiteSources: Sendable {
    public var tasks: (any ModelLoader<TaskItem>)?
    public var heroes: (any ModelLoader<Hero>)?
    public var pages: any ModelLoader<Page>
    public var data: DataFolderLoader?
    /// The files the loaders list and read, shared with the up-to-date check so each is read once.
    public var inputs: InputFiles
    /// Fetches the URL sources, when the site has any; it knows how each was obtained.
    public var remote: RemoteFetcher?
    /// Whether the heroes keep their source records (`HeroRules.keepsRecords`); models decoded
    /// with them are not those decoded without.
    public private(set) var keepsRecords = true

    public init(
        tasks: (any ModelLoader<TaskItem>)?, heroes: (any ModelLoader<Hero>)?, pages: any ModelLoader<Page>,
        data: DataFolderLoader?, inputs: InputFiles = InputFiles()
    ) {
        self.tasks = tasks
        self.heroes = heroes
        self.pages = pages
        self.data = data
        self.inputs = inputs
    }

    /// The sources named in `config`, read from files under `site`, and from URLs through `remote`;
    /// `decoded` keeps the models of unchanged files from one build of the dev server to the next.
    /// Without `keepsRecords`, heroes keep no copy of their source records: for templates that
    /// never name `record`.
    public init(
        config: SiteConfig, site: URL, remote: RemoteFetcher? = nil, decoded: DecodedFiles? = nil,
        keepsRecords: Bool = true
    ) throws(DiagnosticError) {
        inputs = InputFiles()
        self.remote = remote
        self.keepsRecords = keepsRecords
        let records = RecordLoader(siteFolder: site, inputs: inputs, remote: remote, decoded: decoded)
        tasks = try config.tasks.map { tasks throws(DiagnosticError) in
            var loader = TaskLoader(records: records, spec: try SourceSpec(tasks.source), rules: tasks.rules)
            loader.joins = try Self.joinSpecs(tasks.joins)
            return loader
        }
        heroes = try config.heroes.map { heroes throws(DiagnosticError) in
            var rules = heroes.rules
            rules.keepsRecords = keepsRecords
            var loader = HeroLoader(records: records, spec: try SourceSpec(heroes.source), rules: rules)
            loader.joins = try Self.joinSpecs(heroes.joins)
            return loader
        }
        pages = PageLoader(records: records, folder: config.pages, timeZone: config.timeZone)
        var named: [(name: String, spec: SourceSpec)] = []
        for (name, source) in config.dataSources { named.append((name, try SourceSpec(source))) }
        data = DataFolderLoader(records: records, folder: config.data, named: named)
    }

    private static func joinSpecs(_ joins: [JoinConfig]) throws(DiagnosticError) -> [JoinSpec] {
        try joins.map { join throws(DiagnosticError) in
            JoinSpec(
                name: join.name, spec: try SourceSpec(join.source), on: join.on, key: join.key, setting: join.setting)
        }
    }
}
