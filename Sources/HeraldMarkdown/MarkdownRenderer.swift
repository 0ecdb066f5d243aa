import CCmark
import Foundation

/// How Markdown becomes HTML: the `markdown:` keys of `herald.yml`.
public struct MarkdownOptions: Sendable, Hashable {
    /// Curly quotes, en and em dashes and ellipses from their ASCII spellings.
    public var smart: Bool
    /// Keeps raw HTML and `javascript:` links. Off by default because Markdown often comes from
    /// data (a hero's biography, a task's notes) that the site owner did not write.
    public var unsafe: Bool

    public init(smart: Bool = true, unsafe: Bool = false) {
        self.smart = smart
        self.unsafe = unsafe
    }
}

/// One entry of a page's table of contents.
public struct Heading: Sendable, Hashable {
    /// 1 to 6, as in `<h1>`…`<h6>`.
    public var level: Int
    /// The heading's words without any markup, for a table of contents or a page title.
    public var text: String
    /// The `id` attribute the heading carries in the HTML, unique within its document.
    public var id: String

    public init(level: Int, text: String, id: String) {
        self.level = level
        self.text = text
        self.id = id
    }
}

/// A rendered Markdown text: its HTML and what templates need to know about it.
public struct MarkdownDocument: Sendable {
    public var html: String
    /// Every heading in document order, with the id its HTML element carries.
    public var headings: [Heading]
    /// The plain text of the first paragraph, for cards, meta descriptions and feeds; empty when
    /// the text has no paragraph.
    public var summary: String

    public init(html: String, headings: [Heading], summary: String) {
        self.html = html
        self.headings = headings
        self.summary = summary
    }
}

/// Renders CommonMark to HTML through libcmark, giving every heading an id on the way.
///
/// A page costs one parse, one walk over the tree and one render, with no pass over the HTML,
/// so the work beyond libcmark's own stays small next to parsing.
public struct MarkdownRenderer: Sendable {
    public var options: MarkdownOptions

    public init(options: MarkdownOptions = MarkdownOptions()) {
        self.options = options
    }

    /// Never fails: CommonMark gives every text a meaning, and cmark replaces a NUL byte with U+FFFD.
    public func render(_ markdown: String) -> MarkdownDocument {
        var flags = CMARK_OPT_VALIDATE_UTF8
        if options.smart { flags |= CMARK_OPT_SMART }
        if options.unsafe { flags |= CMARK_OPT_UNSAFE }

        // withCString hands cmark the string's own UTF-8 storage, without a copy.
        let parsed = markdown.withCString { cmark_parse_document($0, markdown.utf8.count, flags) }
        guard let root = parsed else { return MarkdownDocument(html: "", headings: [], summary: "") }
        defer { cmark_node_free(root) }

        let (headings, summary) = prepare(root)

        guard let rendered = cmark_render_html(root, flags) else {
            return MarkdownDocument(html: "", headings: headings, summary: summary)
        }
        defer { free(rendered) }
        let html = String(decoding: UnsafeRawBufferPointer(start: rendered, count: strlen(rendered)), as: UTF8.self)
        return MarkdownDocument(html: html, headings: headings, summary: summary)
    }

