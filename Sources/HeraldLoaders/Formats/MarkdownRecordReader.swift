import Foundation
import HeraldCore
import HeraldMarkdown

/// Reads one Markdown file as one record: front matter fields, and the rest as its body.
public struct MarkdownRecordReader: TextRecordReader {
    public init() {}

    /// The file name without its extension is added as `file_slug`, beside any `slug` of the
    /// file's own, so that the models decide which one names the page.
    public func records(inText bytes: [UInt8], file: String) throws(DiagnosticError) -> [Record] {
        try [record(bytes, file: file, slug: SourceFile.baseName(of: file))]
    }

    private func record(_ bytes: [UInt8], file: String, slug: String) throws(DiagnosticError) -> Record {
        let text = String(decoding: try TextCheck.validText(bytes, file: file), as: UTF8.self)
        let (fields, body, bodyLine) = try FrontMatter.split(text, file: file)
        guard case .map(var map) = fields.value else {
            return Record(fields: fields, location: SourceLocation(file: file, line: 1, column: 1))
        }
        map["file_slug"] = DataNode(.string(slug), line: 1, column: 1)
        return Record(
            fields: DataNode(.map(map), line: fields.line, column: fields.column),
            location: SourceLocation(file: file, line: 1, column: 1), body: body, bodyLine: bodyLine)
    }
}
