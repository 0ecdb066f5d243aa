/// One record as a source gave it, before any model reads it: its fields, where it starts,
/// and its Markdown body when the format has one (a Markdown file's text after the front matter).
public struct Record: Sendable {
    /// A map node; `fields.lookup("biography.publisher")` reads nested values.
    public var fields: DataNode
    /// Where the record starts: the file, and the line and column when the format has them.
    public var location: SourceLocation
    public var body: String?
    /// The line in `location.file` where `body` starts, for positions inside the body.
    public var bodyLine: Int
    /// An ID the format derives for a record that has no `id` field (a todo.txt line's hash).
    public var derivedID: String?
    /// True when another record of the file is alike in every field, so that `derivedID` can
    /// tell them apart only by their order, which edits change: such a record is not edited by ID.
    public var derivedIDIsAmbiguous = false
    /// True when the record is the whole document, an object that is not one of records keyed by
    /// id: a `join:` reads such a file as a table of key → value (`{"antimage": "The monks…"}`).
    public var isWholeDocument = false

    public init(fields: DataNode, location: SourceLocation, body: String? = nil, bodyLine: Int = 0) {
        self.fields = fields
        self.location = location
        self.body = body
        self.bodyLine = bodyLine
    }

    /// The location of a field's value, falling back to the record's own when the field has none.
    public func location(of node: DataNode) -> SourceLocation {
        node.line > 0 ? node.location(in: location.file) : location
    }
}
