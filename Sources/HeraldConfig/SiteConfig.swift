import Foundation
import HeraldMarkdown
import HeraldCore
import HeraldModels

/// A site's `herald.yml`, typed and checked, with a default for every key.
public struct SiteConfig: Sendable {
    public var title = "Herald"
    /// Ends with `/`: an absolute http(s) URL or a path from the server root.
    public var baseURL = "/"
    public var language = "en"
    /// "Today", overdue tasks and the day of a timestamp are decided in this zone.
    public var timeZone = TimeZone(identifier: "UTC") ?? .gmt
    /// nil when the site has no task board.
    public var tasks: TasksConfig?
    /// nil when the site has no hero catalog.
    public var heroes: HeroesConfig?
    /// Folder of Markdown pages, relative to the site folder.
    public var pages = "Content/pages"
    /// Folder of extra data files exposed to templates as `data.NAME`.
    public var data = "Content/data"
    /// `data:` written as a map instead: each name's source (a file or a URL), for `data.NAME`.
    public var dataSources: [(name: String, source: SourceConfig)] = []
    public var markdown = MarkdownOptions()
    public var check = CheckConfig()
    /// Where `herald deploy` publishes the built site.
    public var deploy = DeployConfig()

    static let keys = [
        "title", "base_url", "language", "timezone", "tasks", "heroes", "pages", "data", "markdown", "check", "deploy"
    ]

    /// The defaults: what an empty `herald.yml` means.
    public init() {}

    /// Parses `herald.yml`; throws every problem of the file together, each at its line and column.
    public static func parse(_ yaml: String, file: String) throws(DiagnosticError) -> SiteConfig {
        let root = try YAMLReader.parse(yaml, file: file)
        guard case .map(let map) = root.value else {
            throw DiagnosticError(
                .error(
                    at: root.location(in: file),
                    "\(file) must be a map of settings, found \(root.value.kindName)"))
        }
        var reader = ConfigReader(file: file)
        reader.rejectUnknownKeys(in: map, known: keys, section: nil)

        var config = SiteConfig()
        if let (title, _) = reader.text("title", in: map) { config.title = title }
        if let (text, node) = reader.text("base_url", in: map) {
            if let url = normalizedBaseURL(text) {
                config.baseURL = url
            } else {
                reader.error("'base_url' must be an http(s) URL or a path starting with '/', found '\(text)'", at: node)
            }
        }
        if let (language, node) = reader.text("language", in: map) {
            if isLanguageTag(language) {
                config.language = language
            } else {
                reader.error("'language' must be a language tag such as en or pt-BR, found '\(language)'", at: node)
            }
        }
        if let zone = timeZone(&reader, in: map) { config.timeZone = zone }
        config.tasks = TasksConfig.read(&reader, in: map, timeZone: config.timeZone)
        config.heroes = HeroesConfig.read(&reader, in: map)
        if let (pages, _) = reader.text("pages", in: map) { config.pages = pages }
        if case .map(let sources)? = reader.value("data", in: map)?.value {
            config.dataSources = dataSources(&reader, sources)
        } else if let (data, _) = reader.text("data", in: map) {
            config.data = data
        }
        config.markdown = MarkdownOptions.read(&reader, in: map)
        config.check = CheckConfig.read(&reader, in: map)
        config.deploy = DeployConfig.read(&reader, in: map)

        guard reader.diagnostics.isEmpty else { throw DiagnosticError(reader.diagnostics) }
        return config
    }

    /// `https://example.org/board` → `https://example.org/board/`, `/board` → `/board/`; nil for
    /// anything else, so that `--base-url` is checked the same way as the config.
    public static func normalizedBaseURL(_ text: String) -> String? {
        let trimmed = text.trimmed()
        let isPath = trimmed.hasPrefix("/") && !trimmed.hasPrefix("//")
        if !isPath {
            guard let components = URLComponents(string: trimmed),
                let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
                components.host?.isEmpty == false
            else { return nil }
        }
        guard !trimmed.contains(where: { $0.isWhitespace || $0 == "?" || $0 == "#" }) else { return nil }
        return trimmed.hasSuffix("/") ? trimmed : trimmed + "/"
    }

    /// BCP 47 in shape: a 2–8 letter language, then 1–8 character subtags (`en`, `pt-BR`, `zh-Hant-TW`).
    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...8).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// `data: {team: Content/team.yml, releases: https://…}`: each value a source, or a map of
    /// source settings (`source:`, `headers:`, `max_age:`…) as under `tasks:`.
    private static func dataSources(_ reader: inout ConfigReader, _ map: DataMap) -> [(
        name: String, source: SourceConfig
    )] {
        var sources: [(name: String, source: SourceConfig)] = []
        for (name, node) in map.entries {
            switch node.value {
            case .string(let path) where path.hasVisibleText:
                sources.append((name, SourceConfig(source: path, location: node.location(in: reader.file))))
            case .map(let section):
                reader.rejectUnknownKeys(in: section, known: SourceConfig.keys, section: "data.\(name)")
                if let source = SourceConfig.read(&reader, section: section, name: name, in: map) {
                    sources.append((name, source))
                }
            default:
                reader.error(
                    "'data.\(name)' must name a file or URL, or be a map with 'source:', found \(node.value.quotedForMessage)",
                    at: node)
            }
        }
        return sources
    }

    private static func timeZone(_ reader: inout ConfigReader, in map: DataMap) -> TimeZone? {
        guard let (name, node) = reader.text("timezone", in: map) else { return nil }
        if let zone = TimeZone(identifier: name) { return zone }
        let hint =
            Suggestion.nearest(to: name, in: TimeZone.knownTimeZoneIdentifiers).map { " (did you mean '\($0)'?)" }
            ?? " (use a name from the tz database, such as Europe/Berlin or UTC)"
        reader.error("unknown time zone '\(name)'\(hint)", at: node)
        return nil
    }
}
