/// The data formats a `tasks:` or `heroes:` source can be in, by their `format:` names.
public enum DataFormat: String, Sendable, Hashable, CaseIterable {
    case json
    case yaml
    case csv
    case tsv
    case markdown
    case sqlite
    case todoTxt = "todo.txt"
    case markdownChecklist = "markdown-checklist"

    /// The format a single file's extension implies, or nil when the extension says nothing.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "json": self = .json
        case "yml", "yaml": self = .yaml
        case "csv": self = .csv
        case "tsv": self = .tsv
        case "sqlite", "sqlite3", "db": self = .sqlite
        case "txt": self = .todoTxt
        case "md", "markdown": self = .markdownChecklist
        default: return nil
        }
    }

    /// The extensions of the files this format reads when its source is a folder.
    public var fileExtensions: Set<String> {
        switch self {
        case .json: ["json"]
        case .yaml: ["yml", "yaml"]
        case .csv: ["csv"]
        case .tsv: ["tsv"]
        case .markdown, .markdownChecklist: ["md", "markdown"]
        case .sqlite: ["sqlite", "sqlite3", "db"]
        case .todoTxt: ["txt"]
        }
    }
}
