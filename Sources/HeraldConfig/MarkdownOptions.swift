import HeraldCore

/// The `markdown:` section: libcmark options.
public struct MarkdownOptions: Sendable, Hashable {
    /// Curly quotes, dashes and ellipses.
    public var smart: Bool
    /// Raw HTML in Markdown is dropped unless this is true.
    public var unsafe: Bool

    public init(smart: Bool = true, unsafe: Bool = false) {
        self.smart = smart
        self.unsafe = unsafe
    }

    static func read(_ reader: inout ConfigReader, in root: DataMap) -> MarkdownOptions {
        var options = MarkdownOptions()
        guard let section = reader.map("markdown", in: root) else { return options }
        reader.rejectUnknownKeys(in: section, known: ["smart", "unsafe"], section: "markdown")
        if let smart = reader.bool("smart", in: section) { options.smart = smart }
        if let unsafe = reader.bool("unsafe", in: section) { options.unsafe = unsafe }
        return options
    }
}
