import Foundation
import HeraldCore

/// A Markdown page with front matter (`about.md`), published at its slug unless it is a draft.
public struct Page: Sendable {
    public var title: String
    public var slug: String
    public var date: Day?
    public var draft: Bool
    /// Markdown.
    public var body: String
    /// Every front matter field, the ones above included, for templates.
    public var frontMatter: DataMap
    public var location: SourceLocation

    public init(
        title: String, slug: String, date: Day? = nil, draft: Bool = false, body: String,
        frontMatter: DataMap = DataMap(), location: SourceLocation
    ) {
        self.title = title
        self.slug = slug
        self.date = date
        self.draft = draft
        self.body = body
        self.frontMatter = frontMatter
        self.location = location
    }

    /// Reads a page from a Markdown file's record: `title` is required, `slug` defaults to the
    /// file name, `date` may be a timestamp (its day in `timeZone`), `draft` defaults to false.
    public static func decode(_ record: Record, timeZone: TimeZone = .gmt) throws(DiagnosticError) -> Page {
        guard case .map(let frontMatter) = record.fields.value else {
            throw DiagnosticError(
                .error(
                    at: record.location,
                    "front matter must be a map of fields, found \(record.fields.value.kindName)"))
        }
        let fileName = URL(fileURLWithPath: record.location.file).deletingPathExtension().lastPathComponent
        var reader = FieldReader(record, kind: "page")
        reader.name = record.location.file
        let title = reader.text(["title"])
        if let title {
            reader.name = title
        } else {
            reader.report("\(reader.subject) has no title: add 'title:' to its front matter", at: nil)
        }
        let slug = reader.slug(["slug"], derivedFrom: [fileName])
        var page = Page(
            title: title ?? "", slug: slug, body: record.body ?? "", frontMatter: frontMatter,
            location: record.location)
        page.date = reader.day(["date"], name: "date", in: timeZone)
        page.draft = reader.flag(["draft"], acceptsX: false)?.value ?? false

        guard reader.diagnostics.isEmpty else { throw DiagnosticError(reader.diagnostics) }
        return page
    }
}
