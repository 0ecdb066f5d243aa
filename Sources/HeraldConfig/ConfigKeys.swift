import HeraldMarkdown
import HeraldModels

extension SiteConfig {
    /// Every key `herald.yml` may hold, as a dotted path (`tasks.fields.due`; `data.NAME.source`
    /// for a named data source), in the order the reader lists them: made from the lists the reader
    /// checks keys against, so that a reference built on it names exactly what the reader accepts.
    public static var allKeys: [String] {
        var paths: [String] = []
        for key in keys {
            paths.append(key)
            switch key {
            case "tasks":
                paths += nested("tasks", TasksConfig.keys, fields: TaskField.allCases.map(\.rawValue))
            case "heroes":
                paths += nested("heroes", HeroesConfig.keys, fields: HeroField.allCases.map(\.rawValue))
            case "data":
                paths += SourceConfig.keys.map { "data.NAME.\($0)" }
            case "markdown":
                paths += MarkdownOptions.keys.map { "markdown.\($0)" }
            case "check":
                paths += CheckConfig.keys.map { "check.\($0)" }
            default:
                break
            }
        }
        return paths
    }

    private static func nested(_ section: String, _ keys: [String], fields: [String]) -> [String] {
        keys.flatMap { key in
            [section + "." + key] + (key == "fields" ? fields.map { "\(section).fields.\($0)" } : [])
        }
    }
}
