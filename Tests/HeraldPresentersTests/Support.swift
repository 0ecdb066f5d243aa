import Foundation
import HeraldCore
import HeraldMarkdown
import HeraldModels
import HeraldMustache
import HeraldPresenters
import HeraldTestSupport
import Testing

/// Reading view data back: presenters return `TemplateValue` trees, and tests look into them by key.
extension TemplateValue {
    subscript(_ key: String) -> TemplateValue? {
        if case .map(let map) = self { map[key] } else { nil }
    }

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var html: String? { if case .html(let value) = self { value } else { nil } }
    var int: Int? { if case .int(let value) = self { value } else { nil } }
    var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    var list: [TemplateValue]? { if case .list(let value) = self { value } else { nil } }
    var isNull: Bool { self == .null }
}

func day(_ text: String) throws -> Day {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    return try #require(parts.count == 3 ? Day(year: parts[0], month: parts[1], day: parts[2]) : nil)
}

/// A site context with a fixed "now", so every date in the view data is reproducible.
func context(
    now: String = "2026-11-20T12:00:00Z", zone identifier: String = "UTC",
    baseURL: String = "https://example.org/board/", assets: [String: String] = [:],
    pages: [SiteContext.NavPage] = []
) throws -> SiteContext {
    SiteContext(
        title: "Test Board", language: "en", baseURL: baseURL, timeZone: try zone(identifier),
        now: try instant(now), assets: assets, hasTasks: true, hasHeroes: true, pages: pages,
        markdown: MarkdownRenderer(), data: .map([:]))
}

let here = SourceLocation(file: "test", line: 1, column: 1)
