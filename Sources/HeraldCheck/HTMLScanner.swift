import Glibc
import HeraldCore

/// Reads the links and anchors out of a page: start tags and their attributes, nothing else.
///
/// A tokenizer of our own rather than a parser package: no HTML parser that builds on Linux is at
/// hand (SwiftSoup is not among this machine's packages), and a link checker needs no tree, only
/// the tokenizer's rules, which it follows where they decide what a link is: attribute values
/// double-quoted, single-quoted or unquoted, with character references decoded; the first of two
/// equal attributes wins; comments (`<!-->` included), `<!DOCTYPE>`, CDATA and processing
/// instructions are passed over; and the text of raw-text and RCDATA elements (`<script>`,
/// `<style>`, `<title>`, `<textarea>`…) is not read for tags, so a `<a href>` in a script's
/// string is not taken for a link. It reads every byte once.
enum HTMLScanner {
    /// HTML pages, or the XML of a sitemap (`<loc>` text) and a feed (`<link href>`, or the text of
    /// an RSS `<link>`).
    enum Dialect: Sendable { case html, xml }

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ dialect: Dialect) -> PageScan {
        var reader = Reader(bytes: bytes, dialect: dialect)
        reader.run()
        return reader.scan
    }
}

/// The scanner's state while it walks one page.
private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    let dialect: HTMLScanner.Dialect
    var scan = PageScan()
    var index = 0
    // Lines are counted up to each link as it is found, so every position costs one pass in all.
    var position = TextPosition()
    var countedUpTo = 0

    init(bytes: UnsafeBufferPointer<UInt8>, dialect: HTMLScanner.Dialect) {
        self.bytes = bytes
        self.dialect = dialect
    }

    var end: Int { bytes.count }

    mutating func run() {
        while let open = find(UInt8(ascii: "<"), from: index) {
            index = open + 1
            guard index < end else { return }
            let byte = bytes[index]
            if byte == UInt8(ascii: "!") {
                skipMarkupDeclaration()
            } else if byte == UInt8(ascii: "?") {
                index = after(UInt8(ascii: ">"), from: index)
            } else if byte == UInt8(ascii: "/") {
                if index + 1 < end, isLetter(bytes[index + 1]) {
                    var ignored = Tag()
                    readTag(from: index + 1, into: &ignored)
                } else {
                    index = after(UInt8(ascii: ">"), from: index)
                }
            } else if isLetter(byte) {
                var tag = Tag()
                readTag(from: index, into: &tag)
                guard tag.complete else { return }
                take(tag)
            }
            // Any other `<` is text.
        }
    }

    // MARK: Tags

    /// What one start tag holds that the checker cares about: value ranges, decoded only when used.
    struct Tag {
        var name: Range<Int> = 0..<0
        var complete = false
        var href: Range<Int>?
        var src: Range<Int>?
        var srcset: Range<Int>?
        var xlinkHref: Range<Int>?
        var id: Range<Int>?
        var nameAttribute: Range<Int>?
        var rel: Range<Int>?
    }

    /// Reads a tag's name and attributes from `start` (its first letter) to just after its `>`.
    mutating func readTag(from start: Int, into tag: inout Tag) {
        index = start
        while index < end, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: ">")
        {
            index += 1
        }
        tag.name = start..<index
        while index < end {
            let byte = bytes[index]
            if isSpace(byte) || byte == UInt8(ascii: "/") {
                index += 1
            } else if byte == UInt8(ascii: ">") {
                index += 1
                tag.complete = true
                return
            } else {
                readAttribute(into: &tag)
            }
        }
    }

    /// One `name`, `name=value`, `name="value"` or `name='value'`, recorded when it is wanted and
    /// the first of its name.
    mutating func readAttribute(into tag: inout Tag) {
        let nameStart = index
        // An `=` is part of a name only as its first character.
        index += 1
        while index < end {
            let byte = bytes[index]
            if isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=") {
                break
            }
            index += 1
        }
        let name = nameStart..<index
        while index < end, isSpace(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "=") else {
            record(name, value: index..<index, in: &tag)
            return
        }
        index += 1
        while index < end, isSpace(bytes[index]) { index += 1 }
        guard index < end else { return }
        let quote = bytes[index]
        let value: Range<Int>
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let closing = find(quote, from: index + 1) ?? end
            value = (index + 1)..<closing
            index = min(closing + 1, end)
        } else if quote == UInt8(ascii: ">") {
            value = index..<index
        } else {
            let start = index
            while index < end, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
            value = start..<index
        }
        record(name, value: value, in: &tag)
    }

    func record(_ name: Range<Int>, value: Range<Int>, in tag: inout Tag) {
        switch name.count {
        case 2 where equals(name, "id"): tag.id = tag.id ?? value
        case 3 where equals(name, "src"): tag.src = tag.src ?? value
        case 3 where equals(name, "rel"): tag.rel = tag.rel ?? value
        case 4 where equals(name, "href"): tag.href = tag.href ?? value
        case 4 where equals(name, "name"): tag.nameAttribute = tag.nameAttribute ?? value
        case 6 where equals(name, "srcset"): tag.srcset = tag.srcset ?? value
        case 10 where equals(name, "xlink:href"): tag.xlinkHref = tag.xlinkHref ?? value
        default: break
        }
    }

    /// What a start tag adds to the scan, and the raw text it opens.
    mutating func take(_ tag: Tag) {
        if dialect == .xml {
            takeXML(tag)
            return
        }
        if let id = tag.id { scan.anchors.insert(text(id)) }
        if let name = tag.nameAttribute, equals(tag.name, "a") { scan.anchors.insert(text(name)) }
        if equals(tag.name, "base") {
            if scan.base == nil, let href = tag.href { scan.base = text(href) }
        } else if let href = tag.href, !(equals(tag.name, "link") && isHint(tag.rel)) {
            addLink(href)
        }
        if let src = tag.src { addLink(src) }
        if let xlinkHref = tag.xlinkHref { addLink(xlinkHref) }
        if let srcset = tag.srcset {
            for candidate in SrcSet.urls(bytes, srcset) { addLink(candidate) }
        }
        if let closing = rawTextEnd(tag.name) { index = closing }
    }

    /// A sitemap's `<loc>URL</loc>` and `<xhtml:link href>`, a feed's `<link href>` or an RSS
    /// feed's `<link>URL</link>`.
    mutating func takeXML(_ tag: Tag) {
        let local = localName(tag.name)
        if equals(local, "link"), let href = tag.href {
            addLink(href)
        } else if equals(local, "loc") || equals(local, "link") {
            let textEnd = find(UInt8(ascii: "<"), from: index) ?? end
            var start = index
            var stop = textEnd
            while start < stop, isSpace(bytes[start]) { start += 1 }
            while stop > start, isSpace(bytes[stop - 1]) { stop -= 1 }
            if start < stop { addLink(start..<stop, inAttribute: false) }
            index = textEnd
        }
    }

    /// `<link rel=preconnect>` and `dns-prefetch` name an origin to connect to early, not a page:
    /// `https://fonts.gstatic.com` answers 404 and is still right there.
    func isHint(_ rel: Range<Int>?) -> Bool {
        guard let rel else { return false }
        return text(rel).lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            .contains { $0 == "preconnect" || $0 == "dns-prefetch" }
    }

    mutating func addLink(_ range: Range<Int>, inAttribute: Bool = true) {
        while countedUpTo < range.lowerBound {
            if bytes[countedUpTo] == UInt8(ascii: "\n") { position.startLine(at: countedUpTo + 1) }
            countedUpTo += 1
        }
        let url = CharacterReferences.decode(bytes, range, inAttribute: inAttribute)
        scan.links.append(
            FoundLink(url: url, line: position.line, column: position.column(at: range.lowerBound, in: bytes)))
    }

    func text(_ range: Range<Int>) -> String {
        CharacterReferences.decode(bytes, range, inAttribute: true)
    }

    // MARK: Skipping

    static let rawText = ["script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes", "plaintext"]

    /// `<!--…-->` (ending early at `<!-->` or `<!--->` as the spec has it), `<![CDATA[…]]>`, and
    /// anything else after `<!` up to its `>` (`<!DOCTYPE html>`).
    mutating func skipMarkupDeclaration() {
        if starts(with: "!--", at: index) {
            var cursor = index + 3
            if cursor < end, bytes[cursor] == UInt8(ascii: ">") { index = cursor + 1; return }
            if starts(with: "->", at: cursor) { index = cursor + 2; return }
            while let dash = find(UInt8(ascii: "-"), from: cursor) {
                if starts(with: "-->", at: dash) { index = dash + 3; return }
                if starts(with: "--!>", at: dash) { index = dash + 4; return }
                cursor = dash + 1
            }
            index = end
        } else if starts(with: "![CDATA[", at: index) {
            var cursor = index + 8
            while let bracket = find(UInt8(ascii: "]"), from: cursor) {
                if starts(with: "]]>", at: bracket) { index = bracket + 3; return }
                cursor = bracket + 1
            }
            index = end
        } else {
            index = after(UInt8(ascii: ">"), from: index)
        }
    }

    /// Where the text of a raw-text or RCDATA element ends: at its end tag, `</script` followed by
    /// a space, `/` or `>`, in any case. nil for other elements.
    func rawTextEnd(_ name: Range<Int>) -> Int? {
        guard let element = Self.rawText.first(where: { name.count == $0.utf8.count && equals(name, $0) }) else {
            return nil
        }
        if element == "plaintext" { return end }
        var cursor = index
        while let open = find(UInt8(ascii: "<"), from: cursor) {
            let nameStart = open + 2
            let nameEnd = nameStart + name.count
            if open + 1 < end, bytes[open + 1] == UInt8(ascii: "/"), nameEnd <= end,
                equals(nameStart..<nameEnd, element),
                nameEnd == end || isSpace(bytes[nameEnd])
                    || bytes[nameEnd] == UInt8(ascii: "/") || bytes[nameEnd] == UInt8(ascii: ">")
            {
                return open
            }
            cursor = open + 1
        }
        return end
    }

    // MARK: Bytes

    func find(_ byte: UInt8, from start: Int) -> Int? {
        guard start < end, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(byte), end - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    func after(_ byte: UInt8, from start: Int) -> Int {
        find(byte, from: start).map { $0 + 1 } ?? end
    }

    func starts(with literal: StaticString, at start: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard start + count <= end else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[start + offset] != pointer[offset] { return false }
        return true
    }

    /// Whether `bytes[range]` is `lowercase`, in any ASCII case.
    func equals(_ range: Range<Int>, _ lowercase: String) -> Bool {
        guard range.count == lowercase.utf8.count else { return false }
        var cursor = range.lowerBound
        for byte in lowercase.utf8 {
            let actual = bytes[cursor]
            let folded = actual >= UInt8(ascii: "A") && actual <= UInt8(ascii: "Z") ? actual | 0x20 : actual
            if folded != byte { return false }
            cursor += 1
        }
        return true
    }

    /// The part of an XML name after its prefix: `link` of `xhtml:link`.
    func localName(_ name: Range<Int>) -> Range<Int> {
        var cursor = name.upperBound
        while cursor > name.lowerBound, bytes[cursor - 1] != UInt8(ascii: ":") { cursor -= 1 }
        return cursor..<name.upperBound
    }

    func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    /// The spec's whitespace inside tags: tab, line feed, form feed, carriage return, space.
    func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C || byte == 0x0D
    }
}
