import HeraldCore
import HeraldMarkdown

extension MarkdownOptions {
    /// Reads the `markdown:` section (libcmark options: `smart`, `unsafe`).
    static func read(_ reader: inout ConfigReader, in root: DataMap) -> MarkdownOptions {
        var options = MarkdownOptions()
        guard let section = reader.map("markdown", in: root) else { return options }
        reader.rejectUnknownKeys(in: section, known: ["smart", "unsafe"], section: "markdown")
        if let smart = reader.bool("smart", in: section) { options.smart = smart }
        if let unsafe = reader.bool("unsafe", in: section) { options.unsafe = unsafe }
        return options
    }
}
