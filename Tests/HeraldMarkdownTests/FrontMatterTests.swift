import HeraldCore
import HeraldMarkdown
import HeraldTestSupport
import Testing

/// The one diagnostic `split` throws for `text`, or nil (and a recorded issue) when it does not throw.
private func splitError(
    _ text: String, file: String = "page.md",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Diagnostic? {
    let found = diagnostics(sourceLocation: sourceLocation) { () throws(DiagnosticError) in
        try FrontMatter.split(text, file: file)
    }
    #expect(found.count == 1, sourceLocation: sourceLocation)
    return found.first
}

@Test func frontMatterFieldsKeepTypesAndFilePositions() throws {
    let text = """
        ---
        title: Wolverine
        rank: 3
        score: 9.5
        draft: false
        tags: [mutant, x-men]
        ---
        # Logan

        Body text.
        """
    let (fields, body, bodyLine) = try FrontMatter.split(text, file: "heroes/logan.md")
    guard case .map(let map) = fields.value else {
        Issue.record("fields are not a map")
        return
    }
    #expect(map.keys == ["title", "rank", "score", "draft", "tags"])
    if case .string("Wolverine")? = map["title"]?.value {} else { Issue.record("title is not a string") }
    if case .int(3)? = map["rank"]?.value {} else { Issue.record("rank is not an int") }
    if case .double(9.5)? = map["score"]?.value {} else { Issue.record("score is not a double") }
    if case .bool(false)? = map["draft"]?.value {} else { Issue.record("draft is not a bool") }
    if case .list(let tags)? = map["tags"]?.value {
        #expect(tags.count == 2)
    } else {
        Issue.record("tags is not a list")
    }
    // Lines of the whole file: `title` is on line 2, `tags` on line 6.
    #expect(map["title"]?.line == 2)
    #expect(map["title"]?.column == 8)
    #expect(map["tags"]?.location(in: "heroes/logan.md").description == "heroes/logan.md:6:7")
    #expect(body == "# Logan\n\nBody text.")
    #expect(bodyLine == 8)
}

@Test func frontMatterMayEndWithDots() throws {
    let (fields, body, bodyLine) = try FrontMatter.split("---\na: 1\n...\nBody\n", file: "p.md")
    #expect(fields.lookup("a") != nil)
    #expect(body == "Body\n")
    #expect(bodyLine == 4)
}

@Test func yamlErrorReportsTheLineOfTheWholeFile() throws {
    let text = """
        ---
        title: Broken
        tags:
          - [unclosed
        ---
        Body
        """
    let diagnostic = try #require(splitError(text))
    #expect(diagnostic.location.file == "page.md")
    #expect(diagnostic.location.line == 5)  // the list opened on line 4 reaches the closing `---`
    #expect(diagnostic.description.hasPrefix("page.md:5:1: error: invalid YAML"))

    let badIndent = "---\ntitle: A\ndate: 2024-01-01\n  nested: oops\n---\n"
    let indentError = try #require(splitError(badIndent))
    #expect(indentError.location.line == 4)
    #expect(indentError.location.column == 9)
}

@Test func duplicateKeyInFrontMatterIsAnError() throws {
    let diagnostic = try #require(splitError("---\ntitle: A\ntitle: B\n---\n"))
    #expect(diagnostic.message.contains("duplicate key 'title'"))
    #expect(diagnostic.location.line >= 2)
}

@Test func unclosedFrontMatterIsAnErrorAtTheStart() throws {
    let diagnostic = try #require(splitError("---\ntitle: A\n\n# Body\n"))
    #expect(diagnostic.location == SourceLocation(file: "page.md", line: 1, column: 1))
    #expect(diagnostic.message.contains("expected a line '---'"))
    #expect(splitError("---") != nil)
    #expect(splitError("---\n") != nil)
}

@Test func frontMatterThatIsNotAMapIsAnErrorAtItsPosition() throws {
    let list = try #require(splitError("---\n- a\n- b\n---\nBody\n"))
    #expect(list.location == SourceLocation(file: "page.md", line: 2, column: 1))
    #expect(list.message == "front matter must be a map of 'key: value' fields, found a list")
    let scalar = try #require(splitError("---\n\n  just text\n---\n"))
    #expect(scalar.location == SourceLocation(file: "page.md", line: 3, column: 3))
    #expect(scalar.message.hasSuffix("found a string"))
}

@Test func noFrontMatter() throws {
    for text in ["# Title\n\n---\nnot: front matter\n---\n", "", "----\na: 1\n----\n", " ---\na: 1\n---\n"] {
        let (fields, body, bodyLine) = try FrontMatter.split(text, file: "p.md")
        guard case .map(let map) = fields.value else {
            Issue.record("fields are not a map")
            continue
        }
        #expect(map.isEmpty)
        #expect(body == text)
        #expect(bodyLine == 1)
    }
}

@Test func emptyFrontMatterIsAnEmptyMap() throws {
    let (fields, body, bodyLine) = try FrontMatter.split("---\n---\nBody", file: "p.md")
    guard case .map(let map) = fields.value else {
        Issue.record("fields are not a map")
        return
    }
    #expect(map.isEmpty)
    #expect(body == "Body")
    #expect(bodyLine == 3)
}

@Test func fencesMayHaveTrailingBlanksAndEndTheFile() throws {
    let (fields, body, bodyLine) = try FrontMatter.split("--- \na: 1\n---\t", file: "p.md")
    #expect(fields.lookup("a")?.line == 2)
    #expect(body == "")
    #expect(bodyLine == 4)
}

@Test func crlfLineEndings() throws {
    let text = "---\r\ntitle: Windows\r\ncount: 2\r\n---\r\n# Heading\r\n\r\nText.\r\n"
    let (fields, body, bodyLine) = try FrontMatter.split(text, file: "p.md")
    if case .string("Windows")? = fields.lookup("title")?.value {} else { Issue.record("title lost its value") }
    #expect(fields.lookup("count")?.line == 3)
    #expect(body == "# Heading\r\n\r\nText.\r\n")
    #expect(bodyLine == 5)
    let document = MarkdownRenderer().render(body)
    #expect(document.headings.map(\.id) == ["heading"])
    #expect(document.summary == "Text.")

    let error = try #require(splitError("---\r\na: 1\r\nb: [\r\n---\r\n"))
    #expect(error.location.line == 4)
}

@Test func byteOrderMark() throws {
    let (fields, body, bodyLine) = try FrontMatter.split("\u{FEFF}---\ntitle: BOM\n---\nBody\n", file: "p.md")
    if case .string("BOM")? = fields.lookup("title")?.value {} else { Issue.record("title lost its value") }
    #expect(fields.lookup("title")?.line == 2)
    #expect(body == "Body\n")
    #expect(bodyLine == 4)

    let bare = try FrontMatter.split("\u{FEFF}# Title\n", file: "p.md")
    #expect(bare.body == "# Title\n")
    #expect(bare.bodyLine == 1)
}

@Test func frontMatterThenMarkdown() throws {
    let (fields, body, _) = try FrontMatter.split(
        "---\ntitle: Page\n---\n## Café & Co\n\nHello *world*.\n", file: "p.md")
    let document = MarkdownRenderer().render(body)
    #expect(fields.lookup("title") != nil)
    #expect(document.headings == [Heading(level: 2, text: "Café & Co", id: "cafe-co")])
    #expect(document.summary == "Hello world.")
}
