import Foundation
import HeraldConfig
import HeraldCore
import HeraldLoaders
import HeraldModels

/// The loaders a build reads its models from. The build receives them (tests pass in-memory
/// ones); `init(config:site:)` makes the ones herald.yml describes.
public struct SiteSources: Sendable {
    public var tasks: (any ModelLoader<Task>)?
    public var heroes: (any ModelLoader<Hero>)?
    public var pages: any ModelLoader<Page>
    public var data: DataFolderLoader?
    /// The files the loaders list and read, shared with the up-to-date check so each is read once.
    public var inputs: InputFiles

    public init(tasks: (any ModelLoader<Task>)?, heroes: (any ModelLoader<Hero>)?, pages: any ModelLoader<Page>,
                data: DataFolderLoader?, inputs: InputFiles = InputFiles()) {
        self.tasks = tasks
        self.heroes = heroes
        self.pages = pages
        self.data = data
        self.inputs = inputs
    }

    /// The sources named in `config`, read from files under `site`.
    public init(config: SiteConfig, site: URL) throws(DiagnosticError) {
        inputs = InputFiles()
        let records = RecordLoader(siteFolder: site, inputs: inputs)
        tasks = try config.tasks.map { tasks throws(DiagnosticError) in
            TaskLoader(records: records, spec: try Self.spec(tasks.source), rules: tasks.rules)
        }
        heroes = try config.heroes.map { heroes throws(DiagnosticError) in
            HeroLoader(records: records, spec: try Self.spec(heroes.source), rules: heroes.rules)
        }
        pages = PageLoader(records: records, folder: config.pages, timeZone: config.timeZone)
        data = DataFolderLoader(records: records, folder: config.data)
    }

    private static func spec(_ source: SourceConfig) throws(DiagnosticError) -> SourceSpec {
        var format: DataFormat?
        if let name = source.format {
            guard let known = DataFormat(rawValue: name) else {
                throw DiagnosticError(.error(at: source.location, "unknown format '\(name)'"))
            }
            format = known
        }
        return SourceSpec(path: source.source, format: format, root: source.root, table: source.table, query: source.query,
                          maxBytes: source.maxBytes ?? FileBytes.defaultLimit,
                          timeout: source.timeout ?? SourceSpec.defaultTimeout)
    }
}