    /// The one walk over the tree: collects the headings and the summary, gives headings their
    /// ids and, in safe mode, removes raw HTML.
    ///
    /// Raw HTML nodes are deleted rather than left to cmark's safe mode, which would print
    /// `<!-- raw HTML omitted -->` in their place; deleting the node leaves nothing of the HTML,
    /// not even a comment, and needs no search through the output. Safe mode stays on for the
    /// render because it is also what empties `javascript:` and other dangerous link targets.
    ///
    /// libcmark allows changing the tree during a walk after an EXIT event, or after the ENTER
    /// event of a leaf: the iterator has already stepped past the node by then.
    private func prepare(_ root: OpaquePointer) -> (headings: [Heading], summary: String) {
        guard let iterator = cmark_iter_new(root) else { return ([], "") }
        defer { cmark_iter_free(iterator) }

        var headings: [Heading] = []
        var ids = HeadingIDs()
        var summary: String?
        // The UTF-8 of the heading or first paragraph being walked, in one reused buffer so that
        // a heading costs one String, not one per text node.
        var text: [UInt8] = []
        var collecting = false

        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let entering = event == CMARK_EVENT_ENTER
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if collecting, let literal = cmark_node_get_literal(node) {
                    text.append(contentsOf: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
                }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                if collecting { text.append(UInt8(ascii: " ")) }
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                if !options.unsafe { cmark_node_free(node) }
            case CMARK_NODE_HEADING:
                if entering {
                    text.removeAll(keepingCapacity: true)
                    collecting = true
                } else {
                    let title = Self.trimmed(text)
                    let level = Int(cmark_node_get_heading_level(node))
                    let id = ids.claim(HeadingID.make(title))
                    headings.append(Heading(level: level, text: title, id: id))
                    Self.replace(heading: node, level: level, id: id)
                    collecting = false
                }
            case CMARK_NODE_PARAGRAPH where summary == nil:
                if entering {
                    text.removeAll(keepingCapacity: true)
                    collecting = true
                } else {
                    summary = Self.trimmed(text)
                    collecting = false
                }
            default:
                break
            }
        }
        return (headings, summary ?? "")
    }

    /// The text without blanks at its ends: code spans, entities such as `&#32;` and line breaks
    /// can still put them there, and neither a table of contents nor a summary wants them.
    private static func trimmed(_ utf8: [UInt8]) -> String {
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = utf8.firstIndex(where: { !isBlank($0) }),
            let last = utf8.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }

    /// Puts `<hN id="…">` in the HTML without searching the HTML for headings.
    ///
    /// cmark's heading renderer writes a bare `<hN>` and cannot be given attributes, and matching
    /// the Nth `<hN>` in the output would be fooled by raw HTML in unsafe mode. So the heading is
    /// replaced by a custom block holding a custom inline, which cmark prints verbatim around its
    /// children: the inline's on-enter and on-exit texts are the tags, and the heading's inline
    /// children move into it. The block has no text of its own and only contributes the line
    /// breaks a heading has anyway, so the output is byte for byte cmark's plus the id. This is
    /// within libcmark's containment rules: a custom block may stand wherever a heading can
    /// (any block container) and hold anything, and a custom inline holds inlines.
    private static func replace(heading: OpaquePointer, level: Int, id: String) {
        guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        guard let tags = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else {
            cmark_node_free(block)
            return
        }
        // The tags as C strings made byte by byte: interpolating them cost more than the rest of
        // the heading's move.
        let digit = UInt8(ascii: "0") + UInt8(clamping: level)
        var opening: [UInt8] = []
        opening.reserveCapacity(id.utf8.count + 12)
        opening.append(contentsOf: "<h".utf8)
        opening.append(digit)
        opening.append(contentsOf: " id=\"".utf8)
        opening.append(contentsOf: id.utf8)
        opening.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ">"), 0])
        let closing: [UInt8] = [UInt8(ascii: "<"), UInt8(ascii: "/"), UInt8(ascii: "h"), digit, UInt8(ascii: ">"), 0]
        _ = opening.withUnsafeBytes {
            cmark_node_set_on_enter(tags, $0.baseAddress?.assumingMemoryBound(to: CChar.self))
        }
        _ = closing.withUnsafeBytes {
            cmark_node_set_on_exit(tags, $0.baseAddress?.assumingMemoryBound(to: CChar.self))
        }
        cmark_node_append_child(block, tags)
        // Insert first: if cmark refused, the heading is kept whole (without an id) and nothing leaks.
        guard cmark_node_insert_before(heading, block) == 1 else {
            cmark_node_free(block)
            return
        }
        while let child = cmark_node_first_child(heading) {
            cmark_node_append_child(tags, child)
        }
        cmark_node_free(heading)
    }
}
