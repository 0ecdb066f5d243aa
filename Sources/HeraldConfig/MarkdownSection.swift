import HeraldCore
import HeraldMarkdown

extension MarkdownOptions {
    static let keys = ["smart", "unsafe"]

    /// Reads the `markdown:` section (libcmark options: `smart`, `unsafe`).
    static func read(_ reader: inout ConfigReader, in root: DataMap) -> MarkdownOptions {
        var options = MarkdownOptions()
        guard let section = reader.map("markdown", in: root) else { return options }
        reader.rejectUnknownKeys(in: section, known: keys, section: "markdown")
        if let smart = reader.bool("smart", in: section) { options.smart = smart }
        if let unsafe = reader.bool("unsafe", in: section) { options.unsafe = unsafe }
        return options
    }
}
